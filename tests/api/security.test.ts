import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, ORIGIN, type TestApp } from '../support/app.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';
import { openVideo } from '../support/watching.ts';

/**
 * Regression tests for what an attacker or a careless client tried: learner events that claimed
 * what the user could not do, unbounded ingestion, and an answer that told whether an e-mail has
 * an account. Each test repeats the attack and checks that the figures school leaders read did
 * not move. (Sessions that end are tested with the provider, in identity-provider.test.ts.)
 */

let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;
let strategy: { id: string } | undefined;
let livestream: { id: string } | undefined;
let withoutVideo: { id: string } | undefined;

type Verdict = { id: string; status: string; reason?: string };
type Answer = { accepted: number; duplicates: number; rejected: number; results: Verdict[] };

const event = (type: string, data: Record<string, unknown> = {}, at = new Date()) => ({ id: randomUUID(), type, timeStamp: at.toISOString(), data });
const beacon = (app: TestApp, accessToken: string, data: object[]) =>
  app.app.inject({ method: 'POST', url: '/api/learner/events', headers: { origin: ORIGIN }, payload: { accessToken, data } });
const send = async (accessToken: string, data: object[], app = t) => {
  const res = await beacon(app, accessToken, data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Answer>();
};
const progressOf = async (token: string, itemId: string) =>
  (await t.request(token, { method: 'GET', url: '/api/progress' })).json().catalogItemsProgress.find((p: { catalogItemId: string }) => p.catalogItemId === itemId);
const achievements = async (token: string) =>
  Object.fromEntries((await t.request(token, { method: 'GET', url: '/api/profile/achievements' })).json().data.map((a: { name: string; value: number }) => [a.name, a.value]));
const reasons = (answer: Answer) => answer.results.map((r) => r.reason ?? r.status);

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
  [strategy] = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' order by public_id offset 7 limit 1`);
  [livestream] = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type = 'LIVESTREAM' limit 1`);
  [withoutVideo] = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where video_id is null limit 1`);
});
afterAll(() => t?.close());

