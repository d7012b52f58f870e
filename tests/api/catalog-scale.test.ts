import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ACCOUNTS } from '../support/world.ts';

/** What keeps the catalogue list and search cheap on a large catalogue: capped totals, rating totals on the item. */
let t: TestApp;
let token: string;

type Page = { items: { id: string; title: string; ratingAverage: number | null; ratingCount: number }[]; total: number; totalIsCapped?: boolean };
const get = async (url: string): Promise<Page> => {
  const res = await t.request(token, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(ACCOUNTS.free);
});
afterAll(() => t?.close());

describe('totals', () => {
  it('are exact, and not capped, for the demo catalogue', async () => {
    const n = (await t.query<{ n: number }>(sql`select count(*)::int as n from catalog_items`))[0]!.n;
    const page = await get('/api/catalog/items?limit=100');
    expect(page.total).toBe(n);
    expect(page.totalIsCapped).toBe(false);
    const search = await get('/api/catalog/search?q=students');
    expect(search.totalIsCapped).toBe(false);
  });

  it('stop at 1,000 and say so when more items match, in the list and in search', async () => {
    await t.query(sql`
      insert into catalog_items (public_id, resource_type, title, description, created_at)
      select 'bulk-' || g, 'LEARNING_OBJECT', 'Bulk zebrafish routine ' || g, 'Filler for the capped total.', now() - g * interval '1 minute'
      from generate_series(1, 1100) g`);
    const list = await get('/api/catalog/items?limit=10');
    expect(list).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(list.items).toHaveLength(10);
    // A filter matching fewer than the cap is still counted exactly.
    const n = (await t.query<{ n: number }>(sql`select count(*)::int as n from catalog_items where resource_type = 'LIVESTREAM'`))[0]!.n;
    expect(await get('/api/catalog/items?resourceType=LIVESTREAM&limit=1')).toMatchObject({ total: n, totalIsCapped: false });

    const search = await get('/api/catalog/search?q=zebrafish&limit=100');
    expect(search).toMatchObject({ total: 1000, totalIsCapped: true });
    // Search ranks the newest 1,000 matches: equal ranks come newest first, and the oldest 100 are out of reach.
    expect(search.items[0]!.title).toBe('Bulk zebrafish routine 1');
    expect((await get('/api/catalog/search?q=zebrafish&limit=100&offset=950')).items.map((i) => i.title).at(-1)).toBe('Bulk zebrafish routine 1000');
    expect((await get('/api/catalog/search?q=zebrafish&limit=10&offset=1000')).items).toEqual([]);
    // Several words, or a phrase, all of whose matches have the one word: the pages of one word.
    for (const offset of [0, 950]) {
      const one = await get(`/api/catalog/search?q=zebrafish&limit=50&offset=${offset}`);
      const two = await get(`/api/catalog/search?q=${encodeURIComponent('zebrafish routine')}&limit=50&offset=${offset}`);
      const phrase = await get(`/api/catalog/search?q=${encodeURIComponent('"zebrafish routine"')}&limit=50&offset=${offset}`);
      expect(two).toMatchObject({ total: 1000, totalIsCapped: true });
      expect(two.items.map((i) => i.title)).toEqual(one.items.map((i) => i.title));
      expect(phrase.items.map((i) => i.title)).toEqual(one.items.map((i) => i.title));
    }
    // Words that are not together among them: nothing, and the words' index is asked (no walk result).
    expect(await get(`/api/catalog/search?q=${encodeURIComponent('"routine zebrafish"')}`)).toMatchObject({ items: [], total: 0 });
    // Pages beyond the cap of the list are still served.
    expect((await get('/api/catalog/items?limit=10&offset=1050')).items).toHaveLength(10);
  });
});

