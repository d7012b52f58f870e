import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { clock, setClock } from '../../server/clock.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';
import { openVideo, sendEvents, videoEvent, type PlaySession } from '../support/watching.ts';

/**
 * Watched time the server can vouch for, and days that cannot be moved. Progress is the union of
 * the seconds a learner's play sessions covered, each session bounded by its time since it started at 2× playback, with no leeway that adds up; an
 * event counts for streaks on a day the server heard from the learner.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;
/** Strategies with a 30-minute video, each used by one test. */
let strategies: string[];
const HALF_HOUR = 1800;

type Answer = { accepted: number; duplicates: number; rejected: number; results: { id: string; status: string; reason?: string }[] };
const statuses = (answer: Answer) => answer.results.map((r) => r.reason ?? r.status);
const send = async (token: string, events: object[]) => {
  const res = await sendEvents(t, token, events);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
};
const progressOf = async (token: string, itemId: string) =>
  ((await t.request(token, { method: 'GET', url: '/api/progress' })).json().catalogItemsProgress as { catalogItemId: string; videoProgress: number }[]).find(
    (p) => p.catalogItemId === itemId,
  )?.videoProgress ?? 0;
const watchedCount = async (token: string) =>
  ((await t.request(token, { method: 'GET', url: '/api/profile/achievements' })).json().data as { name: string; value: number }[]).find((a) => a.name === 'strategiesWatched')!.value;
/** Moves the app's clock on by `seconds` (the server measures sessions on it). */
const wait = (seconds: number) => setClock(new Date(clock.ms() + seconds * 1000));
/** A timeupdate of `session` that has covered `ranges` so far, stamped now on the app's clock. */
const covered = (itemId: string, session: PlaySession, ranges: number[][], at = clock.now()) =>
  videoEvent('VIDEO_TIMEUPDATED', itemId, session, { watched: ranges, position: ranges.at(-1)?.[1] ?? 0 }, at);

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
  strategies = (
    await t.query<{ id: string }>(
      sql`select ci.id::text as id from catalog_items ci where ci.resource_type = 'LEARNING_OBJECT' and ci.video_id is not null order by ci.public_id desc limit 12`,
    )
  ).map((r) => r.id);
  // Each its own video, half an hour long.
  await t.query(sql`update videos set duration_seconds = ${HALF_HOUR} where id in (select video_id from catalog_items where id in (${sql.join(strategies.map((id) => sql`${id}::uuid`), sql`, `)}))`);
  expect(new Set((await t.query<{ v: string }>(sql`select video_id::text as v from catalog_items where id in (${sql.join(strategies.map((id) => sql`${id}::uuid`), sql`, `)})`)).map((r) => r.v)).size).toBe(strategies.length);
});
afterEach(() => setClock(null));
afterAll(() => t?.close());

