import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, ORIGIN, type TestApp } from '../support/app.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';
import { openVideo, type PlaySession } from '../support/watching.ts';

/** Progress, achievements and reports are derived on the server from events and actions. */
let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;
let token: string;
let items: { id: string; publicId: string; title: string }[];

const event = (type: string, data: Record<string, unknown> = {}, at = new Date()) => ({ id: randomUUID(), type, timeStamp: at.toISOString(), data });
const send = (events: object[], accessToken = token, origin: string | undefined = ORIGIN) =>
  t.app.inject({ method: 'POST', url: '/api/learner/events', headers: origin ? { origin } : {}, payload: { accessToken, data: events } });
const progressOf = async (itemId: string, as = token) => {
  const res = await t.request(as, { method: 'GET', url: '/api/progress' });
  return res.json().catalogItemsProgress.find((p: { catalogItemId: string }) => p.catalogItemId === itemId);
};
/**
 * The learner opened the item's video `secondsAgo` and has been on the page since: what the
 * server measures the seconds a play session covered against.
 */
const openedVideo = (itemId: string, secondsAgo = 3600, as = token) => openVideo(t, as, itemId, secondsAgo);
/** The event data of a play session that has covered the first `percent` of the video. */
const covered = (session: PlaySession, percent: number) => ({ playSessionId: session.id, watched: [[0, (session.durationSeconds * percent) / 100]] });
const achievements = async (as = token) =>
  Object.fromEntries((await t.request(as, { method: 'GET', url: '/api/profile/achievements' })).json().data.map((a: { name: string; value: number }) => [a.name, a.value]));

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
  // A learner with no history, so every count below starts from zero.
  token = await t.login(ACCOUNTS.free);
  items = await t.query(sql`select id::text as id, public_id as "publicId", title from catalog_items where resource_type = 'LEARNING_OBJECT' order by public_id limit 5`);
});
afterAll(() => t?.close());

