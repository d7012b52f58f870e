import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SignJWT, decodeJwt, exportSPKI, generateKeyPair, importJWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_PASSWORD, type TestApp } from '../support/app.ts';
import { ACCOUNTS } from '../support/world.ts';

/**
 * Every way a bearer token can be wrong answers 401 with the contract's error body; local
 * tokens (HS256, revocable) and provider tokens (RS256 against the provider's keys) that are
 * right sign the user in, and a provider user's first call creates or links their record.
 */

const ME = '/api/identity/me';
const STACK_TRACE = /\n\s+at |\bat (?:async )?[\w$.<>]+ \(|(?:\/[\w.@-]+){2,}\.(?:ts|js|mjs|cjs)\b|node_modules/;

let t: TestApp;
let educatorId: string;
let adminId: string;

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.org`;

/** A local access token like the server issues, with any claim overridable. */
function localToken(
  claims: JWTPayload & { purpose?: string; role?: string } = {},
  options: { secret?: Uint8Array; alg?: string; sub?: string } = {},
) {
  const issued = now();
  const payload: JWTPayload = {
    role: 'USER',
    purpose: 'access',
    sub: options.sub ?? educatorId,
    iss: t.config.localTokens.issuer,
    aud: t.config.provider.audience,
    iat: issued,
    nbf: issued,
    exp: issued + 600,
    jti: randomUUID(),
    ...claims,
  };
  return new SignJWT(payload).setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' }).sign(options.secret ?? t.config.localTokens.secret);
}

async function me(token: string | null, headers: Record<string, string> = {}) {
  return t.request(token, { method: 'GET', url: ME, headers });
}

/** 401, the error body, the expected code when given, and no stack trace. */
function expectUnauthorized(res: Awaited<ReturnType<typeof me>>, code?: string) {
  const context = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBe(401);
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  expect(res.json(), context).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  expect(res.body, context).not.toMatch(STACK_TRACE);
  if (code) expect(res.json().error.code, context).toBe(code);
}

async function freshLogin(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email, password: SEED_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}

async function userRow(email: string) {
  const [row] = await t.query<{ id: string; ssoId: string | null }>(sql`select id::text as id, sso_id as "ssoId" from users where lower(email) = ${email.toLowerCase()}`);
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  educatorId = (await userRow(ACCOUNTS.educator))!.id;
  adminId = (await userRow(ACCOUNTS.admin))!.id;
});
afterAll(() => t?.close());

describe('malformed or missing tokens', () => {
  it('refuses a call without an Authorization header', async () => {
    expectUnauthorized(await me(null), 'UNAUTHORIZED');
  });

  it('refuses other schemes and garbage', async () => {
    for (const header of ['Basic dXNlcjpwYXNzd29yZA==', 'Bearer', 'Bearer ', 'Bearer a b', 'Token abc.def.ghi', 'bearer']) {
      expectUnauthorized(await me(null, { authorization: header }));
    }
    for (const garbage of ['garbage', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9', 'eyJhbGciOiJIUzI1NiJ9.bm90LWpzb24.c2ln', `${b64url({ alg: 'HS256' })}.${b64url('[1,2]')}.c2ln`, 'x'.repeat(5000)]) {
      expectUnauthorized(await me(garbage));
    }
  });
});

describe('local tokens', () => {
  it('accepts a valid local token from the login operation', async () => {
    const res = await me(await t.login(ACCOUNTS.educator));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: educatorId, email: ACCOUNTS.educator });
  });

  it('accepts a token signed here with every claim right (the helper is sound)', async () => {
    const res = await me(await localToken());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(educatorId);
  });

  it('refuses an expired token with TOKEN_EXPIRED', async () => {
    expectUnauthorized(await me(await localToken({ iat: now() - 7200, nbf: now() - 7200, exp: now() - 60 })), 'TOKEN_EXPIRED');
  });

  it('refuses a token that is not valid yet (nbf in the future)', async () => {
    expectUnauthorized(await me(await localToken({ nbf: now() + 600 })));
  });

  it('refuses a token for another audience or from another issuer', async () => {
    expectUnauthorized(await me(await localToken({ aud: 'https://another-app.example.org/api' })));
    expectUnauthorized(await me(await localToken({ iss: 'https://evil.example.org/local' })));
  });

  it('refuses a token signed with another secret', async () => {
    const secret = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256');
    expectUnauthorized(await me(await localToken({}, { secret })));
  });

  it('refuses alg "none"', async () => {
    for (const iss of [t.config.localTokens.issuer, t.config.provider.issuer]) {
      const payload = { sub: educatorId, iss, aud: t.config.provider.audience, exp: now() + 600, nbf: now(), jti: randomUUID(), purpose: 'access', role: 'ADMIN', email: ACCOUNTS.admin };
      for (const header of [{ alg: 'none' }, { alg: 'none', typ: 'JWT' }, { alg: 'None' }]) {
        expectUnauthorized(await me(`${b64url(header)}.${b64url(payload)}.`));
        expectUnauthorized(await me(`${b64url(header)}.${b64url(payload)}`));
      }
    }
  });

  it('refuses a token whose payload or signature was tampered with', async () => {
    const valid = await t.login(ACCOUNTS.educator);
    const [header, payload, signature] = valid.split('.') as [string, string, string];
    // Claim to be the platform admin, keeping the educator's signature.
    const forged = { ...decodeJwt(valid), sub: adminId, role: 'ADMIN' };
    expectUnauthorized(await me(`${header}.${b64url(forged)}.${signature}`));
    // One flipped byte in the payload (the JSON stays valid: a character of the jti changes).
    const bytes = Buffer.from(payload, 'base64url');
    const at = bytes.indexOf(Buffer.from('"jti":"')) + 7;
    bytes[at] = bytes[at] === 0x61 ? 0x62 : 0x61;
    expectUnauthorized(await me(`${header}.${bytes.toString('base64url')}.${signature}`));
    // One flipped character in the signature.
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expectUnauthorized(await me(`${header}.${payload}.${flipped}`));
    // The untouched token still works.
    expect((await me(valid)).statusCode).toBe(200);
  });

  it('refuses a token of another purpose, such as a password-change ticket', async () => {
    const res = await t.request(await t.login(ACCOUNTS.educator), { method: 'GET', url: '/api/identity/password-change-url?returnUrl=%2Fprofile' });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = new URL(res.json().url).searchParams.get('ticket')!;
    expect(decodeJwt(ticket).sub).toBe(educatorId);
    expectUnauthorized(await me(ticket));
    expectUnauthorized(await me(await localToken({ purpose: 'password-change' })));
    expectUnauthorized(await me(await localToken({ purpose: undefined })));
  });

  it('refuses a token without the claims it needs (sub, exp, jti)', async () => {
    expectUnauthorized(await me(await localToken({ exp: undefined })));
    expectUnauthorized(await me(await localToken({ jti: undefined })));
    expectUnauthorized(await me(await localToken({ sub: undefined })));
  });

  it('refuses a well-signed token for an account that does not exist', async () => {
    expectUnauthorized(await me(await localToken({}, { sub: randomUUID() })), 'UNKNOWN_USER');
    // Not even a uuid: still a 401, not a database error.
    expectUnauthorized(await me(await localToken({}, { sub: 'not-a-uuid' })));
  });

  it('refuses a token after logout with TOKEN_REVOKED, and only that token', async () => {
    const token = await freshLogin(ACCOUNTS.educator);
    const other = await freshLogin(ACCOUNTS.educator);
    expect((await me(token)).statusCode).toBe(200);
    const logout = await t.request(token, { method: 'POST', url: '/api/identity/logout' });
    expect(logout.statusCode, logout.body).toBe(204);
    expectUnauthorized(await me(token), 'TOKEN_REVOKED');
    expectUnauthorized(await t.request(token, { method: 'POST', url: '/api/identity/logout' }), 'TOKEN_REVOKED');
    expectUnauthorized(await t.request(token, { method: 'GET', url: '/api/profile' }), 'TOKEN_REVOKED');
    // The beacon, which reads its token from the body, honours the revocation too.
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/learner/events',
      headers: { origin: t.config.publicUrl },
      payload: { accessToken: token, data: [{ id: randomUUID(), type: 'CATALOG_ITEM_VISITED', timeStamp: new Date().toISOString() }] },
    });
    expectUnauthorized(beacon, 'TOKEN_REVOKED');
    // Another session of the same user is untouched.
    expect((await me(other)).statusCode).toBe(200);
  });
});

describe('provider tokens', () => {
  const sub = () => `auth0|${randomUUID()}`;

  it('creates the user on the first call and finds them by subject afterwards', async () => {
    const subject = sub();
    const email = uniqueEmail('Provider.New');
    const first = await me(await t.provider.sign({ sub: subject, email, email_verified: true, given_name: 'Pat', family_name: 'Provider' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ ssoId: subject, role: 'USER', email: email.toLowerCase(), firstName: 'Pat', lastName: 'Provider', verified: true });
    // A later token of the same subject (even with another e-mail claim) is the same user.
    const second = await me(await t.provider.sign({ sub: subject, email: uniqueEmail('changed') }));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const rows = await t.query<{ n: number }>(sql`select count(*)::int as n from users where sso_id = ${subject}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('links a provider identity to the seeded account with the same e-mail (any case)', async () => {
    const seeded = (await userRow(ACCOUNTS.newbie))!;
    expect(seeded.ssoId).toBeNull();
    const subject = sub();
    const res = await me(await t.provider.sign({ sub: subject, email: ACCOUNTS.newbie.toUpperCase(), email_verified: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: seeded.id, email: ACCOUNTS.newbie, ssoId: subject });
    expect((await userRow(ACCOUNTS.newbie))!.ssoId).toBe(subject);
    const users = await t.query<{ n: number }>(sql`select count(*)::int as n from users where lower(email) = ${ACCOUNTS.newbie}`);
    expect(users[0]!.n).toBe(1);
    // Another subject cannot take over the linked account.
    expectUnauthorized(await me(await t.provider.sign({ sub: sub(), email: ACCOUNTS.newbie, email_verified: true })), 'SSO_CONFLICT');
  });

  it('does not link an existing account to an e-mail the provider has not verified', async () => {
    const seeded = (await userRow(ACCOUNTS.free))!;
    const res = await me(await t.provider.sign({ sub: sub(), email: ACCOUNTS.free, email_verified: false }));
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect((await userRow(ACCOUNTS.free))!.ssoId).toBe(seeded.ssoId);
  });

  it('reads a namespaced e-mail claim', async () => {
    const email = uniqueEmail('namespaced');
    const res = await me(await t.provider.sign({ sub: sub(), 'https://elp.example.org/email': email }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe(email);
    // Without the provider's word that the address is verified, the account is not.
    expect(res.json().verified).toBe(false);
  });

  it('refuses a provider user without any e-mail with NO_EMAIL', async () => {
    expectUnauthorized(await me(await t.provider.sign({ sub: sub() })), 'NO_EMAIL');
  });

  it('creates exactly one user when the first calls arrive together', async () => {
    // The app fires several calls at once after sign-in; the race is only likely, so run it a few times.
    for (let round = 0; round < 3; round++) {
      const subject = sub();
      const email = uniqueEmail('parallel');
      const tokens = await Promise.all(Array.from({ length: 8 }, () => t.provider.sign({ sub: subject, email })));
      const responses = await Promise.all(tokens.map((token) => me(token)));
      const statuses = responses.map((r) => `${r.statusCode} ${r.body.slice(0, 100)}`);
      expect(responses.every((r) => r.statusCode === 200), statuses.join('\n')).toBe(true);
      expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
      const rows = await t.query<{ n: number }>(sql`select count(*)::int as n from users where sso_id = ${subject}`);
      expect(rows[0]!.n).toBe(1);
    }
  });

  it('refuses an expired provider token with TOKEN_EXPIRED', async () => {
    expectUnauthorized(await me(await t.provider.sign({ sub: sub(), email: uniqueEmail('expired'), iat: now() - 3600 }, { expiresIn: now() - 60 })), 'TOKEN_EXPIRED');
  });

  it('refuses a provider token that is not valid yet', async () => {
    expectUnauthorized(await me(await t.provider.sign({ sub: sub(), email: uniqueEmail('early'), nbf: now() + 600 })));
  });

  it('refuses a provider token for another audience or from another issuer', async () => {
    expectUnauthorized(await me(await t.provider.sign({ sub: sub(), email: uniqueEmail('aud'), aud: 'https://another-app.example.org/api' })));
    expectUnauthorized(await me(await t.provider.sign({ sub: sub(), email: uniqueEmail('iss'), iss: 'https://evil.example.org/' })));
  });

  it('refuses a provider token without a subject', async () => {
    expectUnauthorized(await me(await t.provider.sign({ email: uniqueEmail('nosub') })));
  });

  it('refuses a provider token signed by another RSA key, whatever its kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    for (const kid of ['test-key', 'other-key']) {
      const token = await new SignJWT({ sub: sub(), email: ACCOUNTS.admin })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
        .setIssuer(t.config.provider.issuer)
        .setAudience(t.config.provider.audience)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      expectUnauthorized(await me(token));
    }
  });

  it('refuses HS256 tokens signed with the public key or a guessed secret (algorithm confusion)', async () => {
    const publicPem = await exportSPKI((await importJWK(t.provider.jwks.keys[0]!, 'RS256')) as CryptoKey);
    const secrets = [new TextEncoder().encode(publicPem), new TextEncoder().encode(JSON.stringify(t.provider.jwks.keys[0])), new TextEncoder().encode('secret')];
    for (const secret of secrets) {
      for (const iss of [t.config.provider.issuer, t.config.localTokens.issuer]) {
        const token = await new SignJWT({ sub: adminId, email: ACCOUNTS.admin, purpose: 'access', role: 'ADMIN' })
          .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
          .setIssuer(iss)
          .setAudience(t.config.provider.audience)
          .setIssuedAt()
          .setExpirationTime('10m')
          .setJti(randomUUID())
          .sign(secret);
        expectUnauthorized(await me(token));
      }
    }
  });

  it('refuses a provider token with a tampered payload', async () => {
    const token = await t.provider.sign({ sub: sub(), email: uniqueEmail('tamper') });
    const [header, , signature] = token.split('.') as [string, string, string];
    const forged = { ...decodeJwt(token), email: ACCOUNTS.admin };
    expectUnauthorized(await me(`${header}.${b64url(forged)}.${signature}`));
  });
});

