import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_PASSWORD, type TestApp } from '../support/app.ts';
import { Browser } from '../support/browser.ts';
import { createSamlIdp, startOidcIdp, type OidcIdp, type SamlAnswer, type SamlIdp } from '../support/district-idp.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';

/**
 * District sign-in (single sign-on), driven over real HTTP as a browser and auth0-spa-js would:
 * Northwind is connected to a second oidc-provider started here as its Google Workspace, Lakeside
 * to a SAML IdP that signs its assertions with a key this run made. An address of their domains
 * goes from the product's sign-in to the district's provider and back, and gets the product's own
 * tokens; a first sign-in provisions the teacher in the school the provider names.
 */

let t: TestApp;
let origin: string;
let world: Awaited<ReturnType<typeof loadWorld>>;
let oidcIdp: OidcIdp;
let samlIdp: SamlIdp;
let northwindSchool: { id: string; name: string };
let lakesideSchool: { id: string; name: string };

const NEW_TEACHER = 'ada.new@northwind.example.org';

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

type Flow = { state: string; verifier: string };

/** auth0-spa-js's /authorize with a login hint (the sign-in screen's address), up to the provider's sign-in (interaction) page. */
async function authorize(browser: Browser, loginHint: string) {
  const verifier = randomBytes(32).toString('base64url');
  const flow: Flow = { state: randomBytes(12).toString('base64url'), verifier };
  const params = new URLSearchParams({
    client_id: t.config.provider.clientId,
    redirect_uri: `${origin}/callback`,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access',
    audience: t.config.provider.audience,
    state: flow.state,
    nonce: randomBytes(12).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    login_hint: loginHint,
  });
  const response = await browser.request(`/authorize?${params}`);
  expect(response.status).toBe(303);
  const page = browser.location(response);
  expect(page.pathname).toMatch(/^\/u\/[\w-]+$/);
  return { flow, uid: page.pathname.split('/')[2]!, page: await browser.request(page.pathname) };
}

/** Follows redirects (any origin) until one goes to `stop` (a path of the product), returning that URL. */
async function follow(browser: Browser, response: Response, stop: (url: URL) => boolean) {
  let current = response;
  for (let hops = 0; hops < 12; hops++) {
    expect([302, 303], `${current.status} ${await current.clone().text()}`).toContain(current.status);
    const next = browser.location(current);
    if (stop(next)) return next;
    current = await browser.request(next.href);
  }
  throw new Error('too many redirects');
}

const toCallback = (url: URL) => url.origin === origin && url.pathname === '/callback';

async function exchange(code: string, flow: Flow) {
  const response = await fetch(new URL('/oauth/token', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ client_id: t.config.provider.clientId, grant_type: 'authorization_code', code, redirect_uri: `${origin}/callback`, code_verifier: flow.verifier }),
  });
  const body = (await response.json()) as { access_token: string; id_token: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function me(accessToken: string) {
  const response = await fetch(new URL('/api/identity/me', origin), { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: response.status, body: (await response.json()) as { id: string; email: string; role: string; completedOnboarding: boolean; organizationName: string | null } };
}

/** The whole OpenID Connect sign-in of an address through Northwind's provider: the tokens it ends with. */
async function oidcSignIn(email: string, browser = new Browser(origin)) {
  const { flow, page } = await authorize(browser, email);
  // The sign-in page is skipped: the district's domain goes straight to the district.
  expect(page.status).toBe(303);
  const atIdp = browser.location(page);
  expect(atIdp.origin).toBe(oidcIdp.issuer);
  expect(atIdp.searchParams.get('login_hint')).toBe(email);
  expect(atIdp.searchParams.get('code_challenge_method')).toBe('S256');
  const callback = await follow(browser, await browser.request(atIdp.href), toCallback);
  expect(callback.searchParams.get('state')).toBe(flow.state);
  return exchange(callback.searchParams.get('code')!, flow);
}

/** The SAML sign-in of an address up to the IdP: the redirect there (with the AuthnRequest) and the browser. */
async function samlStart(email: string, browser = new Browser(origin)) {
  const { flow, page } = await authorize(browser, email);
  expect(page.status).toBe(303);
  const atIdp = browser.location(page);
  expect(`${atIdp.origin}${atIdp.pathname}`).toBe(samlIdp.ssoUrl);
  expect(atIdp.searchParams.get('SAMLRequest')).toBeTruthy();
  return { flow, atIdp, browser };
}

/** Posts the IdP's answer to the ACS as the IdP's page would (no cookies of the product: a cross-site POST). */
async function postToAcs(answer: Pick<SamlAnswer, 'SAMLResponse' | 'RelayState'>) {
  return fetch(new URL('/u/sso/saml/acs', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }),
    redirect: 'manual',
  });
}

