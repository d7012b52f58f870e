import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';

/**
 * Every authenticated request reads the token's user, whether the token was signed out and, for
 * paid content, whether its user may use it (server/auth/principal.ts, server/auth/enforce.ts). A
 * change "by another process" is a query of the test's own: the next request sees it.
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

describe('what authentication reads on every request', () => {
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

  it('shows a change to the user made elsewhere on the next request', async () => {
    const token = await t.login('educator05@northwind.example.org');
    expect((await me(token)).statusCode).toBe(200);
    await t.query(sql`update users set first_name = 'Changed elsewhere' where email = 'educator05@northwind.example.org'`);
    expect((await me(token)).json<{ firstName: string }>().firstName).toBe('Changed elsewhere');
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