describe('provider keys from a remote JWKS', () => {
  let server: Server;
  let port = 0;
  let hits = 0;
  let remote: TestApp | undefined;
  const audience = 'https://api.elp.test';

  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/.well-known/jwks.json') {
        hits++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(t.provider.jwks));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await listen();
    port = (server.address() as AddressInfo).port;
    remote = await createTestApp({ env: { AUTH0_DOMAIN: `http://127.0.0.1:${port}`, AUTH0_AUDIENCE: audience }, useRemoteJwks: true });
  });
  afterAll(async () => {
    await remote?.close();
    if (server.listening) await stop();
  });

  /** A token signed with the key the JWKS server publishes, for the remote app's issuer. */
  const published = (claims: JWTPayload & { email?: string }) =>
    t.provider.sign({ iss: remote!.config.provider.issuer, aud: audience, ...claims });

  it('does not treat a key server outage as a bad token that ends the session', async () => {
    await stop();
    let res;
    try {
      res = await remote!.request(await published({ sub: `auth0|${randomUUID()}`, email: uniqueEmail('outage') }), { method: 'GET', url: ME });
    } finally {
      await listen();
    }
    const context = `${res.statusCode} ${res.body}`;
    // 401 would sign the user out (spec §8); the provider being unreachable is not their fault.
    expect(res.statusCode, context).toBe(503);
    expect(res.json(), context).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(res.body, context).not.toMatch(STACK_TRACE);
  });

  it('accepts a token signed with a published key, fetched from the JWKS URL', async () => {
    const email = uniqueEmail('remote');
    const before = hits;
    const res = await remote!.request(await published({ sub: `auth0|${randomUUID()}`, email }), { method: 'GET', url: ME });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe(email);
    expect(hits).toBeGreaterThan(before);
  });

  it('refuses a token signed with a key the JWKS does not publish', async () => {
    // The remote app's own test key has the same kid but is not the one the server publishes.
    const wrongKey = await remote!.provider.sign({ sub: `auth0|${randomUUID()}`, email: uniqueEmail('wrongkey') });
    expectUnauthorized(await remote!.request(wrongKey, { method: 'GET', url: ME }), 'INVALID_TOKEN');
    const unknownKid = await t.provider.sign(
      { iss: remote!.config.provider.issuer, aud: audience, sub: `auth0|${randomUUID()}`, email: uniqueEmail('kid') },
      { header: { kid: 'unknown-kid' } },
    );
    expectUnauthorized(await remote!.request(unknownKid, { method: 'GET', url: ME }), 'INVALID_TOKEN');
  });

  it('refuses a published-key token minted for the first app (issuer and audience differ)', async () => {
    expectUnauthorized(await remote!.request(await t.provider.sign({ sub: `auth0|${randomUUID()}`, email: uniqueEmail('other-app') }), { method: 'GET', url: ME }), 'INVALID_TOKEN');
  });
});
