import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_PASSWORD, type TestApp } from '../support/app.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';
import { readOutbox } from '../support/outbox.ts';

let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
});
afterAll(() => t?.close());

describe('hardening', () => {
  it('sends security headers with a strict content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("lets the pages reach the survey and analytics vendors' origins (VENDOR_ORIGINS), and no others", async () => {
    const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);
    expect(csp(await t.app.inject({ method: 'GET', url: '/api/healthz' }))).not.toContain('posthog');
    const vendors = await createTestApp({ env: { VENDOR_ORIGINS: 'https://app.formbricks.com, https://us.i.posthog.com/' } });
    try {
      const policy = csp(await vendors.app.inject({ method: 'GET', url: '/api/healthz' }));
      for (const directive of ['script-src', 'connect-src', 'style-src', 'img-src', 'frame-src']) {
        const sources = policy.split(';').find((d) => d.trim().startsWith(`${directive} `)) ?? '';
        expect(sources, directive).toContain('https://app.formbricks.com');
        expect(sources, directive).toContain('https://us.i.posthog.com');
      }
      expect(policy).not.toContain('unsafe-inline');
    } finally {
      await vendors.close();
    }
    await expect(createTestApp({ env: { VENDOR_ORIGINS: 'https://app.formbricks.com/js/' } })).rejects.toThrow(/VENDOR_ORIGINS entries must be bare origins/);
  });

  it('compresses large responses', async () => {
    const res = await t.request(world.tokens.user, { method: 'GET', url: '/api/catalog/nasot/items', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers unknown API paths with the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/does-not-exist' } });
  });

  it('hides the details of server errors', async () => {
    // A database that has gone away is a real 5xx: the user sees the generic message only.
    const spare = await createTestApp();
    try {
      const token = await spare.login(ACCOUNTS.educator);
      await spare.closeDatabase();
      const res = await spare.request(token, { method: 'GET', url: '/api/identity/me' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong, please try again later' } });
      const log = spare.logs.join('');
      expect(log).toContain('request failed');
      // The failed query's parameter values (here the user's id) stay out of the log.
      expect(log).toContain('params: [redacted]');
      const me = await t.request(token, { method: 'GET', url: '/api/identity/me' });
      expect(me.statusCode).toBe(200);
      expect(log).not.toContain(me.json().id);
    } finally {
      await spare.close();
    }
  });

  it('never writes tokens or passwords to the log', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email: ACCOUNTS.subscriber, password: SEED_PASSWORD } });
    const token = login.json().accessToken as string;
    await t.request(token, { method: 'GET', url: '/api/identity/me' });
    await t.app.inject({ method: 'POST', url: '/api/learner/events', headers: { origin: 'http://localhost:3000' }, payload: { accessToken: token, data: [] } });
    await t.request(token, { method: 'GET', url: '/api/identity/password-change-url?returnUrl=/profile' });
    const log = t.logs.join('');
    expect(log).toContain('/api/identity/me');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[2]!);
    expect(log).not.toContain(SEED_PASSWORD);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per account and demos per client with a 429 error body', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SIGN_IN: '3', RATE_LIMIT_SIGN_IN_FAILURES: '3' } });
    try {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email: ACCOUNTS.free, password: 'nope-nope-nope' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('RATE_LIMITED');
      expect(blocked.headers['retry-after']).toBeDefined();
      const demo = () => limited.app.inject({ method: 'POST', url: '/api/identity/demo', payload: { email: 'rate.limited@example.org' } });
      for (let i = 0; i < 3; i++) expect((await demo()).statusCode).toBe(202);
      expect((await demo()).statusCode).toBe(429);
      // Other operations are not limited.
      expect((await limited.app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('password change page', () => {
  it('changes the password once through the signed link', async () => {
    const token = await t.login(ACCOUNTS.trial);
    const { url } = (await t.request(token, { method: 'GET', url: '/api/identity/password-change-url?returnUrl=%2Fprofile&ttl=300' })).json();
    const path = url.replace('http://localhost:3000', '');
    const ticket = new URL(url).searchParams.get('ticket')!;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="password">New password</label>');
    expect(page.headers['referrer-policy']).toBe('no-referrer');

    const post = (body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/account/password', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString() });
    expect((await post({ ticket, password: 'short', confirm: 'short' })).body).toContain('between 10 and 200 characters');
    expect((await post({ ticket, password: 'a-new-password-1', confirm: 'different-password' })).body).toContain('do not match');
    const done = await post({ ticket, password: 'a-new-password-1', confirm: 'a-new-password-1' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('href="/profile"');
    expect((await post({ ticket, password: 'another-password-2', confirm: 'another-password-2' })).body).toContain('This link has expired');

    const relogin = await t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email: ACCOUNTS.trial, password: 'a-new-password-1' } });
    expect(relogin.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/account/password?ticket=forged' })).statusCode).toBe(400);
  });

  it('refuses return addresses on other sites, and addresses that are none, with 400', async () => {
    const token = await t.login(ACCOUNTS.subscriber);
    // The last one's port is not a number: no URL at all, which once failed with a 500.
    for (const returnUrl of ['https://evil.example.org/', '//evil.example.org/profile', '/\\evil.example.org/', 'http://localhost:3000@evil.example.org/', 'javascript:alert(1)', 'http://localhost:3000.evil.example/']) {
      const res = await t.request(token, { method: 'GET', url: `/api/identity/password-change-url?returnUrl=${encodeURIComponent(returnUrl)}` });
      expect(res.statusCode, returnUrl).toBe(400);
      expect(res.json(), returnUrl).toEqual({ error: { code: 'INVALID_RETURN_URL', message: 'returnUrl must be a page of this site' } });
    }
    for (const returnUrl of ['/profile?tab=1', 'http://localhost:3000/profile']) {
      expect((await t.request(token, { method: 'GET', url: `/api/identity/password-change-url?returnUrl=${encodeURIComponent(returnUrl)}` })).statusCode, returnUrl).toBe(200);
    }
  });
});

describe('invitations', () => {
  it('e-mails the invited educator a sign-up link through the outbox', async () => {
    const email = 'new.colleague@example.org';
    const res = await t.request(world.tokens.schoolAdmin, {
      method: 'POST',
      url: `/api/organizations/${world.orgs.ownSchool.id}/users`,
      payload: { email, firstName: 'New', lastName: 'Colleague' },
    });
    expect(res.statusCode).toBe(201);
    const message = readOutbox(t.outboxDir, email);
    expect(message).toContain(`To: ${email}`);
    expect(message).toContain(`http://localhost:3000/invite?email=${encodeURIComponent(email)}`);
    const listed = (await t.request(world.tokens.schoolAdmin, { method: 'GET', url: `/api/users?filter=${encodeURIComponent(email)}` })).json();
    expect(listed.items.map((u: { email: string }) => u.email)).toEqual([email]);
  });
});

describe('single-page app', () => {
  it('serves the built app with history fallback, and files as files', async () => {
    const dir = join(t.config.dataDir, 'spa');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'main.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'index-DhN5H-3w.js'), 'console.log(2)');
    const withSpa = await createTestApp({ env: { STATIC_DIR: dir } });
    try {
      for (const path of ['/', '/catalog', '/learning-objects/abc?playVideo=true', '/no/such/page']) {
        const res = await withSpa.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
        expect(res.statusCode, path).toBe(200);
        expect(res.body).toContain('<div id="root">');
      }
      const plain = await withSpa.app.inject({ method: 'GET', url: '/assets/main.js' });
      expect(plain.body).toBe('console.log(1)');
      expect(plain.headers['cache-control']).toBe('public, max-age=3600');
      // Content-hashed build output: cached for a year.
      const hashed = await withSpa.app.inject({ method: 'GET', url: '/assets/index-DhN5H-3w.js' });
      expect(hashed.body).toBe('console.log(2)');
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await withSpa.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      expect((await withSpa.app.inject({ method: 'GET', url: '/api/nothing' })).json().error.code).toBe('NOT_FOUND');
    } finally {
      await withSpa.close();
    }
  });

  it("sends the build's compressed copies of a file to a browser that accepts them, and the file to one that does not", async () => {
    const dir = join(t.config.dataDir, 'spa-compressed');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    const script = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    const file = join(dir, 'assets', 'index-DhN5H-3w.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    const withSpa = await createTestApp({ env: { STATIC_DIR: dir } });
    try {
      const url = '/assets/index-DhN5H-3w.js';
      const brotli = await withSpa.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
      const gzip = await withSpa.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
      const plain = await withSpa.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      // The copies are not addresses of their own.
      expect((await withSpa.app.inject({ method: 'GET', url: `${url}.br` })).statusCode).toBe(404);
    } finally {
      await withSpa.close();
    }
  });
});
