import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderStore } from '../../server/auth/provider/adapter.ts';
import { createUsersRepository } from '../../server/repositories/users.ts';
import { createTestApp, SEED_PASSWORD, type TestApp } from '../support/app.ts';
import { ACCOUNTS } from '../support/world.ts';
import { outboxMessages, readOutbox } from '../support/outbox.ts';
import { Browser } from '../support/browser.ts';

/**
 * The embedded identity provider, driven over real HTTP like a browser (fetch without
 * following redirects, and a small cookie jar) and like auth0-spa-js (code flow with PKCE
 * S256, the API audience, refresh-token rotation, /v2/logout). The API checks the provider's
 * tokens through the provider's own JWKS endpoint.
 */

let t: TestApp;
let origin: string;
let issuer: string;
let audience: string;
let clientId: string;
let redirectUri: string;

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.org`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const location = (response: Response) => {
  const value = response.headers.get('location');
  expect(value, `expected a redirect, got ${response.status}`).toBeTruthy();
  return new URL(value!, origin);
};

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

type Flow = { state: string; nonce: string; verifier: string };

/** GET /authorize as auth0-spa-js sends it; returns the response and what the flow needs later. */
async function authorize(browser: Browser, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const flow: Flow = { state: randomBytes(12).toString('base64url'), nonce: randomBytes(12).toString('base64url'), verifier };
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access',
    audience,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const response = await browser.request(`/authorize?${params}`);
  return { response, flow };
}

/** Starts a flow that needs the user: returns the interaction page's path and HTML. */
async function openInteraction(browser: Browser, extra: Record<string, string> = {}) {
  const { response, flow } = await authorize(browser, extra);
  expect(response.status).toBe(303);
  const page = location(response);
  expect(page.pathname).toMatch(/^\/u\/[\w-]+$/);
  const uid = page.pathname.split('/')[2]!;
  const html = await browser.request(page.pathname);
  expect(html.status).toBe(200);
  return { uid, flow, page: html, html: await html.text() };
}

/** Follows the provider's redirects after a completed interaction up to the app's /callback. */
async function followToCallback(browser: Browser, response: Response, flow: Flow) {
  let current = response;
  for (let hops = 0; hops < 5; hops++) {
    expect([302, 303]).toContain(current.status);
    const next = location(current);
    if (next.pathname === '/callback') {
      expect(next.origin).toBe(origin);
      expect(next.searchParams.get('state')).toBe(flow.state);
      expect(next.searchParams.get('error'), next.search).toBeNull();
      return next.searchParams.get('code')!;
    }
    current = await browser.request(next.href);
  }
  throw new Error('no redirect to /callback');
}

type TokenResponse = { access_token: string; id_token: string; refresh_token?: string; token_type: string; expires_in: number; scope?: string };

async function token(form: Record<string, string>) {
  const response = await fetch(new URL('/oauth/token', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ client_id: clientId, ...form }).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenResponse & { error?: string }, headers: response.headers };
}

async function exchange(code: string, flow: Flow) {
  const res = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: flow.verifier });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The whole sign-in: /authorize → login page → password → /callback → tokens. */
async function signIn(browser: Browser, email: string, password = SEED_PASSWORD, extra: Record<string, string> = {}) {
  const { uid, flow } = await openInteraction(browser, extra);
  const submitted = await browser.request(`/u/${uid}/login`, { form: { email, password } });
  expect(submitted.status).toBe(303);
  return exchange(await followToCallback(browser, submitted, flow), flow);
}

async function me(accessToken: string) {
  const response = await fetch(new URL('/api/identity/me', origin), { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: response.status, body: (await response.json()) as { id: string; email: string; role: string; error?: unknown } };
}

async function userRow(email: string) {
  const [row] = await t.query<{ id: string; role: string; ssoId: string | null; passwordHash: string | null; completedOnboarding: boolean; verified: boolean; profiles: number }>(
    sql`select u.id::text as id, u.role, u.sso_id as "ssoId", u.password_hash as "passwordHash", u.completed_onboarding as "completedOnboarding",
               (u.verified_at is not null) as verified, (select count(*)::int from profiles p where p.user_id = u.id) as profiles
          from users u where lower(u.email) = ${email.toLowerCase()}`,
  );
  return row;
}

/** Follows the newest e-mail verification link sent to an address, as its owner would. */
async function followVerificationLink(email: string) {
  const links = outboxMessages(t.outboxDir, email).map((m) => /verification-token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1]);
  const token = links.filter(Boolean).at(-1);
  expect(token, `a verification link to ${email}`).toBeTruthy();
  return fetch(new URL(`/api/identity/verify-email/${token}`, origin), { method: 'POST' });
}

/** Signs up on the provider's page with the e-mail and password given; the tokens of the session it starts. */
async function signUp(email: string, password: string, extra: Record<string, string> = {}, names = { firstName: 'Sam', lastName: 'Squatter' }) {
  const browser = new Browser(() => origin);
  const { uid, flow } = await openInteraction(browser, { screen_hint: 'signup', login_hint: email, ...extra });
  const response = await browser.request(`/u/${uid}/signup`, { form: { ...names, email, password, confirm: password } });
  return { response, browser, tokens: response.status === 303 ? await exchange(await followToCallback(browser, response, flow), flow) : null };
}

/** The parts of API answers these tests read. */
type ApiAnswer = { error?: { code: string; message: string }; accessToken?: string; ticket?: string; items?: Record<string, unknown>[]; [key: string]: unknown };

async function api(accessToken: string | null, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(new URL(`/api${path}`, origin), {
    method: init.method ?? 'GET',
    headers: { ...(accessToken && { authorization: `Bearer ${accessToken}` }), ...(init.body !== undefined && { 'content-type': 'application/json', origin }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: ((await response.json().catch(() => null)) ?? {}) as ApiAnswer };
}

function expectStrictCsp(response: Response) {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
}

/** Markup rules of the provider's pages: no script, no inline style, nothing from elsewhere. */
function expectPlainPage(html: string) {
  expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/i);
  expect(html).toMatch(/<title>[^<]+ · Educator Learning Platform<\/title>/);
  expect(html).toContain('<link rel="stylesheet" href="/u/styles.css">');
  expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  for (const [, target] of html.matchAll(/(?:src|href|action)="([^"]*)"/g)) {
    if (/^(?:[a-z]+:)?\/\//i.test(target!)) expect(new URL(target!).origin, target).toBe(origin);
  }
  expect(html.match(/<h1>/g)?.length).toBe(1);
  // Every input is labelled and says what it holds.
  for (const [input] of html.matchAll(/<input [^>]*type="(?!hidden)[^"]+"[^>]*>/g)) {
    const id = /\sid="([^"]+)"/.exec(input)?.[1];
    expect(id, input).toBeTruthy();
    expect(html).toContain(`<label for="${id}">`);
    expect(input).toMatch(/\sautocomplete="[a-z- ]+"/);
  }
}

const inputValue = (html: string, id: string) => new RegExp(`<input [^>]*id="${id}"[^>]*\\svalue="([^"]*)"`).exec(html)?.[1];

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // One password check at a time and none waiting: the tests sign in one after another, and a
  // burst of sign-ins (below) meets a busy server.
  t = await createTestApp({ env: { PUBLIC_URL: origin, PASSWORD_CHECKS_AT_ONCE: '1', PASSWORD_CHECKS_WAITING: '0' }, useRemoteJwks: true });
  await t.app.listen({ port, host: '127.0.0.1' });
  issuer = t.config.provider.issuer;
  audience = t.config.provider.audience;
  clientId = t.config.provider.clientId;
  redirectUri = `${origin}/callback`;
});
afterAll(() => t?.close());