async function userRow(email: string) {
  const [row] = await t.query<{ id: string; role: string; organizationId: string; passwordHash: string | null; verified: boolean; completedOnboarding: boolean; firstName: string; lastName: string }>(
    sql`select id::text as id, role, organization_id::text as "organizationId", password_hash as "passwordHash", verified_at is not null as verified,
          completed_onboarding as "completedOnboarding", first_name as "firstName", last_name as "lastName" from users where lower(email) = ${email}`,
  );
  return row;
}

const api = (token: string | null, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
  t.request(token, { method, url: `/api${url}`, ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: origin }, useRemoteJwks: true });
  await t.app.listen({ port, host: '127.0.0.1' });
  world = await loadWorld(t);
  northwindSchool = world.orgs.northwindSchools[0]!;
  lakesideSchool = world.orgs.lakesideSchools[1]!;
  oidcIdp = await startOidcIdp({
    redirectUri: `${origin}/u/sso/oidc/callback`,
    directory: {
      [NEW_TEACHER]: { subject: 'g-ada', givenName: 'Ada', familyName: 'Newton', school: northwindSchool.name },
      [ACCOUNTS.educator]: { subject: 'g-educator01', givenName: 'Eddie', familyName: 'Seeded' },
      'no.school@northwind.example.org': { subject: 'g-noschool', givenName: 'Nora', familyName: 'Nowhere', school: 'A school that is not there' },
      // The district's provider says another organization's address for this one, or an address it has not verified.
      'outsider@northwind.example.org': { subject: 'g-outsider', givenName: 'Otto', familyName: 'Side', claimedEmail: 'intruder@harbor.example.org' },
      'unverified@northwind.example.org': { subject: 'g-unverified', givenName: 'Una', familyName: 'Verified', emailVerified: false },
      'squatted@northwind.example.org': { subject: 'g-squatted', givenName: 'Sam', familyName: 'Owner' },
      'moved.away@northwind.example.org': { subject: 'g-moved', givenName: 'Mo', familyName: 'Away' },
    },
  });
  samlIdp = createSamlIdp({
    directory: {
      'lena.saml@lakeside.example.org': { subject: 'lena.saml@lakeside.example.org', givenName: 'Lena', familyName: 'Saml', school: lakesideSchool.name },
      'other.saml@lakeside.example.org': { subject: 'other.saml@lakeside.example.org', givenName: 'Otis', familyName: 'Saml' },
    },
  });
}, 60_000);

afterAll(async () => {
  await oidcIdp?.close();
  samlIdp?.close();
  await t?.close();
});