describe('learner events', () => {
  it('marks a video watched at 90% and not at 89%', async () => {
    const [a] = items;
    const session = await openedVideo(a!.id);
    await send([event('VIDEO_TIMEUPDATED', { catalogItemId: a!.id, ...covered(session, 89), position: 20 })]);
    expect((await progressOf(a!.id)).videoProgress).toBe(89);
    expect((await achievements()).strategiesWatched).toBe(0);
    await send([event('VIDEO_TIMEUPDATED', { catalogItemId: a!.id, ...covered(session, 90), position: 22 })]);
    expect((await achievements()).strategiesWatched).toBe(1);
  });

  it('never lowers video progress when late events arrive', async () => {
    const [a] = items;
    const session = await openedVideo(a!.id);
    await send([event('VIDEO_TIMEUPDATED', { catalogItemId: a!.id, ...covered(session, 10), position: 2 }, new Date(Date.now() - 60_000))]);
    expect((await progressOf(a!.id)).videoProgress).toBe(90);
  });

  it('keeps the newest video position, where the player resumes', async () => {
    const [, , , , e] = items;
    const session = await openedVideo(e!.id);
    await send([event('VIDEO_PAUSED', { catalogItemId: e!.id, ...covered(session, 30), position: 12.5 })]);
    expect(await progressOf(e!.id)).toMatchObject({ videoProgress: 30, videoPosition: 12.5 });
    // Sought back and paused: the position follows, the watched percent does not shrink.
    await send([event('VIDEO_PAUSED', { catalogItemId: e!.id, ...covered(session, 30), position: 3 })]);
    expect(await progressOf(e!.id)).toMatchObject({ videoProgress: 30, videoPosition: 3 });
    // An older event delivered late (a queued beacon) does not move it.
    await send([event('VIDEO_PAUSED', { catalogItemId: e!.id, ...covered(session, 20), position: 14 }, new Date(Date.now() - 60_000))]);
    expect(await progressOf(e!.id)).toMatchObject({ videoProgress: 30, videoPosition: 3 });
  });

  it('takes a batch with several events on its items as those events one by one', async () => {
    const [f, g] = await t.query<{ id: string }>(
      sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' order by public_id offset 5 limit 2`,
    );
    // A learner of its own: the achievements counted below stay the first learner's.
    const learner = await t.login(ACCOUNTS.subscriber);
    const sf = await openedVideo(f!.id, 3600, learner);
    const sg = await openedVideo(g!.id, 3600, learner);
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000);
    const batch = [
      event('CATALOG_ITEM_VISITED', { catalogItemId: f!.id }, at(0)),
      event('VIDEO_TIMEUPDATED', { catalogItemId: f!.id, ...covered(sf, 50), position: 10 }, at(1)),
      event('VIDEO_TIMEUPDATED', { catalogItemId: g!.id, ...covered(sg, 20), position: 4 }, at(1)),
      event('VIDEO_TIMEUPDATED', { catalogItemId: f!.id, ...covered(sf, 92), position: 21 }, at(2)),
      event('VIDEO_TIMEUPDATED', { catalogItemId: f!.id, ...covered(sf, 95), position: 22 }, at(3)),
      // Sought back and paused: the newest position counts, the watched percent stays.
      event('VIDEO_PAUSED', { catalogItemId: f!.id, ...covered(sf, 95), position: 6 }, at(3.5)),
      event('CATALOG_ITEM_LEFT', { catalogItemId: f!.id }, at(4)),
    ];
    // Sent newest first: the server takes them in the order they happened.
    expect((await send([...batch].reverse(), learner)).json()).toMatchObject({ accepted: 7, duplicates: 0, rejected: 0 });
    const stored = await progressOf(f!.id, learner);
    expect(stored).toMatchObject({ videoProgress: 95, videoPosition: 6 });
    expect(Date.parse(stored.lastInteractionAt)).toBe(at(4).getTime());
    expect(await progressOf(g!.id, learner)).toMatchObject({ videoProgress: 20, videoPosition: 4 });
    // Watched when the first event reached 90 %.
    const [row] = await t.query<{ watched: string }>(
      sql`select to_char(watched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as watched from learner_progress
          where catalog_item_id = ${f!.id}::uuid and user_id = (select id from users where email = ${ACCOUNTS.subscriber})`,
    );
    expect(row!.watched).toBe(at(2).toISOString());
    // A late batch of older events moves neither the position nor the last interaction.
    expect((await send([event('VIDEO_PAUSED', { catalogItemId: f!.id, ...covered(sf, 60), position: 15 }, at(2.5))], learner)).json()).toMatchObject({ accepted: 1 });
    const after = await progressOf(f!.id, learner);
    expect(after).toMatchObject({ videoProgress: 95, videoPosition: 6 });
    expect(Date.parse(after.lastInteractionAt)).toBe(at(4).getTime());
  });

  it('stores a retried batch once', async () => {
    const [, b] = items;
    const session = await openedVideo(b!.id);
    const batch = [event('CATALOG_ITEM_VISITED', { catalogItemId: b!.id }), event('VIDEO_TIMEUPDATED', { catalogItemId: b!.id, ...covered(session, 40) })];
    expect((await send(batch)).json()).toMatchObject({ accepted: 2, duplicates: 0, rejected: 0 });
    expect((await send(batch)).json()).toMatchObject({ accepted: 0, duplicates: 2, rejected: 0 });
    const [stored] = await t.query<{ n: number }>(sql`select count(*)::int as n from learner_events where id in (${sql.join(batch.map((e) => sql`${e.id}::uuid`), sql`, `)})`);
    expect(stored!.n).toBe(2);
  });

  it('accepts the beacon as text/plain (no CORS preflight)', async () => {
    const [, b] = items;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/learner/events',
      headers: { origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ accessToken: token, data: [event('VIDEO_PAUSED', { catalogItemId: b!.id, position: 4.5 })] }),
    });
    expect(res.json()).toMatchObject({ accepted: 1, duplicates: 0, rejected: 0 });
    expect((await progressOf(b!.id)).videoPosition).toBe(4.5);
  });

  it('refuses other origins, missing origins and bad tokens', async () => {
    const batch = [event('LEARNER_LOGIN')];
    expect((await send(batch, token, 'https://evil.example.org')).statusCode).toBe(403);
    expect((await send(batch, token, '')).statusCode).toBe(403);
    expect((await send(batch, `${token}x`)).statusCode).toBe(401);
  });

  it('refuses events stamped in the future, each with its reason', async () => {
    const res = await send([event('LEARNER_LOGIN', {}, new Date(Date.now() + 3600_000))]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 0, rejected: 1, results: [{ status: 'rejected', reason: 'TIMESTAMP_IN_FUTURE' }] });
  });
});

