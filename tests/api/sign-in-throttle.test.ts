import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../server/clock.ts';
import { createTestApp, ORIGIN, SEED_PASSWORD, type TestApp } from '../support/app.ts';
import { validateResponse } from '../support/contract.ts';
import { ACCOUNTS } from '../support/world.ts';

/**
 * Password sign-ins are throttled per account and per address, on both sign-in paths: the API's
 * local login and the embedded provider's sign-in page (server/auth/sign-in-throttle.ts). The app
 * here runs with the shipped limits (the test helper raises the per-minute one for other files).
 * The app's clock is held (set again before each request, from where it runs on for the
 * milliseconds the request takes; the throttle counts whole seconds) and moved on only by
 * `later`: waits and budgets follow it, so neither the machine's speed nor sleeping decides an answer.
 */

/** Twelve seeded educators with the seed password: a staff meeting behind one school's NAT. */
const TEACHERS = Array.from({ length: 12 }, (_, i) => `educator${i + 19}@northwind.example.org`);

let held = 0;
beforeEach(() => void (held = Date.UTC(2026, 10, 25, 8)));
afterEach(() => setClock(null));
const hold = () => setClock(new Date(held));
const later = (seconds: number) => void (held += seconds * 1000);

function localLogin(app: FastifyInstance, email: string, password: string, from: { remoteAddress?: string; forwardedFor?: string } = {}) {
  hold();
  return app.inject({
    method: 'POST',
    url: '/api/identity/local/authorize',
    payload: { email, password },
    remoteAddress: from.remoteAddress ?? '127.0.0.1',
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
}

/** The embedded provider's sign-in page as a browser gets to it (/authorize, then the form), from one address. */
async function pageLogin(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  const params = new URLSearchParams({
    client_id: 'educator-learning-spa',
    response_type: 'code',
    scope: 'openid',
    redirect_uri: `${ORIGIN}/callback`,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 's',
    nonce: 'n',
  });
  hold();
  const started = await app.inject({ method: 'GET', url: `/authorize?${params}`, remoteAddress });
  expect(started.statusCode).toBe(303);
  const uid = new URL(started.headers.location as string, ORIGIN).pathname.split('/')[2]!;
  const cookie = started.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  hold();
  return app.inject({
    method: 'POST',
    url: `/u/${uid}/login`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams({ email, password }).toString(),
    remoteAddress,
  });
}


describe('with the shipped limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN: '' } });
  });
  afterAll(() => t?.close());

  it('signs in twelve teachers behind one school address, through the API and through the sign-in page', async () => {
    for (const email of TEACHERS) expect((await localLogin(t.app, email, SEED_PASSWORD, { remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    for (const email of TEACHERS) expect((await pageLogin(t.app, email, SEED_PASSWORD, '192.0.2.10')).statusCode).toBe(303);
  });

  it('makes an account wait after 5 wrong passwords (40 tried, then the right one): 429 with Retry-After, and the right password once the wait is over', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await localLogin(t.app, ACCOUNTS.trial, `guess-${i}-wrong`, { remoteAddress: '198.51.100.40' })).statusCode);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(35).fill(429)]);

    const refused = await localLogin(t.app, ACCOUNTS.trial, SEED_PASSWORD, { remoteAddress: '198.51.100.40' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many failed sign-ins for this account, please try again in 1 minute' } });
    expect(validateResponse('localLogin', 429, String(refused.headers['content-type']), refused.json())).toEqual([]);

    later(60);
    expect((await localLogin(t.app, ACCOUNTS.trial, SEED_PASSWORD, { remoteAddress: '198.51.100.40' })).statusCode).toBe(200);
    // The right password ended the streak: the next mistakes start from nothing.
    for (let i = 0; i < 5; i++) expect((await localLogin(t.app, ACCOUNTS.trial, 'one-more-typo', { remoteAddress: '198.51.100.40' })).statusCode).toBe(401);
    expect((await localLogin(t.app, ACCOUNTS.trial, SEED_PASSWORD, { remoteAddress: '198.51.100.40' })).statusCode).toBe(429);
  });

  it('says so on the sign-in page too, keeping the e-mail, and takes the right password after the wait', async () => {
    for (let i = 0; i < 5; i++) expect((await pageLogin(t.app, ACCOUNTS.subscriber, `guess-${i}-wrong`, '198.51.100.41')).statusCode).toBe(401);
    const refused = await pageLogin(t.app, ACCOUNTS.subscriber, SEED_PASSWORD, '198.51.100.41');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('<div class="error" role="alert" id="form-error">Too many failed sign-ins for this account, please try again in 1 minute.</div>');
    expect(refused.body).toContain(`value="${ACCOUNTS.subscriber}"`);

    later(60);
    expect((await pageLogin(t.app, ACCOUNTS.subscriber, SEED_PASSWORD, '198.51.100.41')).statusCode).toBe(303);
  });

  it('stops a password spray from one address (one guess for each of many accounts) after 100 failures', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await localLogin(t.app, `nobody-${i}-${randomUUID().slice(0, 6)}@school.example.org`, 'Spring-2026!', { remoteAddress: '198.51.100.42' })).statusCode);
    expect(statuses).toEqual([...Array(100).fill(401), 429]);
    const refused = await localLogin(t.app, ACCOUNTS.free, SEED_PASSWORD, { remoteAddress: '198.51.100.42' });
    expect(refused.statusCode).toBe(429);
    // One more failure fits every 36 s (100 an hour).
    expect(refused.headers['retry-after']).toBe('36');
    expect(refused.json().error.message).toBe('Too many sign-in attempts from your network, please try again in 36 seconds');
    later(36);
    expect((await localLogin(t.app, `nobody-${randomUUID().slice(0, 6)}@school.example.org`, 'Spring-2026!', { remoteAddress: '198.51.100.42' })).statusCode).toBe(401);
    expect((await localLogin(t.app, ACCOUNTS.free, SEED_PASSWORD, { remoteAddress: '198.51.100.42' })).statusCode).toBe(429);
    // Another address is not concerned.
    expect((await localLogin(t.app, ACCOUNTS.free, SEED_PASSWORD, { remoteAddress: '198.51.100.43' })).statusCode).toBe(200);
  });
});