describe('connecting an organization (admin site, platform admins only)', () => {
  it('saves an OpenID Connect connection without ever sending its secret back, and records it in the audit log', async () => {
    const input = {
      protocol: 'OIDC',
      displayName: 'Northwind Google Workspace',
      issuer: oidcIdp.issuer,
      clientId: oidcIdp.clientId,
      clientSecret: oidcIdp.clientSecret,
      domains: ['Northwind.Example.org'],
      schoolClaim: 'school',
    };
    for (const role of ['districtAdmin', 'schoolAdmin', 'user'] as const) {
      const refused = await api(world.token(role), 'PUT', `/admin/organizations/${world.orgs.northwind.id}/sso-connection`, input);
      expect(refused.statusCode, role).toBe(403);
    }
    const saved = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.northwind.id}/sso-connection`, input);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      organizationId: world.orgs.northwind.id,
      protocol: 'OIDC',
      issuer: oidcIdp.issuer,
      hasClientSecret: true,
      domains: ['northwind.example.org'],
      allowPasswords: false,
      serviceProvider: { redirectUri: `${origin}/u/sso/oidc/callback`, acsUrl: `${origin}/u/sso/saml/acs` },
    });
    expect(saved.body).not.toContain(oidcIdp.clientSecret);
    const [stored] = await t.query<{ sealed: string }>(sql`select client_secret_sealed as sealed from sso_connections where organization_id = ${world.orgs.northwind.id}::uuid`);
    expect(stored!.sealed).not.toContain(oidcIdp.clientSecret);
    const audit = await api(world.tokens.admin, 'GET', `/admin/audit-log?entityId=${world.orgs.northwind.id}`);
    expect(audit.json().items[0]).toMatchObject({ action: 'organization.sso_connected', after: { domains: ['northwind.example.org'], clientSecretChanged: true } });
    expect(audit.body).not.toContain(oidcIdp.clientSecret);
    const read = await api(world.tokens.admin, 'GET', `/admin/organizations/${world.orgs.northwind.id}/sso-connection`);
    expect(read.json()).toMatchObject({ displayName: 'Northwind Google Workspace', hasClientSecret: true });
  });

  it('refuses a school of a district, a domain another organization owns, and details that cannot work, with clear errors', async () => {
    const base = { protocol: 'OIDC', displayName: 'X', issuer: oidcIdp.issuer, clientId: 'x', domains: ['harbor.example.org'] };
    const school = await api(world.tokens.admin, 'PUT', `/admin/organizations/${northwindSchool.id}/sso-connection`, base);
    expect(school.statusCode).toBe(409);
    expect(school.json().error.code).toBe('NOT_TOP_LEVEL');
    const taken = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.harbor.id}/sso-connection`, { ...base, domains: ['northwind.example.org'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({ code: 'DOMAIN_TAKEN', message: expect.stringContaining('northwind.example.org already signs in with Northwind') });
    // A subdomain of another connection's domain (or a parent of it) is that connection's too.
    const under = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.harbor.id}/sso-connection`, { ...base, domains: ['maple.northwind.example.org'] });
    expect(under.json().error.code).toBe('DOMAIN_TAKEN');
    const above = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.harbor.id}/sso-connection`, { ...base, domains: ['example.org'] });
    expect(above.json().error.code).toBe('DOMAIN_TAKEN');
    for (const shared of ['gmail.com', 'k12.tx.us', 'sch.uk']) {
      const refused = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.harbor.id}/sso-connection`, { ...base, domains: [shared] });
      expect(refused.json().error.code, shared).toBe('SHARED_DOMAIN');
    }
    const badDomain = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.harbor.id}/sso-connection`, { ...base, domains: ['not a domain'] });
    expect(badDomain.statusCode).toBe(422);
    expect(badDomain.json().error.code).toBe('INVALID_DOMAIN');
    const badCertificate = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.harbor.id}/sso-connection`, {
      ...base,
      protocol: 'SAML',
      ssoUrl: 'https://idp.example.org/sso',
      certificate: '-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----',
    });
    expect(badCertificate.statusCode).toBe(422);
    expect(badCertificate.json().error.code).toBe('INVALID_CERTIFICATE');
    const noClient = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.harbor.id}/sso-connection`, { ...base, clientId: undefined });
    expect(noClient.statusCode).toBe(422);
    const none = await api(world.tokens.admin, 'GET', `/admin/organizations/${world.orgs.harbor.id}/sso-connection`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('NO_SSO_CONNECTION');
    const [count] = await t.query<{ n: number }>(sql`select count(*)::int as n from sso_connections`);
    expect(count!.n).toBe(1);
  });

  it('connects Lakeside to its SAML IdP, and publishes the metadata to register at the IdP', async () => {
    const saved = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.lakeside.id}/sso-connection`, {
      protocol: 'SAML',
      displayName: 'Lakeside ADFS',
      issuer: samlIdp.entityId,
      ssoUrl: samlIdp.ssoUrl,
      certificate: samlIdp.certificate,
      domains: ['lakeside.example.org'],
      schoolClaim: 'school',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const metadata = await fetch(new URL('/u/sso/saml/metadata', origin));
    expect(metadata.status).toBe(200);
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${origin}/u/sso/saml/metadata"`);
    expect(xml).toContain(`Location="${origin}/u/sso/saml/acs"`);
  });
});