describe('progress from actions', () => {
  it('sets and clears each flag in the same transaction as the action', async () => {
    const [, , c] = items;
    const base = `/api/catalog/items/${c!.id}`;
    const rating = await t.request(token, { method: 'POST', url: `${base}/ratings`, payload: { value: 5 } });
    expect((await progressOf(c!.id)).isCatalogItemRated).toBe(true);
    // Its only step undone: the item is not started any more (nothing in progress to show).
    await t.request(token, { method: 'DELETE', url: `${base}/ratings/${rating.json().id}` });
    expect(await progressOf(c!.id)).toBeUndefined();
    await t.request(token, { method: 'POST', url: `${base}/strategy-application` });
    expect((await progressOf(c!.id)).isStrategyApplied).toBe(true);
    await t.request(token, { method: 'PUT', url: `${base}/rubric-scores`, payload: { value: 2 } });
    await t.request(token, { method: 'DELETE', url: `${base}/strategy-application` });
    expect((await progressOf(c!.id)).isStrategyApplied).toBe(false);
    await t.request(token, { method: 'PUT', url: `${base}/rubric-scores`, payload: { value: 2 } });
    expect((await progressOf(c!.id)).isRubricScoreSaved).toBe(true);
    await t.request(token, { method: 'GET', url: `${base}/reproducibles?archiveName=files` });
    expect((await progressOf(c!.id)).areReproduciblesDownloaded).toBe(true);
  });

  it('completes a strategy when all five steps are done', async () => {
    const [, , , d] = items;
    const base = `/api/catalog/items/${d!.id}`;
    const session = await openedVideo(d!.id);
    await send([event('VIDEO_TIMEUPDATED', { catalogItemId: d!.id, ...covered(session, 100) })]);
    await t.request(token, { method: 'GET', url: `${base}/reproducibles?archiveName=files` });
    await t.request(token, { method: 'PUT', url: `${base}/rubric-scores`, payload: { value: 4 } });
    await t.request(token, { method: 'POST', url: `${base}/ratings`, payload: { value: 4 } });
    const inProgressBefore = (await t.request(token, { method: 'GET', url: '/api/profile/in-progress' })).json().catalogItemsInProgress.map((r: { catalogItem: { id: string } }) => r.catalogItem.id);
    expect(inProgressBefore).toContain(d!.id);
    await t.request(token, { method: 'POST', url: `${base}/strategy-application` });
    const completed = (await t.request(token, { method: 'GET', url: '/api/profile/interactions?filter=COMPLETED' })).json();
    expect(completed.items.map((r: { catalogItemId: string }) => r.catalogItemId)).toEqual([d!.id]);
    expect(completed.items[0]).toMatchObject({ progress: 'YES', progressPercent: 100, watched: 'YES', downloaded: 'YES', rubricScored: 'YES', rated: 'YES', applied: 'YES' });
    const inProgressAfter = (await t.request(token, { method: 'GET', url: '/api/profile/in-progress' })).json().catalogItemsInProgress.map((r: { catalogItem: { id: string } }) => r.catalogItem.id);
    expect(inProgressAfter).not.toContain(d!.id);
  });

  it('orders in-progress by the latest interaction and cuts the dashboard list to 3', async () => {
    await send([event('CATALOG_ITEM_VISITED', { catalogItemId: items[4]!.id })]);
    const list = (await t.request(token, { method: 'GET', url: '/api/profile/in-progress' })).json().catalogItemsInProgress;
    const times = list.map((r: { progress: { lastInteractionAt: string } }) => Date.parse(r.progress.lastInteractionAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.length).toBeGreaterThan(3);
    const dashboard = (await t.request(token, { method: 'GET', url: '/api/catalog/recommendations/in-progress' })).json().data;
    expect(dashboard.map((i: { id: string }) => i.id)).toEqual(list.slice(0, 3).map((r: { catalogItem: { id: string } }) => r.catalogItem.id));
  });

  it('counts achievements from progress and bookmarks', async () => {
    await t.request(token, { method: 'POST', url: '/api/profile/bookmarks', payload: { catalogItemId: items[4]!.id } });
    const counts = await achievements();
    expect(counts).toMatchObject({ strategiesSaved: 1, strategiesApplied: 1, strategiesRated: 1, rubricsScored: 2, resourcesDownloaded: 2, strategiesWatched: 2 });
    const saved = (await t.request(token, { method: 'GET', url: '/api/profile/interactions?filter=SAVED' })).json();
    expect(saved.items.map((r: { catalogItemId: string }) => r.catalogItemId)).toEqual([items[4]!.id]);
  });

  it('filters the catalogue by the learner progress state', async () => {
    const completed = (await t.request(token, { method: 'GET', url: '/api/catalog/items?progress=COMPLETED' })).json();
    expect(completed.items.map((i: { id: string }) => i.id)).toEqual([items[3]!.id]);
    const saved = (await t.request(token, { method: 'GET', url: '/api/catalog/items?progress=SAVED' })).json();
    expect(saved.total).toBe(1);
  });

  it('combines the progress filter with a text search', async () => {
    const words = encodeURIComponent(`"${items[3]!.title}"`);
    const search = async (progress: string) =>
      (await t.request(token, { method: 'GET', url: `/api/catalog/search?q=${words}&progress=${progress}` })).json().items.map((i: { id: string }) => i.id);
    expect(await search('COMPLETED')).toEqual([items[3]!.id]);
    expect(await search('NOT_STARTED')).not.toContain(items[3]!.id);
    expect(await search('SAVED')).toEqual([]);
  });

  it('counts today in the streak', async () => {
    const streaks = (await t.request(token, { method: 'GET', url: '/api/profile/system-streaks' })).json();
    expect(streaks).toMatchObject({ activeToday: true });
    expect(streaks.currentStreak).toBeGreaterThanOrEqual(1);
  });
});

// The report's figures against the stored data: tests/api/usage.test.ts.
describe('usage report', () => {
  it('counts a new login event and lists users with search, sort and paging', async () => {
    const admin = world.tokens.districtAdmin;
    const before = (await t.request(admin, { method: 'GET', url: '/api/reporting' })).json().logins.count;
    await send([event('LEARNER_LOGIN')], await t.login(ACCOUNTS.educator));
    expect((await t.request(admin, { method: 'GET', url: '/api/reporting' })).json().logins.count).toBe(before + 1);

    const page1 = (await t.request(admin, { method: 'GET', url: '/api/users?itemsPerPage=5&page=1&sortBy=email&sortAsc=false' })).json();
    const page2 = (await t.request(admin, { method: 'GET', url: '/api/users?itemsPerPage=5&page=2&sortBy=email&sortAsc=false' })).json();
    const all = (await t.request(admin, { method: 'GET', url: '/api/users?itemsPerPage=-1&sortBy=email&sortAsc=false' })).json();
    expect(all.items).toHaveLength(all.total);
    expect([...page1.items, ...page2.items].map((u: { email: string }) => u.email)).toEqual(all.items.slice(0, 10).map((u: { email: string }) => u.email));
    const found = (await t.request(admin, { method: 'GET', url: '/api/users?filter=EDUCATOR01' })).json();
    expect(found.items.map((u: { email: string }) => u.email)).toContain(ACCOUNTS.educator);
  });
});