describe('the total of a learner’s items not started', () => {
  it('is exact up to the cap, however many matches there are and however many the learner has started', async () => {
    const [{ id: userId }] = (await t.query<{ id: string }>(sql`select id::text as id from users where email = ${ACCOUNTS.free}`)) as [{ id: string }];
    const filters = [
      ['', sql`true`],
      ['&resourceType=LIVESTREAM', sql`ci.resource_type = 'LIVESTREAM'`],
      ['&featured=false&sortBy=title', sql`not ci.featured`],
      ['&resourceType=LEARNING_OBJECT', sql`ci.resource_type = 'LEARNING_OBJECT'`],
    ] as const;
    const check = async (state: string) => {
      for (const [params, filter] of filters) {
        const [{ n }] = (await t.query<{ n: number }>(
          sql`select count(*)::int as n from catalog_items ci where ci.status = 'PUBLISHED' and ${filter}
            and not exists (select 1 from learner_progress p where p.user_id = ${userId}::uuid and p.catalog_item_id = ci.id)`,
        )) as [{ n: number }];
        const page = await get(`/api/catalog/items?limit=1&progress=NOT_STARTED${params}`);
        expect({ state, params, total: page.total, capped: page.totalIsCapped }).toEqual({ state, params, total: Math.min(n, 1000), capped: n > 1000 });
      }
      // Search: the newest 1,000 matches not started, ranked.
      for (const q of ['zebrafish', 'zebrafish routines', '"zebrafish routines"', 'students']) {
        const notStarted = sql`ci.status = 'PUBLISHED' and ci.search @@ websearch_to_tsquery('english', ${q})
          and not exists (select 1 from learner_progress p where p.user_id = ${userId}::uuid and p.catalog_item_id = ci.id)`;
        const expected = (
          await t.query<{ id: string }>(sql`select c.id::text as id from (
              select ci.id, ci.search, ci.created_at from catalog_items ci where ${notStarted} order by ci.created_at desc, ci.id limit 1000) c
            order by ts_rank(c.search, websearch_to_tsquery('english', ${q})) desc, c.created_at desc, c.id`)
        ).map((r) => r.id);
        const [{ n }] = (await t.query<{ n: number }>(sql`select count(*)::int as n from catalog_items ci where ${notStarted}`)) as [{ n: number }];
        const ids: string[] = [];
        let total = -1;
        let capped: boolean | undefined;
        for (let offset = 0; offset <= 1000; offset += 100) {
          const page = await get(`/api/catalog/search?${new URLSearchParams({ q, limit: '100', offset: String(offset), progress: 'NOT_STARTED' })}`);
          ids.push(...page.items.map((i) => i.id));
          ({ total, totalIsCapped: capped } = page);
        }
        expect({ state, q, ids, total, capped }).toEqual({ state, q, ids: expected, total: Math.min(n, 1000), capped: n > 1000 });
      }
    };
    await check('the demo catalogue');
    await t.query(sql`
      insert into catalog_items (public_id, resource_type, title, description, created_at)
      select 'more-' || g, 'LEARNING_OBJECT', 'More zebrafish routines ' || g, 'Filler for the total not started.', now() - g * interval '1 minute'
      from generate_series(1, 2100) g`);
    await t.query(sql`insert into learner_progress (user_id, catalog_item_id, video_progress)
      select ${userId}::uuid, id, 10 from catalog_items where public_id like 'more-%' order by public_id limit 300 on conflict do nothing`);
    await check('more than twice the cap of matches, a few hundred of them started');
    await t.query(sql`insert into learner_progress (user_id, catalog_item_id, video_progress)
      select ${userId}::uuid, id, 10 from catalog_items where public_id like 'more-%' order by public_id limit 1600 on conflict do nothing`);
    await check('more than twice the cap of matches, more than the cap of them started');
    await t.query(sql`delete from learner_progress where user_id = ${userId}::uuid and catalog_item_id in (select id from catalog_items where public_id like 'more-%')`);
    await t.query(sql`insert into learner_progress (user_id, catalog_item_id, video_progress)
      select ${userId}::uuid, id, 10 from catalog_items where public_id like 'more-%' order by public_id limit 1100 on conflict do nothing`);
    await check('1,000 of the matches not started');
    await t.query(sql`delete from learner_progress where user_id = ${userId}::uuid and catalog_item_id in (select id from catalog_items where public_id like 'more-%')`);
    await t.query(sql`delete from catalog_items where public_id like 'more-%'`);
  });
});