describe('home-realm discovery and one way in per domain', () => {
  it('tells the sign-in screen that a connected domain signs in with the provider', async () => {
    const ask = async (email: string) => (await api(null, 'POST', '/identity/authorize', { email })).json().loginMethod;
    expect(await ask(ACCOUNTS.educator)).toBe('PROVIDER');
    expect(await ask(world.schoolAdminEmail)).toBe('PROVIDER');
    expect(await ask(ACCOUNTS.free)).toBe('LOCAL');
  });

  it("refuses a connected domain's local password, through the API and on the provider's page, whoever the address is", async () => {
    for (const email of [ACCOUNTS.educator, 'nobody@northwind.example.org']) {
      const refused = await api(null, 'POST', '/identity/local/authorize', { email, password: SEED_PASSWORD });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({ code: 'SSO_REQUIRED', message: expect.stringContaining('Sign in with your school account') });
    }
    const browser = new Browser(origin);
    const { uid } = await authorize(browser, ACCOUNTS.free);
    const submitted = await browser.request(`/u/${uid}/login`, { form: { email: ACCOUNTS.educator, password: SEED_PASSWORD } });
    // A page that moves on to the district by itself (a form's redirect must stay on this site).
    expect(submitted.status).toBe(200);
    const html = await submitted.text();
    expect(html).toContain('<h1>Continue with Northwind Google Workspace</h1>');
    const target = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(new URL(target!).origin).toBe(oidcIdp.issuer);
    // Forgot password says where the password is.
    const forgot = await fetch(new URL('/account/forgot-password', origin), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `email=${encodeURIComponent(ACCOUNTS.educator)}` });
    expect(forgot.status).toBe(409);
    expect(await forgot.text()).toContain('signs you in with Northwind Google Workspace');
  });
});