describe('discovery and keys', () => {
  it('publishes an Auth0-compatible discovery document at the issuer', async () => {
    expect(issuer).toBe(`${origin}/`);
    const response = await fetch(new URL('/.well-known/openid-configuration', origin));
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      jwks_uri: `${origin}/.well-known/jwks.json`,
      userinfo_endpoint: `${origin}/userinfo`,
      end_session_endpoint: `${origin}/oidc/logout`,
      revocation_endpoint: `${origin}/oauth/revoke`,
    });
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.response_modes_supported).toEqual(expect.arrayContaining(['query', 'web_message']));
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    expect(doc.id_token_signing_alg_values_supported).toContain('RS256');
  });

  it('publishes RS256 public keys, kept in the data directory', async () => {
    const response = await fetch(new URL('/.well-known/jwks.json', origin));
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Record<string, string>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
      expect(key.d).toBeUndefined();
    }
    const file = join(t.config.dataDir, 'provider-keys.json');
    expect(existsSync(file)).toBe(true);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { keys: { kid: string }[] };
    expect(stored.keys.map((k) => k.kid)).toEqual(keys.map((k) => k.kid));
  });
});

describe('sign-in with the authorization code flow', () => {
  const browser = new Browser(() => origin);
  let tokens: TokenResponse;

  it('sends /authorize to the sign-in page, which follows the CSP and markup rules', async () => {
    const { uid, page, html } = await openInteraction(browser);
    expectStrictCsp(page);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expectPlainPage(html);
    expect(html).toContain('<h1>Sign in</h1>');
    expect(html).toContain(`<form method="post" action="/u/${uid}/login">`);
    expect(html).toMatch(/<input [^>]*id="email"[^>]*type="email"[^>]*autocomplete="username"/);
    expect(html).toMatch(/<input [^>]*id="password"[^>]*type="password"[^>]*autocomplete="current-password"/);
    expect(html).toContain(`href="/u/${uid}/signup"`);
    const css = await browser.request('/u/styles.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain(':focus-visible');
  });

  it('refuses a wrong password with the same message as an unknown e-mail, then signs in', async () => {
    const { uid, flow } = await openInteraction(browser);

    const wrong = await browser.request(`/u/${uid}/login`, { form: { email: ACCOUNTS.educator, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expectStrictCsp(wrong);
    const wrongHtml = await wrong.text();
    expectPlainPage(wrongHtml);
    expect(wrongHtml).toContain('<div class="error" role="alert" id="form-error">Wrong email or password.</div>');
    expect(wrongHtml).toMatch(/<input [^>]*id="password"[^>]*aria-invalid="true" aria-describedby="form-error password-hint"/);
    expect(inputValue(wrongHtml, 'email')).toBe(ACCOUNTS.educator);

    const unknown = await browser.request(`/u/${uid}/login`, { form: { email: uniqueEmail('nobody'), password: SEED_PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('Wrong email or password.');

    const right = await browser.request(`/u/${uid}/login`, { form: { email: ACCOUNTS.educator, password: SEED_PASSWORD } });
    expect(right.status).toBe(303);
    expect(location(right).pathname).toBe(`/authorize/${uid}`);
    const code = await followToCallback(browser, right, flow);
    expect(code).toBeTruthy();

    // A code is bound to its PKCE verifier.
    const stolen = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: pkce().verifier });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
  });

  it('asks to try again in a moment, keeping the e-mail, when too many sign-ins wait for their password check', async () => {
    const browsers = [new Browser(() => origin), new Browser(() => origin), new Browser(() => origin)];
    const interactions: string[] = [];
    for (const b of browsers) interactions.push((await openInteraction(b)).uid);
    const submitted = await Promise.all(
      browsers.map((b, i) => b.request(`/u/${interactions[i]}/login`, { form: { email: ACCOUNTS.educator, password: SEED_PASSWORD } })),
    );
    const busy = submitted.filter((r) => r.status === 503);
    expect(submitted.filter((r) => r.status === 303).length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    for (const response of busy) {
      expectStrictCsp(response);
      const html = await response.text();
      expectPlainPage(html);
      expect(html).toContain('<div class="error" role="alert" id="form-error">Many people are signing in right now. Wait a moment, then try again.</div>');
      expect(inputValue(html, 'email')).toBe(ACCOUNTS.educator);
    }
  });

  it('exchanges a code for an RS256 JWT access token for the API, an ID token and a refresh token', async () => {
    tokens = await signIn(new Browser(() => origin), ACCOUNTS.educator);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBeGreaterThan(0);
    expect(tokens.refresh_token).toBeTruthy();

    const header = decodeProtectedHeader(tokens.access_token);
    expect(header.alg).toBe('RS256');
    expect(header.kid).toBeTruthy();
    const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', origin));
    const { payload } = await jwtVerify(tokens.access_token, jwks, { issuer, audience, algorithms: ['RS256'] });
    const seeded = await userRow(ACCOUNTS.educator);
    expect(payload).toMatchObject({ sub: seeded!.id, email: ACCOUNTS.educator, email_verified: true, client_id: clientId });
    expect(String(payload.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));

    // The ID token carries the profile, as Auth0's does (auth0-spa-js reads the user from it).
    const { payload: id } = await jwtVerify(tokens.id_token, jwks, { issuer, audience: clientId, algorithms: ['RS256'] });
    expect(id).toMatchObject({ sub: seeded!.id, email: ACCOUNTS.educator, email_verified: true, given_name: expect.any(String), family_name: expect.any(String) });
    expect(id.nonce).toBeTruthy();
  });

  it('lets the API answer /identity/me for the provider token (verified through the JWKS endpoint)', async () => {
    const res = await me(tokens.access_token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const seeded = await userRow(ACCOUNTS.educator);
    expect(res.body).toMatchObject({ id: seeded!.id, email: ACCOUNTS.educator, role: 'USER' });
    // The first call linked the account to the provider's subject, which is the user id.
    expect((await userRow(ACCOUNTS.educator))!.ssoId).toBe(seeded!.id);
  });

  it('answers /userinfo for the API access token, like Auth0', async () => {
    const response = await fetch(new URL('/userinfo', origin), { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(response.status).toBe(200);
    const seeded = await userRow(ACCOUNTS.educator);
    expect(await response.json()).toMatchObject({ sub: seeded!.id, email: ACCOUNTS.educator, email_verified: true, name: expect.any(String) });
    const bad = await fetch(new URL('/userinfo', origin), { headers: { authorization: `Bearer ${tokens.access_token.slice(0, -4)}AAAA` } });
    expect(bad.status).toBe(401);
  });

  it('rotates refresh tokens: the old one is refused afterwards', async () => {
    const first = tokens.refresh_token!;
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(first);
    expect(decodeJwt(refreshed.body.access_token)).toMatchObject({ aud: audience, iss: issuer, email: ACCOUNTS.educator });
    expect((await me(refreshed.body.access_token)).status).toBe(200);

    const reused = await token({ grant_type: 'refresh_token', refresh_token: first });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('takes a JSON body as well as the form encoding (spec §7): a code and a refresh token, and refuses one it cannot use', async () => {
    const json = async (body: unknown) => {
      const response = await fetch(new URL('/oauth/token', origin), { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as TokenResponse & { error?: string; error_description?: string } };
    };
    const browser = new Browser(() => origin);
    const { uid, flow } = await openInteraction(browser);
    const submitted = await browser.request(`/u/${uid}/login`, { form: { email: ACCOUNTS.educator, password: SEED_PASSWORD } });
    const code = await followToCallback(browser, submitted, flow);
    const exchanged = await json({ client_id: clientId, grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: flow.verifier });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect((await me(exchanged.body.access_token)).body.email).toBe(ACCOUNTS.educator);
    const refreshed = await json({ client_id: clientId, grant_type: 'refresh_token', refresh_token: exchanged.body.refresh_token });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(exchanged.body.refresh_token);
    // The same refusals as the form: a used refresh token is invalid_grant.
    const reused = await json({ client_id: clientId, grant_type: 'refresh_token', refresh_token: exchanged.body.refresh_token });
    expect([reused.status, reused.body.error]).toEqual([400, 'invalid_grant']);
    for (const bad of [[clientId], { client_id: clientId, grant_type: 'refresh_token', refresh_token: 42 }, 'not an object']) {
      const refused = await json(bad);
      expect([refused.status, refused.body.error], JSON.stringify(bad)).toEqual([400, 'invalid_request']);
    }
  });

  it('allows the app origins to call the token endpoint (CORS)', async () => {
    const preflight = await fetch(new URL('/oauth/token', origin), {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,auth0-client' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const foreign = await fetch(new URL('/oauth/token', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
      body: new URLSearchParams({ client_id: clientId, grant_type: 'refresh_token', refresh_token: 'x' }).toString(),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('sessions, prompts and hints', () => {
  const browser = new Browser(() => origin);

  beforeAll(async () => {
    await signIn(browser, ACCOUNTS.educator);
  });

  it('signs a returning browser in without a page (single sign-on)', async () => {
    const { response, flow } = await authorize(browser);
    const code = await followToCallback(browser, response, flow);
    const tokens = await exchange(code, flow);
    expect(decodeJwt(tokens.access_token).email).toBe(ACCOUNTS.educator);
  });

  it('issues a refresh token only when offline_access is asked for, as Auth0 does', async () => {
    const fresh = new Browser(() => origin);
    const without = await signIn(fresh, ACCOUNTS.educator, SEED_PASSWORD, { scope: 'openid profile email' });
    expect(without.refresh_token).toBeUndefined();
    expect(decodeJwt(without.access_token).aud).toBe(audience);
  });

  it('answers a silent request (prompt=none, web_message) with a hashed script the CSP allows', async () => {
    const { response } = await authorize(browser, { prompt: 'none', response_mode: 'web_message' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('authorization_response');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');

    // Without a session the frame gets the error to post back (auth0-spa-js reads the message).
    const anonymous = await authorize(new Browser(() => origin), { prompt: 'none', response_mode: 'web_message' });
    expect(anonymous.response.status).toBe(400);
    expect(await anonymous.response.text()).toContain('login_required');
  });

  it('shows the sign-in page for prompt=login even with a session', async () => {
    const { html } = await openInteraction(browser, { prompt: 'login' });
    expect(html).toContain('<h1>Sign in</h1>');
  });

  it('prefills the e-mail from login_hint', async () => {
    const hint = 'someone.hinted@example.org';
    const { html } = await openInteraction(new Browser(() => origin), { login_hint: hint });
    expect(inputValue(html, 'email')).toBe(hint);
    expect(html).toMatch(/<input [^>]*id="password"[^>]*autofocus/);
  });

  it('keeps the interaction between the sign-in and sign-up pages', async () => {
    const other = new Browser(() => origin);
    const { uid, html } = await openInteraction(other);
    expect(html).toContain(`href="/u/${uid}/signup"`);
    const signUp = await other.request(`/u/${uid}/signup`);
    expect(signUp.status).toBe(200);
    const signUpHtml = await signUp.text();
    expect(signUpHtml).toContain('<h1>Create your account</h1>');
    expect(signUpHtml).toContain(`href="/u/${uid}/login"`);
    const back = await other.request(`/u/${uid}/login`);
    expect(back.status).toBe(200);
  });

  it('says a sign-in page has expired when its interaction is unknown', async () => {
    const response = await new Browser(() => origin).request('/u/no-such-interaction');
    expect(response.status).toBe(400);
    const html = await response.text();
    expectPlainPage(html);
    expect(html).toContain('This sign-in page has expired');
    const post = await new Browser(() => origin).request('/u/no-such-interaction/login', { form: { email: ACCOUNTS.educator, password: SEED_PASSWORD } });
    expect(post.status).toBe(400);
  });

  it('shows its own error page (no external fonts) for a bad authorization request', async () => {
    const response = await new Browser(() => origin).request(`/authorize?client_id=unknown-client&response_type=code&redirect_uri=${encodeURIComponent(redirectUri)}&scope=openid`);
    expect(response.status).toBe(400);
    expectStrictCsp(response);
    const html = await response.text();
    expectPlainPage(html);
    expect(html).toContain('Something went wrong');
  });

  it('refuses an authorization request without PKCE', async () => {
    const params = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', state: 's' });
    const response = await new Browser(() => origin).request(`/authorize?${params}`);
    const target = location(response);
    expect(target.pathname).toBe('/callback');
    expect(target.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('sign-up', () => {
  it('opens the sign-up page for screen_hint=signup and creates a USER who can use the API', async () => {
    const browser = new Browser(() => origin);
    const email = uniqueEmail('new.educator');
    const { uid, flow, page, html } = await openInteraction(browser, { screen_hint: 'signup', login_hint: email });
    expectStrictCsp(page);
    expectPlainPage(html);
    expect(html).toContain('<h1>Create your account</h1>');
    expect(html).toContain(`<form method="post" action="/u/${uid}/signup">`);
    expect(inputValue(html, 'email')).toBe(email);
    expect(html).toMatch(/<input [^>]*id="firstName"[^>]*autocomplete="given-name"/);
    expect(html).toMatch(/<input [^>]*id="password"[^>]*autocomplete="new-password"[^>]*aria-describedby="password-hint"/);

    const short = await browser.request(`/u/${uid}/signup`, { form: { firstName: 'Nora', lastName: 'Lindqvist', email, password: 'short', confirm: 'short' } });
    expect(short.status).toBe(400);
    const shortHtml = await short.text();
    expect(shortHtml).toContain('role="alert"');
    expect(shortHtml).toMatch(/<input [^>]*id="password"[^>]*aria-invalid="true" aria-describedby="password-hint form-error"/);
    expect(inputValue(shortHtml, 'firstName')).toBe('Nora');

    const mismatch = await browser.request(`/u/${uid}/signup`, { form: { firstName: 'Nora', lastName: 'Lindqvist', email, password: 'long-enough-1', confirm: 'long-enough-2' } });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('The two passwords do not match.');

    const created = await browser.request(`/u/${uid}/signup`, { form: { firstName: 'Nora', lastName: 'Lindqvist', email, password: 'a-good-password', confirm: 'a-good-password' } });
    expect(created.status).toBe(303);
    const tokens = await exchange(await followToCallback(browser, created, flow), flow);

    const row = await userRow(email);
    // Its address is not proven yet: the link e-mailed to it does that (see "addresses are proven").
    expect(row).toMatchObject({ role: 'USER', completedOnboarding: false, verified: false, profiles: 1 });
    expect(row!.passwordHash).toMatch(/^\$argon2/);
    const res = await me(tokens.access_token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: row!.id, email, role: 'USER', firstName: 'Nora', lastName: 'Lindqvist', completedOnboarding: false });

    // The new password works on the sign-in page.
    const again = await signIn(new Browser(() => origin), email, 'a-good-password');
    expect(decodeJwt(again.access_token).sub).toBe(row!.id);
  });

  it('refuses the e-mail of an existing account and links to sign-in, keeping the interaction', async () => {
    const browser = new Browser(() => origin);
    const { uid } = await openInteraction(browser, { screen_hint: 'signup' });
    const response = await browser.request(`/u/${uid}/signup`, {
      form: { firstName: 'Some', lastName: 'One', email: ACCOUNTS.educator.toUpperCase(), password: 'a-good-password', confirm: 'a-good-password' },
    });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain(`An account with this email already exists. <a href="/u/${uid}/login?email=`);
    expect(html).toContain('Sign in instead.</a>');
    // Nothing about the existing account changed.
    expect(await signIn(new Browser(() => origin), ACCOUNTS.educator)).toBeTruthy();
  });

  it('upgrades a demo account to a USER with the same id, from its own demo session (demo registration)', async () => {
    const email = uniqueEmail('demo.upgrade');
    const demo = await t.demo(email);
    const before = await userRow(email);
    expect(before).toMatchObject({ role: 'DEMO', passwordHash: null, profiles: 1, verified: true });
    const issued = await fetch(new URL('/api/identity/demo/registration-ticket', origin), { method: 'POST', headers: { authorization: `Bearer ${demo}` } });
    expect(issued.status).toBe(200);
    const { ticket } = (await issued.json()) as { ticket: string };

    const browser = new Browser(() => origin);
    const { uid, flow, html } = await openInteraction(browser, { screen_hint: 'signup', login_hint: email, prompt: 'login', demo_ticket: ticket });
    expect(inputValue(html, 'email')).toBe(email);
    const response = await browser.request(`/u/${uid}/signup`, { form: { firstName: 'Demo', lastName: 'Upgraded', email, password: 'a-good-password', confirm: 'a-good-password' } });
    expect(response.status).toBe(303);
    const tokens = await exchange(await followToCallback(browser, response, flow), flow);

    const res = await me(tokens.access_token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: before!.id, email, role: 'USER', verified: true });
    expect(await userRow(email)).toMatchObject({ id: before!.id, role: 'USER', profiles: 1 });
    // The demo's session ended with the demo.
    expect((await me(demo)).body.error).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('lets an invited educator (an account without a password) complete sign-up', async () => {
    const districtAdmin = await t.login(ACCOUNTS.districtAdmin);
    const [school] = await t.query<{ id: string }>(
      sql`select o.id::text as id from organizations o join organizations d on d.id = o.parent_id where d.name like 'Northwind%' order by o.name limit 1`,
    );
    const email = uniqueEmail('invited');
    const invite = await t.request(districtAdmin, { method: 'POST', url: `/api/organizations/${school!.id}/users`, payload: { email, firstName: 'Ivy', lastName: 'Invited' } });
    expect(invite.statusCode, invite.body).toBe(201);
    const invited = await userRow(email);
    const form = { firstName: 'Ivy', lastName: 'Invited', email, password: 'a-good-password', confirm: 'a-good-password' };

    // Without the invitation's ticket the account cannot be claimed.
    const stranger = new Browser(() => origin);
    const attempt = await openInteraction(stranger, { screen_hint: 'signup', login_hint: email, prompt: 'login' });
    const refused = await stranger.request(`/u/${attempt.uid}/signup`, { form });
    expect(refused.status).toBe(409);

    const ticket = /[?&]ticket=([A-Za-z0-9._-]+)/.exec(readOutbox(t.outboxDir, email))![1]!;
    const browser = new Browser(() => origin);
    const { uid, flow } = await openInteraction(browser, { screen_hint: 'signup', login_hint: email, prompt: 'login', invite_ticket: ticket });
    const response = await browser.request(`/u/${uid}/signup`, { form });
    expect(response.status).toBe(303);
    const tokens = await exchange(await followToCallback(browser, response, flow), flow);
    const res = await me(tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: invited!.id, role: 'USER' });
  });

  it('accepts an invitation only through the link of its last sending, and shows it ACCEPTED', async () => {
    const districtAdmin = await t.login(ACCOUNTS.districtAdmin);
    const [school] = await t.query<{ id: string }>(
      sql`select o.id::text as id from organizations o join organizations d on d.id = o.parent_id where d.name like 'Northwind%' order by o.name limit 1`,
    );
    const email = uniqueEmail('resent');
    expect((await t.request(districtAdmin, { method: 'POST', url: `/api/organizations/${school!.id}/users`, payload: { email, firstName: 'Rhea', lastName: 'Sent' } })).statusCode).toBe(201);
    const ticketOf = () => /[?&]ticket=([A-Za-z0-9._-]+)/.exec(readOutbox(t.outboxDir, email))![1]!;
    const invitationOf = async () =>
      (await t.request(districtAdmin, { method: 'GET', url: `/api/users?organizationId=${school!.id}&filter=${encodeURIComponent(email)}` })).json().items[0].invitation;
    const oldTicket = ticketOf();
    expect(await invitationOf()).toMatchObject({ status: 'PENDING', acceptedAt: null });

    const invited = await userRow(email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const resent = await t.request(districtAdmin, { method: 'POST', url: `/api/organizations/${school!.id}/users/${invited!.id}/invitation` });
    expect(resent.statusCode, resent.body).toBe(200);
    const newTicket = ticketOf();
    expect(newTicket).not.toBe(oldTicket);
    const form = { firstName: 'Rhea', lastName: 'Sent', email, password: 'a-good-password', confirm: 'a-good-password' };

    // The first e-mail's link no longer claims the account.
    const stale = new Browser(() => origin);
    const attempt = await openInteraction(stale, { screen_hint: 'signup', login_hint: email, prompt: 'login', invite_ticket: oldTicket });
    expect((await stale.request(`/u/${attempt.uid}/signup`, { form })).status).toBe(409);
    expect(await invitationOf()).toMatchObject({ status: 'PENDING' });

    const browser = new Browser(() => origin);
    const { uid, flow } = await openInteraction(browser, { screen_hint: 'signup', login_hint: email, prompt: 'login', invite_ticket: newTicket });
    const response = await browser.request(`/u/${uid}/signup`, { form });
    expect(response.status).toBe(303);
    const tokens = await exchange(await followToCallback(browser, response, flow), flow);
    expect((await me(tokens.access_token)).body).toMatchObject({ id: invited!.id });
    const accepted = await invitationOf();
    expect(accepted.status).toBe('ACCEPTED');
    expect(Date.now() - Date.parse(accepted.acceptedAt)).toBeLessThan(60_000);
    // Accepted: nothing left to send.
    const again = await t.request(districtAdmin, { method: 'POST', url: `/api/organizations/${school!.id}/users/${invited!.id}/invitation` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('INVITATION_ACCEPTED');
  });
});

describe('addresses are proven before they are trusted', () => {
  it('leaves a sign-up unverified, held to who it is and the link, until the e-mailed link is followed', async () => {
    const email = uniqueEmail('proof');
    const { response, tokens } = await signUp(email, 'a-good-password');
    expect(response.status).toBe(303);
    expect(decodeJwt(tokens!.id_token).email_verified).toBe(false);
    expect((await me(tokens!.access_token)).body).toMatchObject({ email, verified: false });
    expect((await api(tokens!.access_token, '/profile')).body.error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const started = await api(tokens!.access_token, '/identity/start');
    expect(started.body.profile).toMatchObject({ status: 403, error: { code: 'EMAIL_NOT_VERIFIED' } });
    // Its sign-in counts nowhere until then.
    const login = await api(null, '/learner/events', { method: 'POST', body: { accessToken: tokens!.access_token, data: [{ id: randomUUID(), type: 'LEARNER_LOGIN', timeStamp: new Date().toISOString() }] } });
    expect(login.body).toMatchObject({ accepted: 0, rejected: 1, results: [{ status: 'rejected', reason: 'EMAIL_NOT_VERIFIED' }] });

    const followed = await followVerificationLink(email);
    expect(followed.status).toBe(200);
    expect((await me(tokens!.access_token)).body).toMatchObject({ email, verified: true });
    expect((await api(tokens!.access_token, '/profile')).status).toBe(200);
    const again = await signIn(new Browser(() => origin), email, 'a-good-password');
    expect(decodeJwt(again.id_token).email_verified).toBe(true);
  });

  it('lets an invitation take over an address someone signed up with but never proved: the invitee owns it, the squatter is out', async () => {
    const districtAdmin = await t.login(ACCOUNTS.districtAdmin);
    const [school] = await t.query<{ id: string }>(
      sql`select o.id::text as id from organizations o join organizations d on d.id = o.parent_id where d.name like 'Northwind%' order by o.name limit 1`,
    );
    const email = uniqueEmail('teacher');
    const squatter = await signUp(email, 'squatters-password');
    expect(squatter.response.status).toBe(303);
    const squatterLocal = (await api(null, '/identity/local/authorize', { method: 'POST', body: { email, password: 'squatters-password' } })).body.accessToken as string;
    const squatterRow = (await userRow(email))!;

    const invite = await api(districtAdmin, `/organizations/${school!.id}/users`, { method: 'POST', body: { email, firstName: 'Tess', lastName: 'Teacher' } });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    const members = await api(districtAdmin, `/users?organizationId=${school!.id}&filter=${encodeURIComponent(email)}`);
    expect(members.body.items).toEqual([expect.objectContaining({ email, firstName: 'Tess', lastName: 'Teacher', invitation: expect.objectContaining({ status: 'PENDING' }) })]);
    // Until the invitation is accepted, the squatter can neither prove the address nor count in the school.
    expect((await api(squatterLocal, '/identity/verification-email', { method: 'POST' })).body.error).toMatchObject({ code: 'INVITATION_PENDING' });
    expect((await followVerificationLink(email)).status).toBe(404);
    expect((await api(squatterLocal, '/progress')).body.error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const ticket = /[?&]ticket=([A-Za-z0-9._-]+)/.exec(readOutbox(t.outboxDir, email))![1]!;
    const invitee = await signUp(email, 'the-teachers-own-password', { prompt: 'login', invite_ticket: ticket }, { firstName: 'Tess', lastName: 'Teacher' });
    expect(invitee.response.status).toBe(303);
    const mine = await me(invitee.tokens!.access_token);
    expect(mine.body).toMatchObject({ id: squatterRow.id, email, verified: true, organizationId: school!.id, firstName: 'Tess' });
    expect((await api(districtAdmin, `/users?organizationId=${school!.id}&filter=${encodeURIComponent(email)}`)).body.items?.[0]?.invitation).toMatchObject({ status: 'ACCEPTED' });

    // The squatter's password and every session of theirs stop working.
    for (const old of [squatter.tokens!.access_token, squatterLocal]) expect((await me(old)).body.error).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await token({ grant_type: 'refresh_token', refresh_token: squatter.tokens!.refresh_token! })).body.error).toBe('invalid_grant');
    expect((await api(null, '/identity/local/authorize', { method: 'POST', body: { email, password: 'squatters-password' } })).status).toBe(401);
    const browser = new Browser(() => origin);
    const { uid } = await openInteraction(browser);
    expect((await browser.request(`/u/${uid}/login`, { form: { email, password: 'squatters-password' } })).status).toBe(401);
    expect((await me((await signIn(new Browser(() => origin), email, 'the-teachers-own-password')).access_token)).body).toMatchObject({ id: squatterRow.id });
  });

  it('takes such an address into an import of educators too, and never an address its owner proved', async () => {
    const districtAdmin = await t.login(ACCOUNTS.districtAdmin);
    const [school] = await t.query<{ id: string }>(
      sql`select o.id::text as id from organizations o join organizations d on d.id = o.parent_id where d.name like 'Northwind%' order by o.name limit 1`,
    );
    const [squatted, proven] = [uniqueEmail('squatted'), uniqueEmail('proven')];
    expect((await signUp(squatted, 'squatters-password')).response.status).toBe(303);
    expect((await signUp(proven, 'owners-password')).response.status).toBe(303);
    expect((await followVerificationLink(proven)).status).toBe(200);
    const csv = `email,firstName,lastName\n${squatted},Ida,Imported\n${proven},Pam,Proven\n`;
    const imported = await api(districtAdmin, `/organizations/${school!.id}/users/import`, { method: 'POST', body: { csv, dryRun: false } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ invited: 1, valid: [expect.objectContaining({ email: squatted })], invalid: [expect.objectContaining({ email: proven })] });
    expect(await userRow(squatted)).toMatchObject({ verified: false });
    const single = await api(districtAdmin, `/organizations/${school!.id}/users`, { method: 'POST', body: { email: proven, firstName: 'Pam', lastName: 'Proven' } });
    expect(single.body.error).toMatchObject({ code: 'ACCOUNT_EXISTS' });
  });

  it('starts no demo session from an e-mail address alone: only the e-mailed link does, once', async () => {
    for (const email of [ACCOUNTS.demo, uniqueEmail('demo.curious')]) {
      const asked = await api(null, '/identity/demo', { method: 'POST', body: { email } });
      expect(asked.status).toBe(202);
      expect(asked.body).not.toHaveProperty('accessToken');
      expect(JSON.stringify(asked.body)).not.toMatch(/eyJ/);
    }
    expect((await api(null, '/identity/demo/session', { method: 'POST', body: { ticket: 'made-up-ticket-of-an-attacker' } })).body.error).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
    const ticket = t.demoTicket(ACCOUNTS.demo);
    const session = await api(null, '/identity/demo/session', { method: 'POST', body: { ticket } });
    expect(session.status).toBe(200);
    expect((await me(session.body.accessToken!)).body).toMatchObject({ email: ACCOUNTS.demo, role: 'DEMO', verified: true });
    expect((await api(null, '/identity/demo/session', { method: 'POST', body: { ticket } })).body.error).toMatchObject({ code: 'TOKEN_USED' });
  });

  it('keeps a demo account from anyone signing up with its address', async () => {
    const email = uniqueEmail('demo.kept');
    const demo = await t.demo(email);
    const before = (await userRow(email))!;
    const stranger = await signUp(email, 'strangers-password');
    expect(stranger.response.status).toBe(409);
    expect(await stranger.response.text()).toContain('This email has a demo account.');
    expect(await userRow(email)).toMatchObject({ id: before.id, role: 'DEMO', passwordHash: null });
    expect((await me(demo)).body).toMatchObject({ role: 'DEMO' });
    // Another demo's ticket does not open this one.
    const other = await t.demo(uniqueEmail('demo.other'));
    const ticket = (await api(other, '/identity/demo/registration-ticket', { method: 'POST' })).body.ticket!;
    expect((await signUp(email, 'strangers-password', { demo_ticket: ticket })).response.status).toBe(409);
    expect(await userRow(email)).toMatchObject({ role: 'DEMO', passwordHash: null });
  });
});

describe('sign-out', () => {
  it('ends the provider session at /v2/logout and returns to an allowed URL', async () => {
    const browser = new Browser(() => origin);
    const tokens = await signIn(browser, ACCOUNTS.educator);
    expect(browser.has('_session')).toBe(true);

    const returnTo = `${origin}/login`;
    const response = await browser.request(`/v2/logout?client_id=${clientId}&returnTo=${encodeURIComponent(returnTo)}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(returnTo);
    expect(browser.has('_session')).toBe(false);

    // The session is gone (the sign-in page shows again) and so are its refresh tokens.
    const { html } = await openInteraction(browser);
    expect(html).toContain('<h1>Sign in</h1>');
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('returns to /reveal (demo logout) and refuses other return addresses and clients', async () => {
    const reveal = await new Browser(() => origin).request(`/v2/logout?client_id=${clientId}&returnTo=${encodeURIComponent(`${origin}/reveal`)}`);
    expect(reveal.status).toBe(302);
    expect(reveal.headers.get('location')).toBe(`${origin}/reveal`);

    const evil = await new Browser(() => origin).request(`/v2/logout?client_id=${clientId}&returnTo=${encodeURIComponent('https://evil.example/login')}`);
    expect(evil.status).toBe(400);
    expectPlainPage(await evil.text());
    const client = await new Browser(() => origin).request(`/v2/logout?client_id=someone-else&returnTo=${encodeURIComponent(`${origin}/login`)}`);
    expect(client.status).toBe(400);

    const plain = await new Browser(() => origin).request('/v2/logout');
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain('You are signed out');
  });

  it('asks with a plain form (no script) at the standard end-session endpoint', async () => {
    const browser = new Browser(() => origin);
    await signIn(browser, ACCOUNTS.educator);
    const response = await browser.request(`/oidc/logout?client_id=${clientId}&post_logout_redirect_uri=${encodeURIComponent(`${origin}/login`)}`);
    expect(response.status).toBe(200);
    expectStrictCsp(response);
    const html = await response.text();
    expectPlainPage(html);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(xsrf).toBeTruthy();
    const confirmed = await browser.request('/oidc/logout/confirm', { form: { xsrf: xsrf!, logout: 'yes' } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${origin}/login`);
  });
});

describe('sessions that end', () => {
  /** A signed-in provider session ready for a silent sign-in (prompt=none), as auth0-spa-js does it. */
  async function silentSignIn(browser: Browser) {
    const { response } = await authorize(browser, { prompt: 'none' });
    let current = response;
    for (let hops = 0; hops < 5 && [302, 303].includes(current.status); hops++) {
      const next = location(current);
      if (next.pathname === '/callback') return next.searchParams;
      current = await browser.request(next.href);
    }
    throw new Error(`no answer to the silent sign-in: ${current.status}`);
  }

  async function changePassword(accessToken: string, password: string) {
    const link = await fetch(new URL('/api/identity/password-change-url?returnUrl=%2Fprofile', origin), { headers: { authorization: `Bearer ${accessToken}` } });
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };
    const ticket = new URL(url).searchParams.get('ticket')!;
    const done = await fetch(new URL('/account/password', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ticket, password, confirm: password }).toString(),
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('signed out everywhere');
  }

  it('a password change ends every session: local and provider access tokens, refresh tokens and the provider session', async () => {
    const email = uniqueEmail('sessions');
    const browser = new Browser(() => origin);
    const { uid, flow } = await openInteraction(browser, { screen_hint: 'signup' });
    const created = await browser.request(`/u/${uid}/signup`, { form: { firstName: 'Sam', lastName: 'Session', email, password: 'first-password-1', confirm: 'first-password-1' } });
    expect((await followVerificationLink(email)).status).toBe(200);
    const provider = await exchange(await followToCallback(browser, created, flow), flow);
    const local = (await t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email, password: 'first-password-1' } })).json().accessToken as string;
    expect((await me(provider.access_token)).status).toBe(200);
    expect((await me(local)).status).toBe(200);
    expect((await silentSignIn(browser)).get('code')).toBeTruthy();

    await new Promise((resolve) => setTimeout(resolve, 5));
    await changePassword(local, 'second-password-2');

    for (const old of [provider.access_token, local]) {
      const res = await me(old);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'SESSION_ENDED' });
    }
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: provider.refresh_token! });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    // No silent sign-in brings the old session back: the browser must sign in again.
    expect((await silentSignIn(browser)).get('error')).toBe('login_required');
    const again = await signIn(new Browser(() => origin), email, 'second-password-2');
    expect((await me(again.access_token)).status).toBe(200);
  });

  it('sign-out revokes the provider access token at once, not when it expires', async () => {
    const browser = new Browser(() => origin);
    const tokens = await signIn(browser, ACCOUNTS.subscriber);
    expect((await me(tokens.access_token)).status).toBe(200);
    // What the app does on sign-out: the API revokes this token, then the provider ends the session.
    const revoked = await fetch(new URL('/api/identity/logout', origin), { method: 'POST', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(revoked.status).toBe(204);
    await browser.request(`/v2/logout?client_id=${clientId}&returnTo=${encodeURIComponent(`${origin}/login`)}`);
    const res = await me(tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'TOKEN_REVOKED' });
  });

  it("the API's logout alone also ends that sign-in's refresh tokens, and only that sign-in's", async () => {
    const signedOut = await signIn(new Browser(() => origin), ACCOUNTS.subscriber);
    const elsewhere = await signIn(new Browser(() => origin), ACCOUNTS.subscriber);
    // Refreshed once first: the rotated refresh token belongs to the same sign-in.
    const rotated = await token({ grant_type: 'refresh_token', refresh_token: signedOut.refresh_token! });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);

    const logout = await fetch(new URL('/api/identity/logout', origin), { method: 'POST', headers: { authorization: `Bearer ${rotated.body.access_token}` } });
    expect(logout.status).toBe(204);
    const refused = await token({ grant_type: 'refresh_token', refresh_token: rotated.body.refresh_token! });
    // RFC 6749 §5.2: a revoked refresh token is `invalid_grant`, answered 400.
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'invalid_grant', error_description: expect.any(String) });
    expect((await me(rotated.body.access_token)).body.error).toMatchObject({ code: 'TOKEN_REVOKED' });
    // The same account signed in on another computer stays signed in there.
    const other = await token({ grant_type: 'refresh_token', refresh_token: elsewhere.refresh_token! });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect((await me(other.body.access_token)).status).toBe(200);
  });

  it('a role change or a deactivation refuses the tokens issued before it', async () => {
    const browser = new Browser(() => origin);
    const tokens = await signIn(browser, ACCOUNTS.newbie);
    const local = (await t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email: ACCOUNTS.newbie, password: SEED_PASSWORD } })).json().accessToken as string;
    const users = createUsersRepository(t.db);
    const row = (await userRow(ACCOUNTS.newbie))!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Written past the app, as another process would.
    await users.changeRole(row.id, 'SCHOOL_ADMIN');
    for (const old of [tokens.access_token, local]) expect((await me(old)).body.error).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! })).body.error).toBe('invalid_grant');

    const fresh = await signIn(new Browser(() => origin), ACCOUNTS.newbie);
    expect((await me(fresh.access_token)).body.role).toBe('SCHOOL_ADMIN');
    await users.setDeactivated(row.id, true);
    expect((await me(fresh.access_token)).body.error).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
    expect((await token({ grant_type: 'refresh_token', refresh_token: fresh.refresh_token! })).body.error).toBe('invalid_grant');
    const login = await t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email: ACCOUNTS.newbie, password: SEED_PASSWORD } });
    expect(login.json().error.code).toBe('ACCOUNT_DEACTIVATED');
    await users.setDeactivated(row.id, false);
    await users.changeRole(row.id, 'USER');
  });
});

describe('coexistence with the rest of the server', () => {
  it('keeps the API and its JSON errors working', async () => {
    const health = await fetch(new URL('/api/healthz', origin));
    expect(health.status).toBe(200);
    const unknown = await fetch(new URL('/api/does-not-exist', origin));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('the provider store', () => {
  it('keeps sessions and grants across a restart, revokes by grant and forgets expired entries', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'elp-provider-store-'));
    try {
      const file = join(dir, 'provider-store.json');
      const first = createProviderStore({ file });
      const sessions = new first.Adapter('Session');
      const refresh = new first.Adapter('RefreshToken');
      await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 3600);
      await refresh.upsert('r1', { grantId: 'g1' }, 3600);
      await refresh.upsert('r2', { grantId: 'g2' }, 3600);
      await refresh.upsert('old', { grantId: 'g3' }, -1);
      first.close();

      const second = createProviderStore({ file });
      try {
        const again = new second.Adapter('Session');
        const tokens = new second.Adapter('RefreshToken');
        expect(await again.find('s1')).toMatchObject({ accountId: 'a1' });
        expect(await again.findByUid('u1')).toMatchObject({ accountId: 'a1' });
        expect(await tokens.find('old')).toBeUndefined();
        await tokens.consume('r1');
        expect(await tokens.find('r1')).toMatchObject({ consumed: expect.any(Number) });
        await new second.Adapter('AuthorizationCode').revokeByGrantId('g1');
        expect(await tokens.find('r1')).toBeUndefined();
        expect(await tokens.find('r2')).toMatchObject({ grantId: 'g2' });
        await again.destroy('s1');
        expect(await again.findByUid('u1')).toBeUndefined();
      } finally {
        second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('caps its size, dropping pending sign-ins before sessions', async () => {
    const store = createProviderStore({ file: null, maxEntries: 10 });
    try {
      const sessions = new store.Adapter('Session');
      const interactions = new store.Adapter('Interaction');
      for (let i = 0; i < 5; i++) await sessions.upsert(`s${i}`, { uid: `u${i}` }, 3600);
      for (let i = 0; i < 20; i++) await interactions.upsert(`i${i}`, {}, 3600);
      expect(store.size()).toBeLessThanOrEqual(10);
      for (let i = 0; i < 5; i++) expect(await sessions.find(`s${i}`)).toBeTruthy();
      expect(await interactions.find('i19')).toBeTruthy();
    } finally {
      store.close();
    }
  });

  it('has written the running server\'s sessions to the data directory', () => {
    const file = join(t.config.dataDir, 'provider-store.json');
    // The store writes shortly after each change.
    return expect.poll(() => existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { entries: [string][] }).entries.some(([k]) => k.startsWith('Session:'))).toBe(true);
  });

  it('logged no errors while doing all of the above', () => {
    const problems = t.logs.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.level >= 50);
    expect(problems).toEqual([]);
  });
});

describe('rate limits', () => {
  it('limits sign-up attempts per client address with a page, not JSON', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SIGN_IN: '3' } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/u/some-interaction/signup',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ email: ACCOUNTS.educator, password: 'guess' }).toString(),
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['content-type']).toMatch(/^text\/html/);
      expect(blocked.body).toContain('Too many attempts');
      expect(blocked.headers['retry-after']).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});

describe('password recovery', () => {
  /** Waits for the newest reset link e-mailed to an address beyond the `seen` first ones. */
  async function resetLink(email: string, seen = 0) {
    for (let i = 0; i < 100; i++) {
      const links = outboxMessages(t.outboxDir, email)
        .map((m) => /\/account\/password\?ticket=([A-Za-z0-9._-]+)/.exec(m.text)?.[1])
        .filter(Boolean);
      if (links.length > seen) return links.at(-1)!;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no reset link to ${email}`);
  }
  const resetCount = (email: string) => outboxMessages(t.outboxDir, email).filter((m) => m.text.includes('/account/password?ticket=')).length;
  const ask = (email: string) =>
    fetch(new URL('/account/forgot-password', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    });
  const choose = (ticket: string, password: string, confirm = password) =>
    fetch(new URL('/account/password', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ticket, password, confirm }).toString(),
    });
  const localSignIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email, password } });

  it('"Forgot password?" on the sign-in page e-mails a link that works once, ends every session and proves the address', async () => {
    const { html } = await openInteraction(new Browser(() => origin));
    expect(html).toContain('<a href="/account/forgot-password">Forgot password?</a>');
    const page = await fetch(new URL('/account/forgot-password', origin));
    expect(page.status).toBe(200);
    const form = await page.text();
    expect(form).toContain('<label for="email">Email</label>');
    expect(form).not.toMatch(/<script/i);

    // An account whose address nobody has proved yet, signed in twice.
    const email = uniqueEmail('forgot');
    const { tokens } = await signUp(email, 'first-password-1');
    const local = (await localSignIn(email, 'first-password-1')).json().accessToken as string;
    expect((await me(tokens!.access_token)).status).toBe(200);
    expect((await userRow(email))!.verified).toBe(false);

    // The page says the same for an address with an account and one without.
    const known = await ask(email.toUpperCase());
    const unknown = await ask(`nobody-${email}`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect((await known.text()).replace(email, 'ADDRESS')).toBe((await unknown.text()).replace(`nobody-${email}`, 'ADDRESS'));
    const first = await resetLink(email);
    await ask(email);
    const second = await resetLink(email, 1);
    expect(outboxMessages(t.outboxDir, email).at(-1)!.subject).toBe('Choose a new password for the Educator Learning Platform');
    expect(outboxMessages(t.outboxDir, `nobody-${email}`)).toHaveLength(0);

    const opened = await fetch(new URL(`/account/password?ticket=${second}`, origin));
    expect(opened.status).toBe(200);
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await choose(second, 'second-password-2', 'other-password-3')).status).toBe(400);
    const done = await choose(second, 'second-password-2');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('signed out everywhere');

    for (const old of [tokens!.access_token, local]) expect((await me(old)).body.error).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await localSignIn(email, 'first-password-1')).statusCode).toBe(401);
    expect((await localSignIn(email, 'second-password-2')).statusCode).toBe(200);
    expect((await userRow(email))!.verified).toBe(true);
    // Neither link works again: the one used, and the other sent for the old password.
    for (const ticket of [second, first]) {
      const again = await choose(ticket, 'third-password-3');
      expect(again.status).toBe(400);
      expect(await again.text()).toContain('This link has expired');
    }
    expect((await localSignIn(email, 'second-password-2')).statusCode).toBe(200);
  });

  it('a profile password link stops once the password changes another way', async () => {
    const email = uniqueEmail('profile-link');
    await signUp(email, 'first-password-1');
    expect((await followVerificationLink(email)).status).toBe(200);
    const local = (await localSignIn(email, 'first-password-1')).json().accessToken as string;
    const link = await api(local, '/identity/password-change-url?returnUrl=%2Fprofile');
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const profileTicket = new URL(String(link.body.url)).searchParams.get('ticket')!;
    await ask(email);
    expect((await choose(await resetLink(email), 'second-password-2')).status).toBe(200);
    expect((await fetch(new URL(`/account/password?ticket=${profileTicket}`, origin))).status).toBe(400);
  });

  it('bad input gets the form back with the message; an address gets 3 links an hour, a network 30 requests', async () => {
    const empty = await ask('   ');
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(/role="alert"[^>]*>The Email field is required/);
    const wrong = await ask('not-an-address');
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('value="not-an-address"');

    const email = uniqueEmail('limits');
    await signUp(email, 'first-password-1');
    for (let i = 0; i < 5; i++) expect((await ask(email)).status).toBe(200);
    await resetLink(email, 2);
    // Time for a fourth or fifth message, were one on its way.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resetCount(email)).toBe(3);

    let refused: Response | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const response = await ask(`spray-${i}@example.org`);
      if (response.status === 429) refused = response;
    }
    expect(refused?.headers.get('retry-after')).toBe('3600');
    expect(await refused!.text()).toContain('Too many requests from your network');
  });
});