describe('learner events are evidence', () => {
  it('a user without access cannot download, watch or complete anything by event', async () => {
    const token = await t.login(ACCOUNTS.noAccess);
    const before = await achievements(token);
    const answer = await send(token, [
      event('REPRODUCIBLES_DOWNLOADED', { catalogItemId: strategy!.id }),
      event('VIDEO_TIMEUPDATED', { catalogItemId: strategy!.id, watched: [[0, 20]], position: 20 }),
      event('CATALOG_ITEM_VISITED', { catalogItemId: strategy!.id }),
    ]);
    expect(reasons(answer)).toEqual(['SUBSCRIPTION_REQUIRED', 'SUBSCRIPTION_REQUIRED', 'accepted']);
    // The visit counts as browsing, not progress; nothing reached the progress or the achievements.
    expect(await progressOf(token, strategy!.id)).toBeUndefined();
    const after = await achievements(token);
    for (const name of ['strategiesWatched', 'resourcesDownloaded', 'strategiesApplied']) expect(after[name], name).toBe(before[name]);
  });

  it('a demo user may browse and watch, not take a full account\'s steps', async () => {
    const token = world.tokens.demo;
    const answer = await send(token, [
      event('REPRODUCIBLES_DOWNLOADED', { catalogItemId: strategy!.id }),
      event('STRATEGY_APPLICATION_UPDATED', { catalogItemId: strategy!.id, applied: true }),
      event('CATALOG_ITEM_VISITED', { catalogItemId: strategy!.id }),
    ]);
    expect(reasons(answer)).toEqual(['DEMO_ACCOUNT', 'DEMO_ACCOUNT', 'accepted']);
    expect(await progressOf(token, strategy!.id)).toBeUndefined();
  });

  it('a video is not "watched" by one event: progress grows only as fast as watching allows', async () => {
    const token = await t.login(ACCOUNTS.subscriber);
    const watchedBefore = (await achievements(token)).strategiesWatched;
    // A strategy this learner has never touched.
    const [untouched] = await t.query<{ id: string }>(sql`select ci.id::text as id from catalog_items ci where ci.resource_type = 'LEARNING_OBJECT' and ci.video_id is not null
      and not exists (select 1 from learner_progress p join users u on u.id = p.user_id where p.catalog_item_id = ci.id and u.email = ${ACCOUNTS.subscriber}) order by ci.public_id limit 1`);
    const strategy = untouched!;
    const [{ seconds } = { seconds: 0 }] = await t.query<{ seconds: number }>(sql`select v.duration_seconds as seconds from catalog_items ci join videos v on v.id = ci.video_id where ci.id = ${strategy!.id}::uuid`);
    // Never opened: nothing can have been watched.
    expect(reasons(await send(token, [event('VIDEO_TIMEUPDATED', { catalogItemId: strategy!.id, watched: [[0, seconds]], position: seconds })]))).toEqual(['PLAY_SESSION_REQUIRED']);
    // Opened a moment ago: the whole video in one event still is not watching.
    const session = await openVideo(t, token, strategy!.id);
    const claim = (watched: number[][], position: number, at?: Date) => event('VIDEO_TIMEUPDATED', { catalogItemId: strategy!.id, playSessionId: session.id, watched, position }, at);
    expect(reasons(await send(token, [claim([[0, seconds]], seconds)]))).toEqual(['PROGRESS_NOT_WATCHED']);
    expect(reasons(await send(token, [event('VIDEO_PAUSED', { catalogItemId: strategy!.id, playSessionId: session.id, position: 999 })]))).toEqual(['POSITION_BEYOND_END']);
    // Nor someone else's session, or a session of another video.
    const others = await openVideo(t, await t.login(ACCOUNTS.educator), strategy!.id, 3600);
    expect(reasons(await send(token, [event('VIDEO_TIMEUPDATED', { catalogItemId: strategy!.id, playSessionId: others.id, watched: [[0, 1]] })]))).toEqual(['UNKNOWN_PLAY_SESSION']);
    // Nothing watched: the video asked for did not start the item.
    expect(await progressOf(token, strategy!.id)).toBeUndefined();
    expect((await achievements(token)).strategiesWatched).toBe(watchedBefore);
    // Watching as a player reports it: each event the seconds covered so far, as far as the time since the session started allows.
    await t.query(sql`update play_sessions set started_at = started_at - interval '5 minutes' where id = ${session.id}::uuid`);
    const start = Date.now() - 60_000;
    const steps = [30, 60, 95].map((percent, i) => claim([[0, (seconds * percent) / 100]], (seconds * percent) / 100, new Date(start + (i + 1) * 1000)));
    expect(reasons(await send(token, steps))).toEqual(['accepted', 'accepted', 'accepted']);
    expect((await progressOf(token, strategy!.id)).videoProgress).toBe(95);
  });

  it('refuses timestamps outside the window the offline queue can hold', async () => {
    const token = await t.login(ACCOUNTS.subscriber);
    const answer = await send(token, [
      { ...event('CATALOG_ITEM_VISITED', { catalogItemId: strategy!.id }), timeStamp: '0001-01-01T00:00:00Z' },
      event('CATALOG_ITEM_VISITED', { catalogItemId: strategy!.id }, new Date(Date.now() - 400 * 24 * 3600 * 1000)),
      event('CATALOG_ITEM_VISITED', { catalogItemId: strategy!.id }, new Date(Date.now() + 3600 * 1000)),
      event('CATALOG_ITEM_VISITED', { catalogItemId: strategy!.id }, new Date(Date.now() - 13 * 24 * 3600 * 1000)),
    ]);
    expect(reasons(answer)).toEqual(['TIMESTAMP_TOO_OLD', 'TIMESTAMP_TOO_OLD', 'TIMESTAMP_IN_FUTURE', 'accepted']);
    const ids = answer.results.map((r) => sql`${r.id}::uuid`);
    const [stored] = await t.query<{ n: number }>(sql`select count(*)::int as n from learner_events where id in (${sql.join(ids, sql`, `)})`);
    expect(stored!.n).toBe(1);
  });

  it('needs an existing item of the right kind', async () => {
    const token = await t.login(ACCOUNTS.subscriber);
    const answer = await send(token, [
      event('CATALOG_ITEM_VISITED', { catalogItemId: randomUUID() }),
      event('RUBRIC_SCORE_SAVED', { catalogItemId: livestream!.id, value: 3 }),
      event('VIDEO_PLAYED', { catalogItemId: withoutVideo!.id, position: 0 }),
      event('CATALOG_ITEM_RATED'),
    ]);
    expect(reasons(answer)).toEqual(['UNKNOWN_ITEM', 'NOT_A_STRATEGY', 'NO_VIDEO', 'ITEM_REQUIRED']);
  });

  it('answers every event in the order sent, and a retried batch as duplicates', async () => {
    const token = await t.login(ACCOUNTS.subscriber);
    const batch = [event('CATALOG_ITEM_VISITED', { catalogItemId: strategy!.id }), event('CATALOG_ITEM_VISITED', { catalogItemId: randomUUID() }), event('CATALOG_ITEM_LEFT', { catalogItemId: strategy!.id })];
    const first = await send(token, batch);
    expect(first).toMatchObject({ accepted: 2, duplicates: 0, rejected: 1 });
    expect(first.results.map((r) => r.id)).toEqual(batch.map((e) => e.id));
    expect(await send(token, batch)).toMatchObject({ accepted: 0, duplicates: 2, rejected: 1 });
  });

  it('a hundred sign-ins in one request move the Logins card by one at most', async () => {
    const admin = world.tokens.districtAdmin;
    const logins = async () => (await t.request(admin, { method: 'GET', url: '/api/reporting' })).json().logins.count as number;
    const before = await logins();
    const token = await t.login(ACCOUNTS.educator);
    const answer = await send(token, Array.from({ length: 100 }, () => event('LEARNER_LOGIN')));
    expect(answer.accepted).toBeLessThanOrEqual(1);
    expect(answer.results.filter((r) => r.reason === 'ALREADY_COUNTED_TODAY')).toHaveLength(100 - answer.accepted);
    expect(await logins()).toBe(before + answer.accepted);
    // Another request the same day changes nothing either.
    expect((await send(token, [event('LEARNER_LOGIN')])).accepted).toBe(0);
    expect(await logins()).toBe(before + answer.accepted);
  });
});