describe('signing in with OpenID Connect (Northwind)', () => {
  let firstUserId: string;

  it('provisions a new teacher just in time, in the school the provider names, as a USER with onboarding ahead, with tokens carrying org_id and org_name', async () => {
    expect(await userRow(NEW_TEACHER)).toBeUndefined();
    const tokens = await oidcSignIn(NEW_TEACHER);
    const claims = decodeJwt(tokens.id_token);
    expect(claims).toMatchObject({ email: NEW_TEACHER, org_id: world.orgs.northwind.id, org_name: world.orgs.northwind.name });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ org_id: world.orgs.northwind.id, org_name: world.orgs.northwind.name });
    const row = await userRow(NEW_TEACHER);
    expect(row).toMatchObject({ role: 'USER', organizationId: northwindSchool.id, passwordHash: null, verified: true, completedOnboarding: false, firstName: 'Ada', lastName: 'Newton' });
    firstUserId = row!.id;
    const who = await me(tokens.access_token);
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ id: row!.id, email: NEW_TEACHER, role: 'USER', completedOnboarding: false });
  });

  it('signs the same teacher in again as the same account, without a second one', async () => {
    const before = oidcIdp.signIns;
    const tokens = await oidcSignIn(NEW_TEACHER);
    expect(oidcIdp.signIns).toBe(before + 1);
    expect((await me(tokens.access_token)).body.id).toBe(firstUserId);
    const [count] = await t.query<{ n: number }>(sql`select count(*)::int as n from users where lower(email) = ${NEW_TEACHER}`);
    expect(count!.n).toBe(1);
  });

  it('links an existing account of the address (its history stays), and puts a school the district lacks in the district itself', async () => {
    const existing = await userRow(ACCOUNTS.educator);
    const tokens = await oidcSignIn(ACCOUNTS.educator);
    expect((await me(tokens.access_token)).body.id).toBe(existing!.id);
    expect(await userRow(ACCOUNTS.educator)).toMatchObject({ organizationId: existing!.organizationId, role: existing!.role });
    await oidcSignIn('no.school@northwind.example.org');
    expect((await userRow('no.school@northwind.example.org'))!.organizationId).toBe(world.orgs.northwind.id);
  });

  it('does not let an answer be used twice, by another browser, or with a state it did not send', async () => {
    const browser = new Browser(origin);
    const { page } = await authorize(browser, NEW_TEACHER);
    const callback = await follow(browser, await browser.request(browser.location(page).href), (url) => url.pathname === '/u/sso/oidc/callback');
    // Another browser (an attacker's link) cannot finish this sign-in: it holds no interaction cookie.
    const stranger = new Browser(origin);
    const answered = await stranger.request(callback.href);
    expect(answered.status).toBe(303);
    const finishing = await stranger.request(stranger.location(answered).href);
    expect(finishing.status).toBe(400);
    expect(await finishing.text()).toContain('This sign-in page has expired');
    // The same answer again: the request was used.
    const again = await browser.request(callback.href);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('expired or was already used');
    const forged = await browser.request(`/u/sso/oidc/callback?code=abc&state=${randomBytes(12).toString('base64url')}`);
    expect(forged.status).toBe(400);
  });

  it("takes an unproven sign-up of the address from whoever made it, and refuses an account of another organization", async () => {
    // Someone signed the address up before the district connected and never proved it.
    await t.query(sql`insert into users (email, role, password_hash, verified_at) values ('squatted@northwind.example.org', 'USER', 'argon2-hash-of-the-squatter', null)`);
    await t.query(sql`insert into profiles (user_id) select id from users where email = 'squatted@northwind.example.org'`);
    // And an account of the address belongs to Harbor Academy.
    await t.query(sql`insert into users (email, role, organization_id, verified_at) values ('moved.away@northwind.example.org', 'USER', ${world.orgs.harbor.id}::uuid, now())`);
    const tokens = await oidcSignIn('squatted@northwind.example.org');
    const [row] = await t.query<{ passwordHash: string | null; verified: boolean; ended: boolean }>(
      sql`select password_hash as "passwordHash", verified_at is not null as verified, sessions_not_before is not null and sessions_not_before > now() - interval '1 minute' as ended from users where email = 'squatted@northwind.example.org'`,
    );
    expect(row).toEqual({ passwordHash: null, verified: true, ended: true });
    expect((await me(tokens.access_token)).status).toBe(200);

    const browser = new Browser(origin);
    const { page } = await authorize(browser, 'moved.away@northwind.example.org');
    const callback = await follow(browser, await browser.request(browser.location(page).href), (url) => url.pathname === '/u/sso/oidc/callback');
    const refused = await browser.request(callback.href);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('has an account of another organization here');
    const [count] = await t.query<{ n: number }>(sql`select count(*)::int as n from user_identities i join users u on u.id = i.user_id where u.email = 'moved.away@northwind.example.org'`);
    expect(count!.n).toBe(0);
  });

  it("refuses an address the district's provider gives outside the district's domains, and one it has not verified", async () => {
    for (const [email, text] of [
      ['outsider@northwind.example.org', 'which is not an address of Northwind'],
      ['unverified@northwind.example.org', 'has not verified the address'],
    ] as const) {
      const browser = new Browser(origin);
      const { page } = await authorize(browser, email);
      const callback = await follow(browser, await browser.request(browser.location(page).href), (url) => url.pathname === '/u/sso/oidc/callback');
      const refused = await browser.request(callback.href);
      expect(refused.status, email).toBe(403);
      expect(await refused.text(), email).toContain(text);
    }
    const [outside] = await t.query<{ n: number }>(sql`select count(*)::int as n from users where email in ('intruder@harbor.example.org', 'unverified@northwind.example.org')`);
    expect(outside!.n).toBe(0);
  });

  it('lets passwords work again during a switch-over (allowPasswords), and not after', async () => {
    const input = { protocol: 'OIDC', displayName: 'Northwind Google Workspace', issuer: oidcIdp.issuer, clientId: oidcIdp.clientId, domains: ['northwind.example.org'], schoolClaim: 'school' };
    await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.northwind.id}/sso-connection`, { ...input, allowPasswords: true });
    t.forgetLogin(ACCOUNTS.educator);
    const local = await api(null, 'POST', '/identity/local/authorize', { email: ACCOUNTS.educator, password: SEED_PASSWORD });
    expect(local.statusCode).toBe(200);
    expect((await api(null, 'POST', '/identity/authorize', { email: ACCOUNTS.educator })).json().loginMethod).toBe('LOCAL');
    // Another issuer without a secret: the saved one is never sent to it.
    const elsewhere = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.northwind.id}/sso-connection`, { ...input, issuer: 'https://attacker.example.com' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().error.code).toBe('CLIENT_SECRET_REQUIRED');
    // The secret was left out: the saved one stays, and sign-in through the district still works.
    const back = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.northwind.id}/sso-connection`, input);
    expect(back.json()).toMatchObject({ hasClientSecret: true, allowPasswords: false });
    expect((await api(null, 'POST', '/identity/local/authorize', { email: ACCOUNTS.educator, password: SEED_PASSWORD })).statusCode).toBe(403);
    expect((await me((await oidcSignIn(NEW_TEACHER)).access_token)).status).toBe(200);
  });
});

describe('signing in with SAML 2.0 (Lakeside)', () => {
  it('provisions the teacher from a signed assertion, in the school its attribute names', async () => {
    const { flow, atIdp, browser } = await samlStart('lena.saml@lakeside.example.org');
    const answer = samlIdp.answer(atIdp);
    expect(answer.acs).toBe(`${origin}/u/sso/saml/acs`);
    const posted = await postToAcs(answer);
    expect(posted.status, (await posted.clone().text()).replace(/^[\s\S]*<main>|<\/main>[\s\S]*$/g, '')).toBe(303);
    const callback = await follow(browser, await browser.request(new URL(posted.headers.get('location')!, origin).href), toCallback);
    const tokens = await exchange(callback.searchParams.get('code')!, flow);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ org_id: world.orgs.lakeside.id, org_name: world.orgs.lakeside.name });
    expect(await userRow('lena.saml@lakeside.example.org')).toMatchObject({ role: 'USER', organizationId: lakesideSchool.id, firstName: 'Lena', lastName: 'Saml', completedOnboarding: false });
    // The same answer again (a replay): refused, nothing signed in.
    const replayed = await postToAcs(answer);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain('expired or was already used');
  });

  it('refuses a tampered assertion, an unsigned one, another audience, another issuer and an expired one, and provisions nobody', async () => {
    const cases: [string, (url: URL) => Pick<SamlAnswer, 'SAMLResponse' | 'RelayState'>][] = [
      [
        'tampered',
        (url) => {
          const answer = samlIdp.answer(url, { email: 'other.saml@lakeside.example.org' });
          const xml = answer.xml.replace('other.saml@lakeside.example.org</saml:AttributeValue>', 'lena.saml@lakeside.example.org</saml:AttributeValue>');
          expect(xml).not.toBe(answer.xml);
          return { SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: answer.RelayState };
        },
      ],
      ['unsigned', (url) => samlIdp.answer(url, { email: 'other.saml@lakeside.example.org', sign: false })],
      ['another audience', (url) => samlIdp.answer(url, { email: 'other.saml@lakeside.example.org', audience: 'https://another-product.example.com' })],
      ['another issuer', (url) => samlIdp.answer(url, { email: 'other.saml@lakeside.example.org', issuer: 'https://evil.example.com/idp' })],
      ['expired', (url) => samlIdp.answer(url, { email: 'other.saml@lakeside.example.org', notOnOrAfter: new Date(Date.now() - 10 * 60_000) })],
    ];
    for (const [name, make] of cases) {
      const { atIdp } = await samlStart('other.saml@lakeside.example.org');
      const refused = await postToAcs(make(atIdp));
      expect(refused.status, name).toBe(403);
      expect(await refused.text(), name).toContain('could not be verified');
    }
    expect(await userRow('other.saml@lakeside.example.org')).toBeUndefined();
    // An answer to no request of ours (IdP-initiated, or another deployment's) is refused too.
    const { atIdp } = await samlStart('other.saml@lakeside.example.org');
    const stray = await postToAcs({ ...samlIdp.answer(atIdp), RelayState: 'not-a-request' });
    expect(stray.status).toBe(400);
  });

  it('answers a malformed post with a page, never a 500', async () => {
    for (const body of ['', 'SAMLResponse=bm90IHhtbA%3D%3D&RelayState=x', 'RelayState=abc', 'SAMLResponse=%%%']) {
      const response = await fetch(new URL('/u/sso/saml/acs', origin), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
    }
  });
});

describe('disconnecting', () => {
  it('gives the domains their passwords back', async () => {
    const removed = await api(world.tokens.admin, 'DELETE', `/admin/organizations/${world.orgs.lakeside.id}/sso-connection`);
    expect(removed.statusCode).toBe(204);
    expect((await api(null, 'POST', '/identity/authorize', { email: 'lapsed@lakeside.example.org' })).json().loginMethod).toBe('LOCAL');
    expect((await api(null, 'POST', '/identity/local/authorize', { email: 'lapsed@lakeside.example.org', password: SEED_PASSWORD })).statusCode).toBe(200);
    const again = await api(world.tokens.admin, 'DELETE', `/admin/organizations/${world.orgs.lakeside.id}/sso-connection`);
    expect(again.statusCode).toBe(404);
  });
});

describe('with an Auth0 tenant (AUTH0_DOMAIN): the connection is an Auth0 Organization', () => {
  let tenant: TestApp;
  afterAll(async () => {
    await tenant?.close();
  });

  it("is refused without a tenant, and with one provisions a first sign-in whose token carries the Organization's org_id into its school", async () => {
    const auth0 = { protocol: 'AUTH0', displayName: 'Northwind (Auth0)', issuer: 'org_Nw12Ab34', domains: ['northwind.example.org'], schoolClaim: 'school' };
    // The embedded provider cannot hand a sign-in to an Auth0 Organization.
    const embedded = await api(world.tokens.admin, 'PUT', `/admin/organizations/${world.orgs.harbor.id}/sso-connection`, { ...auth0, domains: ['harbor.example.org'] });
    expect(embedded.statusCode).toBe(422);
    expect(embedded.json().error.code).toBe('AUTH0_NOT_CONFIGURED');

    tenant = await createTestApp({ env: { AUTH0_DOMAIN: 'https://district-test.auth0.example' } });
    const tenantWorld = await loadWorld(tenant);
    const put = (body: unknown) => tenant.request(tenantWorld.tokens.admin, { method: 'PUT', url: `/api/admin/organizations/${tenantWorld.orgs.northwind.id}/sso-connection`, payload: body as Record<string, unknown> });
    expect((await put({ ...auth0, issuer: 'Northwind' })).json().error.code).toBe('INVALID_AUTH0_ORGANIZATION');
    expect((await put(auth0)).statusCode).toBe(200);
    // The sign-in screen sends the domain to the tenant, whose home-realm discovery picks the Organization's connection.
    expect((await tenant.request(null, { method: 'POST', url: '/api/identity/authorize', payload: { email: 'kim.auth0@northwind.example.org' } })).json().loginMethod).toBe('PROVIDER');
    const school = tenantWorld.orgs.northwindSchools[1]!;
    const token = await tenant.provider.sign({
      sub: 'waad|kim',
      email: 'kim.auth0@northwind.example.org',
      email_verified: true,
      org_id: 'org_Nw12Ab34',
      'https://learn.example.org/school': school.name,
    });
    const me = await tenant.request(token, { method: 'GET', url: '/api/identity/me' });
    expect(me.statusCode, me.body).toBe(200);
    const [row] = await tenant.query<{ organizationId: string; role: string }>(sql`select organization_id::text as "organizationId", role from users where email = 'kim.auth0@northwind.example.org'`);
    expect(row).toEqual({ organizationId: school.id, role: 'USER' });
    // Another Organization's token (or none) provisions no membership.
    const stranger = await tenant.provider.sign({ sub: 'waad|lee', email: 'lee@elsewhere.example.org', email_verified: true, org_id: 'org_Other' });
    expect((await tenant.request(stranger, { method: 'GET', url: '/api/identity/me' })).statusCode).toBe(200);
    const [other] = await tenant.query<{ organizationId: string | null }>(sql`select organization_id::text as "organizationId" from users where email = 'lee@elsewhere.example.org'`);
    expect(other!.organizationId).toBeNull();
  });
});