describe('a video is watched only as fast as it can be watched', () => {
  it('181 events in a second do not take a 30-minute video anywhere, and nothing counts without a play session', async () => {
    const token = await t.login('educator11@northwind.example.org');
    const item = strategies[0]!;
    const before = await watchedCount(token);
    // Without asking for the video: no seconds count at all.
    const unasked = await send(token, [videoEvent('VIDEO_TIMEUPDATED', item, null, { watched: [[0, 10]], position: 10 })]);
    expect(statuses(unasked)).toEqual(['PLAY_SESSION_REQUIRED']);
    // The old trick: a progress figure, without a session, is not taken either.
    await send(token, [{ id: randomUUID(), type: 'VIDEO_TIMEUPDATED', timeStamp: new Date().toISOString(), data: { catalogItemId: item, progress: 90.5, position: 1629 } }]);
    expect(await progressOf(token, item)).toBe(0);
    // With a session, 181 timeupdates of 10 s each sent at once (in batches of 100, as a script would).
    const session = await openVideo(t, token, item);
    const events = Array.from({ length: 181 }, (_, i) => covered(item, session, [[0, (i + 1) * 10]]));
    const answers = [await send(token, events.slice(0, 100)), await send(token, events.slice(100))];
    const accepted = answers.reduce((n, a) => n + a.accepted, 0);
    // Only what the second since the session started allows at 2×: no 10 s step at all (the
    // 181st claims 1,810 s of a 1,800 s video).
    expect(accepted).toBe(0);
    expect(answers.flatMap(statuses)).toEqual([...Array<string>(180).fill('PROGRESS_NOT_WATCHED'), 'POSITION_BEYOND_END']);
    expect(await progressOf(token, item)).toBe(0);
    expect(await watchedCount(token)).toBe(before);
  });

  it('90 % of a 30-minute video needs 13.5 minutes at 2×, and sessions opened together share that time', async () => {
    const token = await t.login(ACCOUNTS.trial);
    const [item, other] = [strategies[1]!, strategies[2]!];
    const session = await openVideo(t, token, item);
    const ninety = [[0, 0.9 * HALF_HOUR]];
    wait(13 * 60);
    expect(statuses(await send(token, [covered(item, session, ninety)]))).toEqual(['PROGRESS_NOT_WATCHED']);
    expect(await progressOf(token, item)).toBe(0);
    // 13 minutes allow 26 of the 30 (86.6 %): taken, no more.
    expect(statuses(await send(token, [covered(item, session, [[0, 26 * 60]])]))).toEqual(['accepted']);
    expect(await progressOf(token, item)).toBe(86.6);
    wait(30);
    expect(statuses(await send(token, [covered(item, session, ninety)]))).toEqual(['accepted']);
    expect(await progressOf(token, item)).toBe(90);
    wait(600);
    // Ten sessions opened at once (ten tabs, or a script) each claiming its own tenth share one pair of eyes.
    const tabs = await Promise.all(Array.from({ length: 10 }, () => openVideo(t, token, other)));
    wait(60);
    const claims = tabs.map((tab, i) => covered(other, tab, [[i * 180, i * 180 + 60]]));
    const answer = await send(token, claims);
    // 60 s since they opened allow 120 s in all: two of the ten minute-long claims.
    expect(answer.accepted).toBe(2);
    expect(await progressOf(token, other)).toBe(6.6);
  });

  it('a certificate states the hours the server measured, not the videos\' lengths', async () => {
    const token = await t.login(ACCOUNTS.subscriber);
    const item = strategies[3]!;
    const [{ title }] = (await t.query<{ title: string }>(sql`select title from catalog_items where id = ${item}::uuid`)) as [{ title: string }];
    const session = await openVideo(t, token, item);
    wait(15 * 60);
    expect(statuses(await send(token, [covered(item, session, [[0, 0.9 * HALF_HOUR]])]))).toEqual(['accepted']);
    const base = `/api/catalog/items/${item}`;
    expect((await t.request(token, { method: 'GET', url: `${base}/reproducibles?archiveName=files` })).statusCode).toBe(200);
    expect((await t.request(token, { method: 'PUT', url: `${base}/rubric-scores`, payload: { value: 4 } })).statusCode).toBe(200);
    expect((await t.request(token, { method: 'POST', url: `${base}/ratings`, payload: { value: 4 } })).statusCode).toBe(201);
    expect((await t.request(token, { method: 'POST', url: `${base}/strategy-application` })).statusCode).toBe(201);
    const today = clock.now().toISOString().slice(0, 10);
    const res = await t.request(token, { method: 'POST', url: '/api/profile/certificates', payload: { from: today, to: today, timeZone: 'UTC' } });
    expect(res.statusCode, res.body).toBe(201);
    const certificate = res.json() as { code: string; hours: number; strategies: { title: string; minutes: number }[] };
    // 27 of the video's 30 minutes were watched; the hours add up the minutes watched.
    expect(certificate.strategies.find((s) => s.title === title)?.minutes).toBe(27);
    expect(certificate.hours).toBe(Math.round(certificate.strategies.reduce((sum, s) => sum + s.minutes, 0) / 6) / 10);
  });
});

describe('honest watching counts exactly as watched', () => {
  it('plays through at 1× with a timeupdate every 10 s', async () => {
    const token = await t.login('educator10@northwind.example.org');
    const item = strategies[4]!;
    const session = await openVideo(t, token, item);
    wait(2); // the player loads
    for (let s = 10; s <= 300; s += 10) {
      wait(10);
      expect(statuses(await send(token, [covered(item, session, [[0, s]])]))).toEqual(['accepted']);
    }
    expect(await progressOf(token, item)).toBe(16.6);
  });

  it('counts a second watched twice once (seeking back), and pauses cost nothing', async () => {
    const token = await t.login('educator09@northwind.example.org');
    const item = strategies[5]!;
    const session = await openVideo(t, token, item);
    wait(100);
    expect(statuses(await send(token, [covered(item, session, [[0, 90]])]))).toEqual(['accepted']);
    // Sought back to 0 and watched the first 90 s again: still 90 s of the video.
    wait(100);
    expect(statuses(await send(token, [covered(item, session, [[0, 90]])]))).toEqual(['accepted']);
    expect(await progressOf(token, item)).toBe(5);
    // Paused for an hour, then on at 2× from 90 s to 270 s in 90 s.
    wait(3600 + 90);
    expect(statuses(await send(token, [covered(item, session, [[0, 270]])]))).toEqual(['accepted']);
    expect(await progressOf(token, item)).toBe(15);
    // A later session adds what it covers to the union: 240 s to 360 s, of which 90 s are new.
    const again = await openVideo(t, token, item);
    expect(again.watched).toEqual([[0, 270]]);
    wait(120);
    expect(statuses(await send(token, [covered(item, again, [[240, 360]])]))).toEqual(['accepted']);
    expect(await progressOf(token, item)).toBe(20);
  });

  it('two tabs at 1× each count what each covered', async () => {
    const token = await t.login('educator08@northwind.example.org');
    const item = strategies[6]!;
    const [a, b] = [await openVideo(t, token, item), await openVideo(t, token, item)];
    wait(5);
    for (let s = 10; s <= 120; s += 10) {
      wait(10);
      const answer = await send(token, [covered(item, a, [[0, s]]), covered(item, b, [[900, 900 + s]])]);
      expect(statuses(answer), JSON.stringify(answer)).toEqual(['accepted', 'accepted']);
    }
    expect(await progressOf(token, item)).toBe(13.3);
  });

  it('takes an offline queue replayed hours later, and credits its days within the session', async () => {
    const token = await t.login(ACCOUNTS.educator);
    const item = strategies[7]!;
    // The session was issued yesterday; the device then went offline and played 5 minutes.
    const session = await openVideo(t, token, item, 26 * 3600);
    const startedAt = Date.now() - 26 * 3600_000;
    const queued = Array.from({ length: 30 }, (_, i) => covered(item, session, [[0, (i + 1) * 10]], new Date(startedAt + (i + 1) * 10_000 + 5000)));
    const answer = await send(token, queued);
    expect(answer).toMatchObject({ accepted: 30, rejected: 0 });
    expect(await progressOf(token, item)).toBe(16.6);
    const credited = await t.query<{ day: string; n: number }>(
      sql`select to_char(credited_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n from learner_events where id in (${sql.join(queued.map((e) => sql`${e.id}::uuid`), sql`, `)}) group by 1`,
    );
    // Each on the day it was played (the session's days), not today.
    const expected = new Map<string, number>();
    for (const e of queued) expected.set(e.timeStamp.slice(0, 10), (expected.get(e.timeStamp.slice(0, 10)) ?? 0) + 1);
    expect(new Map(credited.map((r) => [r.day, r.n]))).toEqual(expected);
    expect(expected.has(new Date().toISOString().slice(0, 10))).toBe(false);
  });
});

