import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';

/**
 * GET /identity/start answers, in one response, what a signed-in page asks for first: each part
 * must be exactly what its own operation answers the same caller, refusals and errors included.
 */
let t: TestApp;
const accounts: { name: string; token: string }[] = [];

type Part = { status: number; data?: unknown; error?: { code: string; message: string } };
type StartUp = { user: unknown; profile: Part; subscriptions: Part; progress: Part };

const PARTS = {
  profile: '/api/profile',
  subscriptions: '/api/customers/current/subscriptions?include=paymentMethod',
  progress: '/api/progress',
} as const;

const get = (token: string | null, url: string) => t.request(token, { method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  const world = await loadWorld(t);
  accounts.push(
    { name: 'demo', token: world.tokens.demo },
    { name: 'school admin', token: world.tokens.schoolAdmin },
    { name: 'district admin', token: world.tokens.districtAdmin },
    { name: 'platform admin', token: world.tokens.admin },
  );
  for (const name of ['educator', 'free', 'trial', 'subscriber', 'noAccess', 'lapsed', 'newbie'] as const) accounts.push({ name, token: await t.login(ACCOUNTS[name]) });
});
afterAll(() => t?.close());

describe('GET /identity/start', () => {
  it("answers each part as its own operation answers the same caller, for every role and kind of account", async () => {
    const statuses = new Set<string>();
    for (const { name, token } of accounts) {
      const res = await get(token, '/api/identity/start');
      expect(res.statusCode, name).toBe(200);
      const body = res.json<StartUp>();
      expect(body.user, `${name}: user`).toEqual((await get(token, '/api/identity/me')).json());
      for (const [part, url] of Object.entries(PARTS) as [keyof typeof PARTS, string][]) {
        const direct = await get(token, url);
        const answered = body[part];
        statuses.add(`${part} ${answered.status}`);
        expect(answered.status, `${name}: ${part}`).toBe(direct.statusCode);
        if (direct.statusCode < 300) expect(answered, `${name}: ${part}`).toEqual({ status: direct.statusCode, data: direct.json() });
        else expect(answered, `${name}: ${part}`).toEqual({ status: direct.statusCode, error: direct.json<{ error: unknown }>().error });
      }
    }
    // The accounts cover a part's success and its refusals: a role the operation refuses, a
    // demo told to register, an account that never had a subscription.
    expect([...statuses].sort()).toEqual(
      expect.arrayContaining(['profile 200', 'progress 200', 'progress 403', 'subscriptions 200', 'subscriptions 403', 'subscriptions 404']),
    );
  });

  it('refuses a caller without a valid token, as GET /identity/me does', async () => {
    for (const token of [null, 'not-a-token']) {
      const res = await get(token, '/api/identity/start');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual((await get(token, '/api/identity/me')).json());
    }
  });

  it('answers a part that fails with the error the API gives for it, without a stack or the failure, and the other parts still', async () => {
    const token = await t.login(ACCOUNTS.educator);
    // The bookmarks the profile reads are taken away for a moment: a server error in that part only.
    await t.query(sql`alter table bookmarks rename to bookmarks_away`);
    let body: StartUp;
    try {
      const res = await get(token, '/api/identity/start');
      expect(res.statusCode).toBe(200);
      body = res.json<StartUp>();
    } finally {
      await t.query(sql`alter table bookmarks_away rename to bookmarks`);
    }
    expect(body.profile).toEqual({ status: 500, error: { code: 'INTERNAL', message: expect.any(String) } });
    expect(body.profile.error!.message).not.toMatch(/bookmarks|relation|stack/i);
    expect(body.subscriptions.status).toBe(200);
    expect(body.progress.status).toBe(200);
    expect(t.logs.join('')).toContain('start-up part failed');
    // Back to normal once the table is back.
    expect((await get(token, '/api/identity/start')).json<StartUp>().profile.status).toBe(200);
  });
});
