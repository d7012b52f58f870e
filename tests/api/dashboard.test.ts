import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, ORIGIN, type TestApp } from '../support/app.ts';
import { ACCOUNTS } from '../support/world.ts';
import { RECOMMENDATION_LIMITS } from '../../server/routes/catalog.ts';
import { completedSql } from '../../server/services/progress.ts';
import { watchVideo } from '../support/watching.ts';

/** What the dashboard is made of follows the learner's progress, as the server decides it. */
let t: TestApp;
let token: string;
let userId: string;

type Summary = { id: string };
type Progress = { catalogItemId: string; completed: boolean; videoProgress: number };

const ids = (list: Summary[]) => list.map((i) => i.id);
const get = async <T,>(url: string) => (await t.request(token, { method: 'GET', url })).json() as T;
const progressOf = async (itemId: string) =>
  (await get<{ catalogItemsProgress: Progress[] }>('/api/progress')).catalogItemsProgress.find((p) => p.catalogItemId === itemId);
const inProgress = async () => ids((await get<{ data: Summary[] }>('/api/catalog/recommendations/in-progress')).data);
const recommended = async (query = '') => ids((await get<{ data: Summary[] }>(`/api/catalog/recommendations/recommended${query}`)).data);
const me = () => get<{ previousVisitOn: string | null }>('/api/identity/me');

/** Watches the item's whole video, as the player's beacon reports it. */
async function watch(itemId: string) {
  expect((await watchVideo(t, token, itemId, 100)).accepted).toBe(1);
}

beforeAll(async () => {
  t = await createTestApp();
  // A learner with no history: every list below starts from nothing.
  token = await t.login(ACCOUNTS.free);
  [{ id: userId }] = (await t.query<{ id: string }>(sql`select id::text as id from users where email = ${ACCOUNTS.free}`)) as [{ id: string }];
});
afterAll(() => t?.close());

describe('dashboard lists follow progress', () => {
  it('says a strategy whose video is watched is not completed until its five steps are done, and then drops it from in progress and recommendations', async () => {
    const [item] = await recommended();
    expect(item).toBeDefined();
    const base = `/api/catalog/items/${item}`;

    await watch(item!);
    expect(await progressOf(item!)).toMatchObject({ videoProgress: 100, completed: false });
    expect(await inProgress()).toContain(item);

    await t.request(token, { method: 'GET', url: `${base}/reproducibles?archiveName=files` });
    await t.request(token, { method: 'PUT', url: `${base}/rubric-scores`, payload: { value: 3 } });
    await t.request(token, { method: 'POST', url: `${base}/ratings`, payload: { value: 5 } });
    expect((await progressOf(item!))?.completed).toBe(false);
    await t.request(token, { method: 'POST', url: `${base}/strategy-application` });

    expect((await progressOf(item!))?.completed).toBe(true);
    expect(await inProgress()).not.toContain(item);
    expect(await recommended()).not.toContain(item);
    // Nor as a related item on another strategy's page.
    const [other] = (await recommended()).filter((id) => id !== item);
    expect(await recommended(`?catalogItemId=${other}`)).not.toContain(item);
  });

  it('keeps a watched, unfinished strategy in progress, the most recent first, and nothing completed there', async () => {
    const [next] = await recommended();
    await watch(next!);
    const progress = (await get<{ catalogItemsProgress: Progress[] }>('/api/progress')).catalogItemsProgress;
    const completed = new Set(progress.filter((p) => p.completed).map((p) => p.catalogItemId));
    const list = await inProgress();
    expect(list[0]).toBe(next);
    expect(completed.size).toBe(1);
    expect(list.filter((id) => completed.has(id))).toEqual([]);
  });
});