describe('days that cannot be moved', () => {
  const event = (type: string, at: Date, data: object = {}) => ({ id: randomUUID(), type, timeStamp: at.toISOString(), data });
  const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600_000);

  it('no single request creates a past streak day', async () => {
    // A learner with no history.
    const token = await t.login(ACCOUNTS.free);
    const streaks = async () => (await t.request(token, { method: 'GET', url: '/api/profile/system-streaks?timeZone=UTC' })).json() as { currentStreak: number; days: { date: string; active: boolean }[] };
    const before = await streaks();
    const item = strategies[8]!;
    const answer = await send(token, [event('CATALOG_ITEM_VISITED', daysAgo(13), { catalogItemId: item }), event('CATALOG_ITEM_VISITED', daysAgo(6), { catalogItemId: item }), event('CATALOG_ITEM_VISITED', new Date(), { catalogItemId: item })]);
    expect(answer.accepted).toBe(3);
    const after = await streaks();
    // All three count for today, the day the server heard of them: a streak of one week, not three.
    expect(before).toMatchObject({ currentStreak: 0 });
    expect(after.days.filter((d) => d.active).map((d) => d.date)).toEqual([new Date().toISOString().slice(0, 10)]);
    expect(after.currentStreak).toBe(1);
    // A play session's queued event keeps no day before the session started.
    const session = await openVideo(t, token, item);
    await send(token, [covered(item, session, [], daysAgo(10))]);
    expect((await streaks()).days.filter((d) => d.active).length).toBe(after.days.filter((d) => d.active).length);
  });

  it('a sign-in dated days ago counts today, in the report and once', async () => {
    const email = 'educator06@northwind.example.org';
    const token = await t.login(email);
    const admin = world.tokens.districtAdmin;
    const report = async () => (await t.request(admin, { method: 'GET', url: '/api/reporting?timeZone=UTC' })).json() as { logins: { count: number; days: { date: string; count: number }[] } };
    const before = await report();
    const nineDaysAgo = daysAgo(9).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const answer = await send(token, [event('LEARNER_LOGIN', daysAgo(9))]);
    const after = await report();
    const on = (r: typeof before, date: string) => r.logins.days.find((d) => d.date === date)?.count;
    expect(on(after, nineDaysAgo)).toBe(on(before, nineDaysAgo));
    expect(statuses(answer)).toEqual(['accepted']);
    expect(on(after, today)).toBe(on(before, today)! + 1);
    const [stored] = await t.query<{ day: string }>(
      sql`select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day from learner_events e join users u on u.id = e.user_id where u.email = ${email} and e.type = 'LEARNER_LOGIN' order by received_at desc limit 1`,
    );
    expect(stored?.day).toBe(today);
  });

  it('answers an id sent twice in one batch as one event and duplicates', async () => {
    const token = await t.login('educator07@northwind.example.org');
    const visit = event('CATALOG_ITEM_VISITED', new Date(), { catalogItemId: strategies[9]! });
    const answer = await send(token, [visit, visit, visit]);
    expect(answer).toMatchObject({ accepted: 1, duplicates: 2, rejected: 0 });
    expect(answer.results.map((r) => r.status)).toEqual(['accepted', 'duplicate', 'duplicate']);
  });
});