describe.each([
  ['a number of proxies', '1', (client: string) => `${randomUUID().slice(0, 8)}, ${client}`],
  ['the proxies’ addresses', '127.0.0.1, 10.0.0.0/8', (client: string) => `10.0.0.9, ${randomUUID().slice(0, 8)}, ${client}, 10.0.0.2`],
])('behind a load balancer, TRUST_PROXY as %s', (_name, trustProxy, forwardedFor) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: trustProxy, RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS: '10' } });
  });
  afterAll(() => t?.close());

  it('takes the right-most address no proxy of ours added: what the client writes in X-Forwarded-For does not escape the limits', async () => {
    const guesses: number[] = [];
    for (let i = 0; i < 14; i++) guesses.push((await localLogin(t.app, ACCOUNTS.newbie, `guess-${i}-wrong`, { forwardedFor: forwardedFor('203.0.113.5') })).statusCode);
    expect(guesses).toEqual([...Array(5).fill(401), ...Array(9).fill(429)]);

    const spray: number[] = [];
    for (let i = 0; i < 6; i++) spray.push((await localLogin(t.app, `nobody-${randomUUID().slice(0, 8)}@school.example.org`, 'Spring-2026!', { forwardedFor: forwardedFor('203.0.113.5') })).statusCode);
    // 5 of its 10 failures were the guesses above.
    expect(spray).toEqual([...Array(5).fill(401), 429]);

    // Each client is its own address behind the same proxy.
    expect((await localLogin(t.app, ACCOUNTS.newbie, SEED_PASSWORD, { forwardedFor: forwardedFor('203.0.113.6') })).statusCode).toBe(200);
  });
});