describe('recommendations', () => {
  /**
   * The ranking as first written: every learning object scored (4 related, 2 interests, 1
   * audience), featured and newest breaking ties. The server walks the answers instead (it
   * scored 100,000 items per call); both must give the same list.
   */
  async function scoredAll(email: string, relatedItemId?: string) {
    const [user] = await t.query<{ id: string; interests: string[]; audience: string | null }>(sql`
      select u.id::text as id, coalesce(p.interest_ids, '{}')::text[] as interests, p.audience_id::text as audience
      from users u left join profiles p on p.user_id = u.id where u.email = ${email}`);
    const interests = user!.interests;
    const related = relatedItemId
      ? sql`(case when exists (select 1 from catalog_item_nasot_items mine join nasot_items n on n.id = mine.nasot_item_id and n.type in ('ELEMENT', 'STRATEGY')
              join catalog_item_nasot_items theirs on theirs.nasot_item_id = mine.nasot_item_id
              where mine.catalog_item_id = ${relatedItemId}::uuid and theirs.catalog_item_id = ci.id) then 4 else 0 end)`
      : sql`0`;
    const interest = interests.length
      ? sql`(case when exists (with recursive tree as (select id from nasot_items where id = any(array[${sql.join(interests.map((i) => sql`${i}`), sql`, `)}]::uuid[]) union select n.id from nasot_items n join tree on n.parent_id = tree.id)
              select 1 from catalog_item_nasot_items x where x.catalog_item_id = ci.id and x.nasot_item_id in (select id from tree)) then 2 else 0 end)`
      : sql`0`;
    const audience = user!.audience
      ? sql`(case when exists (select 1 from catalog_item_audiences a where a.catalog_item_id = ci.id and a.audience_id = ${user!.audience}::uuid) then 1 else 0 end)`
      : sql`0`;
    const ranked = await t.query<{ id: string }>(sql`
      select ci.id::text as id from catalog_items ci
      where ci.resource_type = 'LEARNING_OBJECT' and ci.id is distinct from ${relatedItemId ?? null}::uuid
        and not exists (select 1 from learner_progress p where p.user_id = ${user!.id}::uuid and p.catalog_item_id = ci.id and ${completedSql()})
      order by ${related} + ${interest} + ${audience} desc, ci.featured desc, ci.created_at desc
      limit ${RECOMMENDATION_LIMITS.recommended}`);
    return ranked.map((r) => r.id);
  }

  it('are the top of a ranking of every learning object, with and without a related strategy', async () => {
    const email = ACCOUNTS.educator;
    const own = await t.login(email);
    const list = async (query = '') =>
      ids((await t.request(own, { method: 'GET', url: `/api/catalog/recommendations/recommended${query}` })).json<{ data: Summary[] }>().data);
    const plain = await list();
    expect(plain).toHaveLength(RECOMMENDATION_LIMITS.recommended);
    expect(plain).toEqual(await scoredAll(email));
    // Related to a few strategies: the first recommended, and ones further down the catalogue.
    const others = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' order by created_at limit 3`);
    for (const related of [plain[0]!, ...others.map((o) => o.id)]) {
      const withRelated = await list(`?catalogItemId=${related}`);
      expect(withRelated).not.toContain(related);
      expect(withRelated).toEqual(await scoredAll(email, related));
      // Asked again: the same list.
      expect(await list(`?catalogItemId=${related}`)).toEqual(withRelated);
    }
  });

  it('follow the catalogue and the learner at once', async () => {
    const email = ACCOUNTS.educator;
    const own = await t.login(email);
    const [related] = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' order by created_at limit 1`);
    const url = `/api/catalog/recommendations/recommended?catalogItemId=${related!.id}`;
    const list = async () => ids((await t.request(own, { method: 'GET', url })).json<{ data: Summary[] }>().data);
    const before = await list();
    const [first, second] = before;
    // An item archived leaves the list with the next request.
    await t.query(sql`update catalog_items set status = 'ARCHIVED' where id = ${first!}::uuid`);
    const afterArchive = await list();
    expect(afterArchive).not.toContain(first);
    expect(afterArchive.slice(0, -1)).toEqual(before.slice(1));
    // An item the learner completes leaves it too, though nothing in the catalogue changed.
    const [user] = await t.query<{ id: string }>(sql`select id::text as id from users where email = ${email}`);
    await t.query(sql`insert into learner_progress (user_id, catalog_item_id, video_progress, are_reproducibles_downloaded, is_catalog_item_rated, is_rubric_score_saved, is_strategy_applied)
                      values (${user!.id}::uuid, ${second!}::uuid, 100, true, true, true, true)
                      on conflict (user_id, catalog_item_id) do update set video_progress = 100, are_reproducibles_downloaded = true,
                        is_catalog_item_rated = true, is_rubric_score_saved = true, is_strategy_applied = true`);
    expect(await list()).not.toContain(second);
    await t.query(sql`update catalog_items set status = 'PUBLISHED' where id = ${first!}::uuid`);
    await t.query(sql`delete from learner_progress where user_id = ${user!.id}::uuid and catalog_item_id = ${second!}::uuid`);
    expect(await list()).toEqual(before);
  });
});

