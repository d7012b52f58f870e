import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { clock } from '../../server/clock.ts';
import { createTestApp, ORIGIN, type TestApp } from '../support/app.ts';

/**
 * The NOW setting moves the app's clock (server/clock.ts): a server started with NOW in the past
 * seeds its demo content around that day and answers as on that day, in JavaScript and in SQL
 * (app_now()), on PGlite and PostgreSQL alike; its credentials stay on the real clock.
 */
const NOW = new Date('2025-06-16T15:00:00Z');
const DAY = '2025-06-16';
const dayOf = (at: string) => new Date(at).toISOString().slice(0, 10);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await t?.close();
});

const me = async (token: string) => {
  const res = await t.request(token, { method: 'GET', url: '/api/identity/me' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ createdAt: string }>();
};

describe('a server started with NOW in the past', () => {
  it('runs its clock from NOW, and app_now() in SQL reads the same clock', async () => {
    const elapsed = clock.ms() - NOW.getTime();
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThan(10 * 60_000);
    const [row] = await t.query<{ at: string }>(sql`select to_char(app_now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`);
    expect(Math.abs(Date.parse(row!.at) - clock.ms())).toBeLessThan(60_000);
  });

  it('seeded the demo content around that day: the account that joined today joined on NOW’s day', async () => {
    expect(dayOf((await me(await t.login('new.teacher@example.org'))).createdAt)).toBe(DAY);
  });

  it('stamps a new account with that day (a column default)', async () => {
    expect(dayOf((await me(await t.demo(`clock.${randomUUID()}@example.org`))).createdAt)).toBe(DAY);
  });

  it('stamps a rating with that day', async () => {
    const [item] = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where status = 'PUBLISHED' and resource_type = 'LEARNING_OBJECT' order by public_id limit 1`);
    const res = await t.request(await t.login('free@example.org'), { method: 'POST', url: `/api/catalog/items/${item!.id}/ratings`, payload: { value: 4 } });
    expect(res.statusCode, res.body).toBe(201);
    expect(dayOf(res.json().createdAt)).toBe(DAY);
  });

  it('takes a learner event stamped then, not as two weeks old', async () => {
    const accessToken = await t.login('educator01@northwind.example.org');
    const data = [{ id: randomUUID(), type: 'LEARNER_LOGIN', timeStamp: clock.now().toISOString(), data: {} }];
    const res = await t.app.inject({ method: 'POST', url: '/api/learner/events', headers: { origin: ORIGIN }, payload: { accessToken, data } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 1, rejected: 0 });
  });

  it('reports usage for the 30 days up to that day by default, with the logins seeded in them', async () => {
    const res = await t.request(await t.login('school.admin@maple.northwind.example.org'), { method: 'GET', url: '/api/reporting' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<{ from: string; to: string; logins: { count: number; days: { date: string; count: number }[] } }>();
    expect(report).toMatchObject({ from: '2025-05-18', to: DAY });
    expect(report.logins.days).toHaveLength(30);
    expect(report.logins.count).toBeGreaterThan(0);
    // The seed's logins run up to NOW: the last week of the period has some.
    expect(report.logins.days.slice(-7).some((d) => d.count > 0)).toBe(true);
  });

  it('keeps credentials on the real clock: an access token is issued and expires in real time', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email: 'free@example.org', password: 'Welcome-2026!' } });
    expect(res.statusCode, res.body).toBe(200);
    const { iat, exp } = decodeJwt(res.json().accessToken);
    expect(Math.abs(iat! * 1000 - Date.now())).toBeLessThan(60_000);
    expect(exp! * 1000).toBeGreaterThan(Date.now());
  });
});
