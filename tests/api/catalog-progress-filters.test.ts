import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, ORIGIN, type TestApp } from '../support/app.ts';
import { ACCOUNTS } from '../support/world.ts';
import { openVideo, videoEvent, watchVideo } from '../support/watching.ts';

/**
 * Lists and searches filtered by the learner's own progress or bookmarks: each shows the learner's
 * own items, never another learner's; whatever starts, completes or bookmarks an item shows in the
 * learner's next list, whether it came through the API or was written by another process (a query
 * of the test's own).
 */
type Page = { items: { id: string }[]; total: number };

describe('lists of the learner’s own items', () => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let otherToken: string;
  let otherId: string;
  /** Offered learning objects with a video and reproducibles, oldest public id first. */
  let strategies: string[];
  const list = async (progress: string, as = token): Promise<Page> => {
    const res = await t.request(as, { method: 'GET', url: `/api/catalog/items?progress=${progress}&limit=100` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ids = async (progress: string, as = token) => (await list(progress, as)).items.map((i) => i.id);
  const userOf = (accessToken: string) => (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const start = (user: string, item: string) =>
    t.query(sql`insert into learner_progress (user_id, catalog_item_id) values (${user}::uuid, ${item}::uuid) on conflict do nothing`);
  const send = (events: object[]) =>
    t.app.inject({ method: 'POST', url: '/api/learner/events', headers: { origin: ORIGIN }, payload: { accessToken: token, data: events } });

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login(ACCOUNTS.free);
    otherToken = await t.login(ACCOUNTS.subscriber);
    userId = userOf(token);
    otherId = userOf(otherToken);
    strategies = (
      await t.query<{ id: string }>(sql`
        select ci.id::text as id from catalog_items ci
        where ci.resource_type = 'LEARNING_OBJECT' and ci.status = 'PUBLISHED' and ci.video_id is not null
          and exists (select 1 from reproducible_files r where r.catalog_item_id = ci.id)
          and not exists (select 1 from learner_progress p where p.catalog_item_id = ci.id and p.user_id in (${userId}::uuid, ${otherId}::uuid))
        order by ci.public_id limit 8`)
    ).map((r) => r.id);
    expect(strategies.length).toBe(8);
  });
  afterAll(() => t?.close());

  it('shows each learner their own items, in the list and the search', async () => {
    await start(userId, strategies[0]!);
    await start(otherId, strategies[1]!);
    for (let round = 0; round < 2; round++) {
      expect(await ids('IN_PROGRESS')).toContain(strategies[0]);
      expect(await ids('IN_PROGRESS')).not.toContain(strategies[1]);
      expect(await ids('IN_PROGRESS', otherToken)).toContain(strategies[1]);
      expect(await ids('IN_PROGRESS', otherToken)).not.toContain(strategies[0]);
    }
    const truth = async (user: string) =>
      (await t.query<{ id: string }>(sql`
        select ci.id::text as id from learner_progress p join catalog_items ci on ci.id = p.catalog_item_id
        where p.user_id = ${user}::uuid and ci.status = 'PUBLISHED' and not (p.video_progress >= 90 and (ci.resource_type <> 'LEARNING_OBJECT'
          or (p.are_reproducibles_downloaded and p.is_catalog_item_rated and p.is_rubric_score_saved and p.is_strategy_applied)))
        order by ci.created_at desc, ci.id`)).map((r) => r.id);
    expect(await ids('IN_PROGRESS')).toEqual(await truth(userId));
    expect(await ids('IN_PROGRESS', otherToken)).toEqual(await truth(otherId));
    const [{ title }] = (await t.query<{ title: string }>(sql`select title from catalog_items where id = ${strategies[1]!}::uuid`)) as [{ title: string }];
    const search = (as: string) => t.request(as, { method: 'GET', url: `/api/catalog/search?q=${encodeURIComponent(`"${title}"`)}&progress=IN_PROGRESS` });
    for (let round = 0; round < 2; round++) {
      expect((await search(otherToken)).json().items.map((i: { id: string }) => i.id)).toContain(strategies[1]);
      expect((await search(token)).json().items.map((i: { id: string }) => i.id)).not.toContain(strategies[1]);
    }
  });

  it('shows a write made elsewhere in the next list', async () => {
    const before = await ids('IN_PROGRESS');
    const notStarted = (await list('NOT_STARTED')).total;
    await start(userId, strategies[2]!);
    expect(await ids('IN_PROGRESS')).toContain(strategies[2]);
    expect((await list('NOT_STARTED')).total).toBe(notStarted - 1);
    // Moving the video's position changes neither list.
    await t.query(sql`update learner_progress set video_position = video_position + 1, video_progress = 10 where user_id = ${userId}::uuid and catalog_item_id = ${strategies[0]!}::uuid`);
    expect(await ids('IN_PROGRESS')).toContain(strategies[2]);
    // Another learner's change leaves this learner's lists alone.
    await start(otherId, strategies[3]!);
    expect(await ids('IN_PROGRESS')).not.toContain(strategies[3]);
    // The learner's own change shows with everything before it.
    await start(userId, strategies[3]!);
    expect(await ids('IN_PROGRESS')).toEqual(expect.arrayContaining([...before, strategies[2], strategies[3]]));
    expect((await list('NOT_STARTED')).total).toBe(notStarted - 2);
  });

  it('moves an item to completed when its video crosses 90 % or its last step is done', async () => {
    const item = strategies[4]!;
    await start(userId, item);
    await t.query(sql`update learner_progress set are_reproducibles_downloaded = true, is_catalog_item_rated = true, is_rubric_score_saved = true, video_progress = 89
                      where user_id = ${userId}::uuid and catalog_item_id = ${item}::uuid`);
    expect(await ids('COMPLETED')).not.toContain(item);
    expect(await ids('IN_PROGRESS')).toContain(item);
    await t.query(sql`update learner_progress set is_strategy_applied = true where user_id = ${userId}::uuid and catalog_item_id = ${item}::uuid`);
    expect(await ids('IN_PROGRESS')).toContain(item);
    await t.query(sql`update learner_progress set video_progress = 90 where user_id = ${userId}::uuid and catalog_item_id = ${item}::uuid`);
    expect(await ids('COMPLETED')).toContain(item);
    expect(await ids('IN_PROGRESS')).not.toContain(item);
    await t.query(sql`update learner_progress set is_strategy_applied = false where user_id = ${userId}::uuid and catalog_item_id = ${item}::uuid`);
    expect(await ids('COMPLETED')).not.toContain(item);
    expect(await ids('IN_PROGRESS')).toContain(item);
  });

  it('shows what the learner does through the API in their next list', async () => {
    const item = strategies[5]!;
    const base = `/api/catalog/items/${item}`;
    expect(await ids('IN_PROGRESS')).not.toContain(item);
    expect(await ids('SAVED')).not.toContain(item);
    // Opening the video (a GET) and visiting the page start nothing: a visit is not progress.
    expect((await t.request(token, { method: 'GET', url: `${base}/video` })).statusCode).toBe(200);
    expect((await send([{ id: randomUUID(), type: 'CATALOG_ITEM_VISITED', timeStamp: new Date().toISOString(), data: { catalogItemId: item } }])).json()).toMatchObject({ accepted: 1 });
    expect(await ids('IN_PROGRESS')).not.toContain(item);
    expect(await ids('NOT_STARTED')).toContain(item);
    // The first step starts it. The steps through the API, then the video watched past 90 % in
    // learner events (an hour ago).
    expect((await t.request(token, { method: 'POST', url: `${base}/ratings`, payload: { value: 4 } })).statusCode).toBe(201);
    expect(await ids('IN_PROGRESS')).toContain(item);
    expect((await t.request(token, { method: 'PUT', url: `${base}/rubric-scores`, payload: { value: 3 } })).statusCode).toBe(200);
    expect((await t.request(token, { method: 'POST', url: `${base}/strategy-application` })).statusCode).toBeLessThan(300);
    expect(await ids('COMPLETED')).not.toContain(item);
    expect((await t.request(token, { method: 'GET', url: `${base}/reproducibles?archiveName=files` })).statusCode).toBe(200);
    expect(await ids('COMPLETED')).not.toContain(item);
    // A play session opened an hour ago.
    const session = await openVideo(t, token, item, 3600);
    expect(await ids('COMPLETED')).not.toContain(item);
    const res = await send([videoEvent('VIDEO_TIMEUPDATED', item, session, { watched: [[0, session.durationSeconds * 0.95]] })]);
    expect(res.json(), res.body).toMatchObject({ accepted: 1 });
    expect(await ids('COMPLETED')).toContain(item);
    expect(await ids('IN_PROGRESS')).not.toContain(item);
    // Another item whose last step is the download (a GET).
    const other = strategies[7]!;
    expect(await watchVideo(t, token, other, 95)).toMatchObject({ accepted: 1 });
    for (const [method, url, payload] of [['POST', 'ratings', { value: 5 }], ['PUT', 'rubric-scores', { value: 4 }], ['POST', 'strategy-application', undefined]] as const) {
      expect((await t.request(token, { method, url: `/api/catalog/items/${other}/${url}`, payload })).statusCode).toBeLessThan(300);
    }
    expect(await ids('COMPLETED')).not.toContain(other);
    expect((await t.request(token, { method: 'GET', url: `/api/catalog/items/${other}/reproducibles?archiveName=files` })).statusCode).toBe(200);
    expect(await ids('COMPLETED')).toContain(other);
    // A bookmark, and its removal.
    expect((await t.request(token, { method: 'POST', url: '/api/profile/bookmarks', payload: { catalogItemId: item } })).statusCode).toBeLessThan(300);
    expect(await ids('SAVED')).toContain(item);
    expect((await t.request(token, { method: 'DELETE', url: `/api/profile/bookmarks?catalogItemId=${item}` })).statusCode).toBeLessThan(300);
    expect(await ids('SAVED')).not.toContain(item);
  });

  it('shows the catalogue’s changes in the learner’s lists', async () => {
    const item = strategies[6]!;
    await start(userId, item);
    expect(await ids('IN_PROGRESS')).toContain(item);
    await t.query(sql`update catalog_items set status = 'ARCHIVED' where id = ${item}::uuid`);
    expect(await ids('IN_PROGRESS')).not.toContain(item);
    await t.query(sql`update catalog_items set status = 'PUBLISHED' where id = ${item}::uuid`);
    expect(await ids('IN_PROGRESS')).toContain(item);
  });
});
