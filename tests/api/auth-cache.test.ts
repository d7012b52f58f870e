import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';

/**
 * Each token's user, whether it was signed out and until when its user may use paid content are
 * kept between requests (server/auth/auth-cache.ts) and dropped when the database announces a
 * change (migration 0007). A change "by another process" is a query of the test's own: `t.query`
 * returns once the app has heard of it, as another process's change reaches it within
 * milliseconds.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
});
afterAll(async () => t?.close());

const me = (token: string) => t.request(token, { method: 'GET', url: '/api/identity/me' });
const video = (token: string) => t.request(token, { method: 'GET', url: `/api/catalog/items/${world.item.id}/video` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('what authentication reads, kept between requests', () => {
  it('is listening to the database and keeps the users it read', async () => {
    expect(t.app.authCache?.live).toBe(true);
    expect((await me(world.tokens.user)).statusCode).toBe(200);
    expect(t.app.authCache!.size().users).toBeGreaterThan(0);
  });

  it('takes a token it checked before only until it expires', async () => {
    const [row] = await t.query<{ id: string }>(sql`select id::text as id from users where email = ${ACCOUNTS.educator}`);
    const now = Math.floor(Date.now() / 1000);
    const { localTokens, provider } = t.config;
    const token = await new SignJWT({ role: 'USER', purpose: 'access', iat_ms: Date.now() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(row!.id)
      .setIssuer(localTokens.issuer)
      .setAudience(provider.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 2)
      .setJti(randomUUID())
      .sign(localTokens.secret);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    // The same claims under another signature are not the checked token.
    const [head, body] = token.split('.');
    const forged = await me(`${head}.${body}.${Buffer.from('x'.repeat(32)).toString('base64url')}`);
    expect(forged.statusCode).toBe(401);
    await sleep((now + 2) * 1000 - Date.now() + 50);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });
  });

  it('serves a user from memory until a change is announced, then reads it again', async () => {
    const token = await t.login('educator05@northwind.example.org');
    const before = (await me(token)).json<{ firstName: string }>().firstName;
    // Written with the announcement switched off: the kept row is still served, so requests are
    // really not reading the user from the database.
    await t.query(sql`alter table users disable trigger users_change`);
    try {
      await t.query(sql`update users set first_name = 'Unannounced' where email = 'educator05@northwind.example.org'`);
    } finally {
      await t.query(sql`alter table users enable trigger users_change`);
    }
    expect((await me(token)).json<{ firstName: string }>().firstName).toBe(before);
    // Any announced change of the row: the next request reads it.
    await t.query(sql`update users set last_name = last_name where email = 'educator05@northwind.example.org'`);
    expect((await me(token)).json<{ firstName: string }>().firstName).toBe('Unannounced');
  });

  it('refuses a token on the next request after its user is deactivated elsewhere', async () => {
    const token = await t.login('educator06@northwind.example.org');
    expect((await me(token)).statusCode).toBe(200);
    await t.query(sql`update users set deactivated_at = now(), sessions_not_before = now() where email = 'educator06@northwind.example.org'`);
    const refused = await me(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'ACCOUNT_DEACTIVATED' } });
  });

  it('refuses a signed-out token on the very next request, every time', async () => {
    for (let i = 0; i < 5; i++) {
      t.forgetLogin('educator07@northwind.example.org');
      const token = await t.login('educator07@northwind.example.org');
      expect((await me(token)).statusCode).toBe(200);
      expect((await t.request(token, { method: 'POST', url: '/api/identity/logout' })).statusCode).toBeLessThan(300);
      const refused = await me(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: { code: 'TOKEN_REVOKED' } });
    }
  });

  it('ends paid access the moment the period ends, with no write, and sees a renewal at once', async () => {
    const token = await t.login(ACCOUNTS.subscriber);
    await t.query(sql`update subscriptions set current_period_end = now() + interval '1500 milliseconds'
                      where user_id = (select id from users where email = ${ACCOUNTS.subscriber})`);
    expect((await video(token)).statusCode).toBe(200);
    expect((await video(token)).statusCode).toBe(200);
    await sleep(1_600);
    const refused = await video(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'SUBSCRIPTION_REQUIRED' } });
    await t.query(sql`update subscriptions set current_period_end = now() + interval '30 days'
                      where user_id = (select id from users where email = ${ACCOUNTS.subscriber})`);
    expect((await video(token)).statusCode).toBe(200);
  });

  it("ends an organization's members' access when its subscription is ended elsewhere", async () => {
    const token = await t.login('educator08@northwind.example.org');
    expect((await video(token)).statusCode).toBe(200);
    const ids = [world.orgs.northwind.id, ...world.orgs.northwindSchools.map((s) => s.id)];
    const saved = await t.query<{ id: string; end: string }>(
      sql`select id::text as id, current_period_end::text as "end" from subscriptions where organization_id = any(${`{${ids.join(',')}}`}::uuid[])`,
    );
    await t.query(sql`update subscriptions set current_period_end = now() - interval '1 day' where organization_id = any(${`{${ids.join(',')}}`}::uuid[])`);
    try {
      expect((await video(token)).statusCode).toBe(403);
    } finally {
      for (const row of saved) await t.query(sql`update subscriptions set current_period_end = ${row.end}::timestamptz where id = ${row.id}::uuid`);
    }
    expect((await video(token)).statusCode).toBe(200);
  });
});

describe.runIf(inject('dbTemplate').kind === 'postgres')('when the announcements stop (PostgreSQL)', () => {
  it('reads every request from the database while the listening connection is lost, and listens again', async () => {
    const cache = t.app.authCache!;
    expect(cache.live).toBe(true);
    await t.query(sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN "elp_changes"' and datname = current_database()`);
    for (let i = 0; i < 50 && cache.live; i++) await sleep(20);
    expect(cache.live).toBe(false);
    // Meanwhile nothing is kept, and requests still answer.
    expect((await me(world.tokens.user)).statusCode).toBe(200);
    expect(cache.size().users).toBe(0);
    for (let i = 0; i < 100 && !cache.live; i++) await sleep(50);
    expect(cache.live).toBe(true);
    await t.query(sql`update users set last_name = 'Relistened' where email = ${ACCOUNTS.educator}`);
    expect((await me(world.tokens.user)).json<{ lastName: string }>().lastName).toBe('Relistened');
  });
});