describe('rating totals on the item', () => {
  const totalsOf = (id: string) =>
    t.query<{ count: number; average: number | null; exact: number | null }>(
      sql`select ci.rating_count as count, round(ci.rating_average, 2)::float8 as average,
            (select round(avg(r.value)::numeric, 2)::float8 from ratings r where r.catalog_item_id = ci.id) as exact
          from catalog_items ci where ci.id = ${id}::uuid`,
    );

  it('match the ratings after the seed', async () => {
    const drift = await t.query(sql`
      select ci.id from catalog_items ci left join (select catalog_item_id, count(*)::int c, sum(value)::int s from ratings group by 1) r on r.catalog_item_id = ci.id
      where ci.rating_count <> coalesce(r.c, 0) or ci.rating_sum <> coalesce(r.s, 0)`);
    expect(drift).toEqual([]);
  });

  it('follow a rating being added, changed and deleted', async () => {
    const [item] = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' order by public_id limit 1`);
    const before = (await totalsOf(item!.id))[0]!;
    const rated = await t.request(token, { method: 'POST', url: `/api/catalog/items/${item!.id}/ratings`, payload: { value: 1 } });
    expect(rated.statusCode).toBe(201);
    let now = (await totalsOf(item!.id))[0]!;
    expect(now.count).toBe(before.count + 1);
    expect(now.average).toBe(now.exact);

    // Rating again replaces the learner's rating.
    await t.request(token, { method: 'POST', url: `/api/catalog/items/${item!.id}/ratings`, payload: { value: 5 } });
    now = (await totalsOf(item!.id))[0]!;
    expect(now.count).toBe(before.count + 1);
    expect(now.average).toBe(now.exact);
    const summary = (await t.request(token, { method: 'GET', url: `/api/catalog/items/${item!.id}` })).json();
    expect({ ratingAverage: summary.ratingAverage, ratingCount: summary.ratingCount }).toEqual({ ratingAverage: now.exact, ratingCount: now.count });

    const deleted = await t.request(token, { method: 'DELETE', url: `/api/catalog/items/${item!.id}/ratings/${rated.json().id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await totalsOf(item!.id))[0]).toEqual(before);
  });

  it('sorts by rating as the average of the ratings does, unrated items last', async () => {
    const page = await get('/api/catalog/items?sortBy=rating&sortOrder=DESC&limit=100');
    const expected = await t.query<{ id: string }>(sql`
      select ci.id::text as id from catalog_items ci
      order by (select avg(r.value) from ratings r where r.catalog_item_id = ci.id) desc nulls last, ci.id limit 100`);
    expect(page.items.map((i) => i.id)).toEqual(expected.map((e) => e.id));
  });
});

describe('search by its words’ rows (catalog_search_terms)', () => {
  /** What testing every offered document finds: the newest 1,000 matches, ranked. */
  const byDocuments = async (q: string) => {
    const found = await t.query<{ id: string }>(sql`
      select c.id::text as id from (
        select ci.id, ci.search, ci.created_at from catalog_items ci
        where ci.status = 'PUBLISHED' and ci.search @@ websearch_to_tsquery('english', ${q})
        order by ci.created_at desc, ci.id limit 1000) c
      order by ts_rank(c.search, websearch_to_tsquery('english', ${q})) desc, c.created_at desc, c.id`);
    return found.map((r) => r.id);
  };
  const searched = async (q: string, filters: Record<string, string> = {}) => {
    const ids: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await get(`/api/catalog/search?${new URLSearchParams({ q, limit: '100', offset: String(offset), ...filters })}`);
      ids.push(...page.items.map((i) => i.id));
      if (page.items.length < 100) return { ids, total: page.total };
    }
  };
  /** Every offered item's words, rebuilt from its rows, against its document: the items that differ. */
  const drift = () =>
    t.query(sql`
      select coalesce(d.id, r.item_id) as id from
        (select ci.id, ci.created_at, ci.search::text as words from catalog_items ci where ci.status = 'PUBLISHED' and length(ci.search) > 0) d
        full join (select item_id, created_at, string_agg(fragment::text, ' ' order by term collate "C") as words from catalog_search_terms group by 1, 2) r
        on r.item_id = d.id and r.created_at = d.created_at
      where d.words is distinct from r.words`);

  it('finds and ranks what testing the documents does, for words, phrases and the rest', async () => {
    const queries = [
      'students',
      'feedback',
      'student discussion',
      '"exit ticket"',
      '"think aloud"',
      'questions students feedback',
      'zebrafish routine',
      '"routine zebrafish"',
      'teacher’s questions',
      // Not only words and phrases: answered from the documents, checked all the same.
      'feedback or discussion',
      'students -feedback',
      'the',
    ];
    for (const q of queries) {
      const expected = await byDocuments(q);
      const { ids, total } = await searched(q);
      expect({ q, ids, total }).toEqual({ q, ids: expected, total: expected.length });
    }
    expect((await byDocuments('students')).length).toBeGreaterThan(1);
  });

  it('with filters and the progress filter, finds and ranks the newest matches that pass them', async () => {
    const [{ id: userId }] = (await t.query<{ id: string }>(sql`select id::text as id from users where email = ${ACCOUNTS.free}`)) as [{ id: string }];
    const [{ id: category }] = (await t.query<{ id: string }>(
      sql`select n.id::text as id from nasot_items n where exists (select 1 from catalog_items ci where n.id = any(ci.nasot_path_ids)) order by n.id limit 1`,
    )) as [{ id: string }];
    const [{ id: audience }] = (await t.query<{ id: string }>(
      sql`select a.id::text as id from audiences a where exists (select 1 from catalog_items ci where a.id = any(ci.audience_ids)) order by a.id limit 1`,
    )) as [{ id: string }];
    // Progress on every third item having "students", bookmarks on every fourth.
    const matching = await t.query<{ id: string }>(
      sql`select id::text as id from catalog_items where status = 'PUBLISHED' and search @@ to_tsquery('english', 'students') order by public_id`,
    );
    const started = matching.filter((_, i) => i % 3 === 0).map((r) => r.id);
    const saved = matching.filter((_, i) => i % 4 === 0).map((r) => r.id);
    for (const id of started) await t.query(sql`insert into learner_progress (user_id, catalog_item_id, video_progress) values (${userId}::uuid, ${id}::uuid, 0.5) on conflict do nothing`);
    for (const id of saved) await t.query(sql`insert into bookmarks (user_id, catalog_item_id) values (${userId}::uuid, ${id}::uuid) on conflict do nothing`);

    const filters: { params: Record<string, string>; test: ReturnType<typeof sql> }[] = [
      { params: { resourceType: 'LEARNING_OBJECT' }, test: sql`ci.resource_type = 'LEARNING_OBJECT'` },
      { params: { nasotItemIds: category }, test: sql`${category}::uuid = any(ci.nasot_path_ids)` },
      { params: { audienceIds: audience, resourceType: 'LEARNING_OBJECT' }, test: sql`${audience}::uuid = any(ci.audience_ids) and ci.resource_type = 'LEARNING_OBJECT'` },
      { params: { progress: 'NOT_STARTED' }, test: sql`not exists (select 1 from learner_progress p where p.user_id = ${userId}::uuid and p.catalog_item_id = ci.id)` },
      { params: { progress: 'SAVED', resourceType: 'LEARNING_OBJECT' }, test: sql`ci.resource_type = 'LEARNING_OBJECT' and exists (select 1 from bookmarks b where b.user_id = ${userId}::uuid and b.catalog_item_id = ci.id)` },
    ];
    let narrowed = 0;
    for (const q of ['students', 'student discussion', '"exit ticket"', 'questions students feedback', 'feedback or discussion']) {
      const unfiltered = (await byDocuments(q)).length;
      for (const { params, test } of filters) {
        const found = await t.query<{ id: string }>(sql`
          select c.id::text as id from (
            select ci.id, ci.search, ci.created_at from catalog_items ci
            where ci.status = 'PUBLISHED' and ci.search @@ websearch_to_tsquery('english', ${q}) and ${test}
            order by ci.created_at desc, ci.id limit 1000) c
          order by ts_rank(c.search, websearch_to_tsquery('english', ${q})) desc, c.created_at desc, c.id`);
        const expected = found.map((r) => r.id);
        const { ids, total } = await searched(q, params);
        expect({ q, params, ids, total }).toEqual({ q, params, ids: expected, total: expected.length });
        if (expected.length > 0 && expected.length < unfiltered) narrowed++;
      }
    }
    // The filters narrowed most of these searches without emptying them.
    expect(narrowed).toBeGreaterThanOrEqual(12);
    // `featured` is not one of the search's filters: a stray one changes nothing.
    for (const featured of ['true', 'false', 'maybe']) expect(await searched('students', { featured })).toEqual(await searched('students'));

    await t.query(sql`delete from learner_progress where user_id = ${userId}::uuid and catalog_item_id = any(${`{${started.join(',')}}`}::uuid[]) and video_progress = 0.5`);
    await t.query(sql`delete from bookmarks where user_id = ${userId}::uuid and catalog_item_id = any(${`{${saved.join(',')}}`}::uuid[])`);
  });

  it('follow every item’s words, creation time and status as they change', async () => {
    expect(await drift()).toEqual([]);
    const [item] = await t.query<{ id: string; title: string }>(
      sql`select id::text as id, title from catalog_items where status = 'PUBLISHED' and resource_type = 'LEARNING_OBJECT' order by public_id limit 1`,
    );
    const ids = async (q: string, more = '') => (await get(`/api/catalog/search?q=${encodeURIComponent(q)}&limit=100${more}`)).items.map((i) => i.id);

    await t.query(sql`update catalog_items set title = 'Quokka carousel', updated_at = now() where id = ${item!.id}::uuid`);
    expect(await ids('quokka carousel')).toEqual([item!.id]);
    expect(await ids('"quokka carousel"')).toEqual([item!.id]);
    expect(await drift()).toEqual([]);

    await t.query(sql`update catalog_items set created_at = created_at - interval '1 day' where id = ${item!.id}::uuid`);
    expect(await ids('quokka')).toEqual([item!.id]);
    expect(await drift()).toEqual([]);

    await t.query(sql`update catalog_items set status = 'ARCHIVED' where id = ${item!.id}::uuid`);
    expect(await ids('quokka')).toEqual([]);
    expect(await drift()).toEqual([]);
    await t.query(sql`update catalog_items set status = 'PUBLISHED' where id = ${item!.id}::uuid`);
    expect(await ids('quokka')).toEqual([item!.id]);

    // Other writes to the item (its tags, audiences, rating totals) leave its words alone.
    await t.query(sql`update catalog_items set featured = not featured where id = ${item!.id}::uuid`);
    expect(await drift()).toEqual([]);

    // Words and phrases are read from the rows, the rest from the documents: without its rows the
    // item is found by the second only.
    await t.query(sql`delete from catalog_search_terms where item_id = ${item!.id}::uuid`);
    expect(await ids('quokka')).toEqual([]);
    expect(await ids('quokka or platypus')).toEqual([item!.id]);
    // The learner's "not started" too; filters of the catalogue test the documents.
    expect(await ids('quokka', '&progress=NOT_STARTED')).toEqual([]);
    expect(await ids('quokka', '&resourceType=LEARNING_OBJECT')).toEqual([item!.id]);
    expect(await drift()).toEqual([{ id: item!.id }]);

    await t.query(sql`update catalog_items set title = ${item!.title} where id = ${item!.id}::uuid`);
    expect(await ids('quokka')).toEqual([]);
    const [created] = await t.query<{ id: string }>(sql`
      insert into catalog_items (public_id, resource_type, title, description) values ('quokka-1', 'LEARNING_OBJECT', 'Quokka drafts', 'Only a draft.'),
        ('quokka-2', 'LEARNING_OBJECT', 'Quokka offered', 'Published.') returning id::text as id`);
    await t.query(sql`update catalog_items set status = 'DRAFT' where public_id = 'quokka-1'`);
    expect(await ids('quokka')).toHaveLength(1);
    expect(await drift()).toEqual([]);
    await t.query(sql`delete from catalog_items where public_id in ('quokka-1', 'quokka-2')`);
    expect(await ids('quokka')).toEqual([]);
    expect(await t.query(sql`select 1 from catalog_search_terms where item_id = ${created!.id}::uuid`)).toEqual([]);
    expect(await drift()).toEqual([]);
  });
});

describe('a learner’s own items (in progress, completed, saved)', () => {
  type Listed = Page & { nextCursor: string | null };
  /** Every page of a list, by cursor. */
  const everything = async (params: Record<string, string>, limit: number) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const page = (await get(`/api/catalog/items?${new URLSearchParams({ ...params, limit: String(limit), ...(cursor ? { cursor } : {}) })}`)) as Listed;
      ids.push(...page.items.map((i) => i.id));
      if (!page.nextCursor) return { ids, total: page.total };
      cursor = page.nextCursor;
    }
  };

  it('are the items of the whole list that are the learner’s, in every sort and through every page', async () => {
    const [{ id: userId }] = (await t.query<{ id: string }>(sql`select id::text as id from users where email = ${ACCOUNTS.free}`)) as [{ id: string }];
    await t.query(sql`delete from learner_progress where user_id = ${userId}::uuid`);
    await t.query(sql`delete from bookmarks where user_id = ${userId}::uuid`);
    const offered = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where status = 'PUBLISHED' order by public_id`);
    expect(offered.length).toBeGreaterThan(40);
    const started = offered.filter((_, i) => i % 5 === 0 && i % 7 !== 0).map((r) => r.id);
    const completed = offered.filter((_, i) => i % 7 === 0).map((r) => r.id);
    const saved = offered.filter((_, i) => i % 6 === 0).map((r) => r.id);
    const list = (ids: string[]) => `{${ids.join(',')}}`;
    await t.query(sql`insert into learner_progress (user_id, catalog_item_id, video_progress) select ${userId}::uuid, id, 50 from unnest(${list(started)}::uuid[]) id`);
    await t.query(sql`
      insert into learner_progress (user_id, catalog_item_id, video_progress, are_reproducibles_downloaded, is_catalog_item_rated, is_rubric_score_saved, is_strategy_applied)
      select ${userId}::uuid, id, 100, true, true, true, true from unnest(${list(completed)}::uuid[]) id`);
    await t.query(sql`insert into bookmarks (user_id, catalog_item_id) select ${userId}::uuid, id from unnest(${list(saved)}::uuid[]) id`);

    const others = new Set((await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type <> 'LEARNING_OBJECT'`)).map((r) => r.id));
    const sorts: Record<string, string>[] = [{}, { sortBy: 'title' }, { sortBy: 'rating', sortOrder: 'DESC' }, { sortBy: 'startDate' }];
    for (const sort of sorts) {
      const whole = (await everything(sort, 100)).ids;
      expect(whole).toHaveLength(offered.length);
      for (const [progress, mine] of [['IN_PROGRESS', started], ['COMPLETED', completed], ['SAVED', saved]] as const) {
        const expected = whole.filter((id) => mine.includes(id));
        expect(await everything({ ...sort, progress }, 25)).toEqual({ ids: expected, total: mine.length });
        // By offset too, and with a filter of the catalogue besides.
        const second = await get(`/api/catalog/items?${new URLSearchParams({ ...sort, progress, limit: '7', offset: '7' })}`);
        expect(second.items.map((i) => i.id)).toEqual(expected.slice(7, 14));
        const notStrategies = expected.filter((id) => others.has(id));
        expect(notStrategies.length).toBeGreaterThan(0);
        expect((await everything({ ...sort, progress, resourceType: 'LIVESTREAM' }, 25)).ids.concat((await everything({ ...sort, progress, resourceType: 'PLAYLIST' }, 25)).ids).sort()).toEqual(
          [...notStrategies].sort(),
        );
      }
    }
    await t.query(sql`delete from learner_progress where user_id = ${userId}::uuid`);
    await t.query(sql`delete from bookmarks where user_id = ${userId}::uuid`);
  });
});