describe('recommended playlists', () => {
  /** The ranking as first written: a count, asked of each playlist, of its items' tags among the interests. */
  async function rankedPlaylists(interests: string[]) {
    const matches = interests.length
      ? sql`(select count(*) from playlist_entries e join catalog_item_nasot_items x on x.catalog_item_id = e.item_id
              where e.playlist_id = ci.id and x.nasot_item_id = any(array[${sql.join(interests.map((i) => sql`${i}`), sql`, `)}]::uuid[]))`
      : sql`(select 0)`;
    const ranked = await t.query<{ id: string }>(sql`
      select ci.id::text as id from catalog_items ci where ci.resource_type = 'PLAYLIST' and ci.status = 'PUBLISHED'
      order by ${matches} desc, ci.featured desc, ci.created_at desc, ci.id limit ${RECOMMENDATION_LIMITS.playlists}`);
    return ranked.map((r) => r.id);
  }

  it('put first the playlists with the most items matching the interests', async () => {
    const own = await t.login(ACCOUNTS.educator);
    const list = async () => ids((await t.request(own, { method: 'GET', url: '/api/catalog/recommendations/recommended-playlists' })).json<{ data: Summary[] }>().data);
    const setInterests = (interestIds: string[]) => t.request(own, { method: 'PATCH', url: '/api/profile', payload: { interestIds } });
    // Every playlist's tags as the interests, one playlist at a time, and all of them: the
    // playlists sharing the most come first, then featured and newest as without interests.
    const playlists = await t.query<{ id: string; tags: string[] }>(sql`
      select p.id::text as id, array(select distinct x.nasot_item_id::text from playlist_entries e join catalog_item_nasot_items x on x.catalog_item_id = e.item_id
        where e.playlist_id = p.id) as tags
      from catalog_items p where p.resource_type = 'PLAYLIST' and p.status = 'PUBLISHED' order by p.created_at`);
    expect(playlists.length).toBeGreaterThanOrEqual(2);
    expect((await setInterests([])).statusCode).toBe(200);
    const plain = await list();
    expect(plain).toEqual(await rankedPlaylists([]));
    let reordered = false;
    for (const interests of [...playlists.map((p) => p.tags.slice(0, 3)), playlists.flatMap((p) => p.tags).slice(0, 8)]) {
      expect((await setInterests(interests)).statusCode).toBe(200);
      const ranked = await list();
      expect(ranked).toEqual(await rankedPlaylists(interests));
      reordered ||= ranked.join() !== plain.join();
    }
    // Some interests changed the order, so the test can tell a ranking from none.
    expect(reordered).toBe(true);
  });
});

describe('the previous visit behind the greeting', () => {
  it('is null on the first day, whatever happens that day, and the latest earlier day afterwards', async () => {
    await t.query(sql`delete from learner_logins where user_id = ${userId}::uuid`);
    await t.query(sql`update learner_progress set last_interaction_at = now() where user_id = ${userId}::uuid`);
    const login = { id: randomUUID(), type: 'LEARNER_LOGIN', timeStamp: new Date().toISOString(), data: {} };
    await t.app.inject({ method: 'POST', url: '/api/learner/events', headers: { origin: ORIGIN }, payload: { accessToken: token, data: [login] } });
    expect((await me()).previousVisitOn).toBeNull();

    await t.query(sql`insert into learner_logins (user_id, day) values (${userId}::uuid, current_date - 9), (${userId}::uuid, current_date - 3)`);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await me()).previousVisitOn).toBe(threeDaysAgo);

    // Learning on a later day counts as a visit too.
    await t.query(sql`update learner_progress set last_interaction_at = now() - interval '1 day' where user_id = ${userId}::uuid`);
    expect((await me()).previousVisitOn).toBe(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  });
});