describe('bounded ingestion', () => {
  it('keeps no anonymous page views, and only the path of a signed-in one', async () => {
    const count = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from page_views`))[0]!.n;
    const before = await count();
    const long = `/${'x'.repeat(1999)}`;
    for (let i = 0; i < 200; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/reporting/event', payload: { event: 'PAGE_VIEW', properties: { from: long, to: long } } });
      expect(res.statusCode).toBe(204);
    }
    expect(await count()).toBe(before);
    const token = await t.login(ACCOUNTS.subscriber);
    await t.request(token, { method: 'POST', url: '/api/reporting/event', payload: { event: 'PAGE_VIEW', properties: { from: '/catalog?search=my+private+search', to: long } } });
    const [view] = await t.query<{ fromPath: string; toPath: string }>(sql`select from_path as "fromPath", to_path as "toPath" from page_views order by id desc limit 1`);
    expect(view).toEqual({ fromPath: '/catalog', toPath: long.slice(0, 512) });
  });

  it('limits beacons per address and events per user', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_BEACONS_PER_ADDRESS: '12', RATE_LIMIT_EVENTS_PER_USER: '150', RATE_LIMIT_PAGE_VIEWS_PER_USER: '3' } });
    try {
      const token = await limited.login(ACCOUNTS.subscriber);
      const visits = (n: number) => Array.from({ length: n }, () => event('CATALOG_ITEM_VISITED', { catalogItemId: strategy!.id }));
      expect((await send(token, visits(100), limited)).accepted).toBe(100);
      const second = await send(token, visits(100), limited);
      expect(second).toMatchObject({ accepted: 50, rejected: 50 });
      expect(second.results.slice(50).every((r) => r.reason === 'RATE_LIMITED')).toBe(true);
      const views = [];
      for (let i = 0; i < 4; i++) views.push((await limited.request(token, { method: 'POST', url: '/api/reporting/event', payload: { event: 'PAGE_VIEW', properties: { from: '/', to: '/catalog' } } })).statusCode);
      expect(views).toEqual([204, 204, 204, 429]);
      // Two beacons so far: the address may send ten more this minute, then it is refused.
      const statuses = [];
      for (let i = 0; i < 10; i++) statuses.push((await beacon(limited, token, visits(1))).statusCode);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refused = await beacon(limited, token, visits(1));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('shares the limits between server processes through Redis', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: `test-${randomUUID()}:`, RATE_LIMIT_EVENTS_PER_USER: '150', RATE_LIMIT_BEACONS_PER_ADDRESS: '5' };
    const [a, b] = [await createTestApp({ env }), await createTestApp({ env })];
    try {
      const visits = (n: number) => Array.from({ length: n }, () => event('CATALOG_ITEM_VISITED', { catalogItemId: strategy!.id }));
      expect((await send(await a.login(ACCOUNTS.trial), visits(100), a)).accepted).toBe(100);
      expect((await send(await b.login(ACCOUNTS.trial), visits(100), b)).accepted).toBe(50);
      // Two beacons so far from this address, across both: three more, then refused on either.
      expect((await beacon(a, await a.login(ACCOUNTS.trial), visits(1))).statusCode).toBe(200);
      expect((await beacon(b, await b.login(ACCOUNTS.trial), visits(1))).statusCode).toBe(200);
      expect((await beacon(a, await a.login(ACCOUNTS.trial), visits(1))).statusCode).toBe(200);
      expect((await beacon(b, await b.login(ACCOUNTS.trial), visits(1))).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('no account oracle', () => {
  const answer = async (app: TestApp, email: string) => (await app.app.inject({ method: 'POST', url: '/api/identity/authorize', payload: { email } })).json();

  it('gives every address the same answer with the embedded provider: the password form takes every account', async () => {
    const answers = await Promise.all([ACCOUNTS.free, ACCOUNTS.educator, world.schoolAdminEmail, `nobody-${randomUUID()}@example.org`].map((email) => answer(t, email)));
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ loginMethod: 'LOCAL' })]));
  });

  it('answers by domain only with an external provider', async () => {
    const external = await createTestApp({ env: { AUTH0_DOMAIN: 'https://tenant.example.auth0.com', PROVIDER_DOMAINS: 'northwind.example.org' } });
    try {
      expect(await answer(external, ACCOUNTS.educator)).toEqual({ loginMethod: 'PROVIDER' });
      expect(await answer(external, `nobody@maple.northwind.example.org`)).toEqual({ loginMethod: 'PROVIDER' });
      expect(await answer(external, ACCOUNTS.free)).toEqual({ loginMethod: 'LOCAL' });
      expect(await answer(external, `nobody-${randomUUID()}@example.org`)).toEqual({ loginMethod: 'LOCAL' });
    } finally {
      await external.close();
    }
  });
});
