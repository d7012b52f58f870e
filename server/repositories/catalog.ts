import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ProgressFilter, QueryOf, ResourceType, Schemas } from '../contract.ts';
import { iso, keptPlan, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { RESOURCE_TYPES } from '../db/enums.ts';
import { audiences, catalogItems, mediaUploads, nasotItems, ratings, reproducibleFiles, rubricScores, videos } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { completedSql } from '../services/progress.ts';
import { uuids } from './fragments.ts';

/** A catalogue item as learner events see it. */
export type EventTarget = { resourceType: ResourceType; videoSeconds: number | null; hasReproducibles: boolean };

export type ItemSummary = Schemas['CatalogItemSummary'];
export type ItemRef = { id: string; resourceType: ResourceType; videoId: string | null; title: string; publicId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Columns of a CatalogItemSummary for rows aliased `ci`. The id lists come as JSON, which the
 * driver reads with JSON.parse: read as PostgreSQL arrays, they were parsed character by character
 * in JavaScript, a seventh of the server's time on an uncached catalogue page.
 */
const summaryColumns = sql`
  ci.id::text as "id", ci.public_id as "publicId", ci.resource_type as "resourceType", ci.title as "title",
  ci.description as "description", ci.thumbnail_url as "thumbnailUrl", ${iso(sql`ci.created_at`)} as "createdAt",
  ci.featured as "featured", ci.duration_seconds as "durationSeconds", ${iso(sql`ci.start_date`)} as "startDate", ${iso(sql`ci.end_date`)} as "endDate",
  array_to_json(ci.nasot_item_ids) as "nasotItemIds", array_to_json(ci.audience_ids) as "audienceIds",
  round(ci.rating_average, 2)::float8 as "ratingAverage", ci.rating_count as "ratingCount"`;

export type SortKey = NonNullable<QueryOf<'listCatalogItems'>['sortBy']>[number];
type SortDirection = 'ASC' | 'DESC';

/** A timestamp to the microsecond, as a cursor carries it. */
const exactIso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const ISO_US = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * Each sort key: its column, the same as text (for a cursor) and back from a cursor's text, and
 * what a cursor's text must look like.
 */
const SORT_KEYS: Record<SortKey, { column: SQL; text: SQL; fromText: (value: string) => SQL; valid: (value: string) => boolean }> = {
  createdAt: { column: sql`ci.created_at`, text: exactIso(sql`ci.created_at`), fromText: (v) => sql`${v}::timestamptz`, valid: (v) => ISO_US.test(v) },
  title: { column: sql`lower(ci.title)`, text: sql`lower(ci.title)`, fromText: (v) => sql`${v}::text`, valid: (v) => v.length <= 10_000 },
  startDate: { column: sql`ci.start_date`, text: exactIso(sql`ci.start_date`), fromText: (v) => sql`${v}::timestamptz`, valid: (v) => ISO_US.test(v) },
  // Kept on the item by triggers on `ratings`; exactly avg(ratings.value), so the order is unchanged.
  rating: { column: sql`ci.rating_average`, text: sql`ci.rating_average::text`, fromText: (v) => sql`${v}::numeric`, valid: (v) => /^\d{1,3}(\.\d{1,40})?$/.test(v) },
};

/**
 * A list counts matching rows up to one past this and reports at most this many as its total,
 * with `totalIsCapped` set beyond it (the screen can say "1,000+"): counting every match of a
 * broad filter on a large catalogue would cost more than the page itself.
 */
const TOTAL_CAP = 1000;

/** A page's size: -1 means no limit (spec §5), which is every match up to what the catalogue counts. */
const pageSize = (limit: number | undefined) => (limit === -1 ? TOTAL_CAP : (limit ?? 10));
/** Search ranks at most this many matches, the newest first: ts_rank reads each match's document. */
export const SEARCH_CANDIDATES = TOTAL_CAP;

export type ItemPage = { items: ItemSummary[]; total: number; totalIsCapped: boolean; nextCursor?: string | null };
type Filters = { resourceType?: string[]; nasotItemIds?: string[]; audienceIds?: string[]; featured?: boolean };
/** What ranks the recommendations of a learner. */
export type Taste = { relatedItemId?: string; interestIds: string[]; audienceId: string | null };
/**
 * What educators are offered (lists, search, every shelf): published items. The sort and
 * featured indexes cover every item; a page read in their order skips the few drafts and archived
 * items it meets. The recommendations' index is partial on published learning objects.
 */
export const OFFERED = sql`ci.status = 'PUBLISHED'`;
/** What an educator may open: anything but a draft (an archived item stays readable). */
export const VISIBLE = sql`ci.status <> 'DRAFT'`;

/**
 * A whole number written into the statement, not sent as a parameter: a page size or a cap. With
 * LIMIT as a parameter, PostgreSQL's generic plan assumes a tenth of the table (a sequential scan
 * and a hash join: 230 ms where the page takes 2). Only for numbers the code or the contract bounds.
 */
const literal = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a whole number: ${n}`);
  return sql.raw(String(n));
};
const whereClause = (where: SQL[]) => (where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``);
const uuidArray = (ids: string[]) => sql`array[${uuids(ids)}]::uuid[]`;

/**
 * Filter fragments shared by the list, the search and the recommendations. The resource types and
 * the featured flag are written into the text (from the known values only), so a list filtered by
 * them has no parameter left and keeps its plan, and `featured` can use its partial index.
 */
function catalogFilters(query: Filters): SQL[] {
  const where: SQL[] = [];
  if (query.resourceType?.length) {
    const types = RESOURCE_TYPES.filter((type) => query.resourceType!.includes(type));
    where.push(types.length ? sql.raw(`ci.resource_type in (${types.map((type) => `'${type}'`).join(', ')})`) : sql`false`);
  }
  // `nasot_path_ids` holds the item's framework items and all their ancestors: an item is under
  // a chosen framework item when that item is among them (GIN index).
  if (query.nasotItemIds?.length) where.push(sql`ci.nasot_path_ids && ${uuidArray(query.nasotItemIds)}`);
  if (query.audienceIds?.length) where.push(sql`ci.audience_ids && ${uuidArray(query.audienceIds)}`);
  if (query.featured !== undefined) where.push(query.featured ? sql`ci.featured` : sql`not ci.featured`);
  return where;
}

/** `item` is the item's id column (`ci.id` unless the statement reads the items elsewhere). */
function progressFilter(userId: string, state: ProgressFilter, item: SQL = sql`ci.id`): SQL {
  const progressRow = sql`select 1 from learner_progress p where p.user_id = ${userId} and p.catalog_item_id = ${item}`;
  switch (state) {
    case 'NOT_STARTED':
      // The learner's items read once into a hash that every candidate is looked up in (a hashed
      // SubPlan), not an index probe of learner_progress per candidate: a capped count tests 1,001
      // or more (docs/decisions.md, "A learner's "not started" is one hash of the learner's items").
      return sql`${item} not in (select p.catalog_item_id from learner_progress p where p.user_id = ${userId})`;
    case 'IN_PROGRESS':
      return sql`exists (${progressRow} and not ${completedSql()})`;
    case 'COMPLETED':
      return sql`exists (${progressRow} and ${completedSql()})`;
    case 'SAVED':
      return sql`exists (select 1 from bookmarks b where b.user_id = ${userId} and b.catalog_item_id = ${item})`;
  }
}

/** Where a page of the list ends: its sort, and the sort values and id of its last item. */
type Cursor = { sort: string; values: (string | null)[]; id: string };

const sortSignature = (keys: readonly SortKey[], direction: SortDirection) => `${keys.join(',')}:${direction}`;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.sort, v: cursor.values, i: cursor.id })).toString('base64url');
}

/** The cursor's position, or a 400 when it is not one this list gave out for this sort. */
export function decodeCursor(text: string, keys: readonly SortKey[], direction: SortDirection): Cursor {
  const invalid = () => badRequest('This cursor is not valid for this list; start again from the first page', 'INVALID_CURSOR');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid();
  const { s, v, i } = parsed as { s?: unknown; v?: unknown; i?: unknown };
  if (typeof i !== 'string' || !UUID.test(i) || !Array.isArray(v) || v.length !== keys.length) throw invalid();
  if (s !== sortSignature(keys, direction)) {
    throw badRequest('This cursor belongs to another sort order; start again from the first page', 'CURSOR_SORT_MISMATCH');
  }
  const values = v.map((value: unknown, n) => {
    if (value === null) return null;
    if (typeof value !== 'string' || !SORT_KEYS[keys[n]!].valid(value)) throw invalid();
    return value;
  });
  return { sort: s, values, id: i };
}

/**
 * The rows after a cursor, as branches that each read one range of a sort index, in the order
 * they come: for the first key with a value v, the rows equal to v (and after the cursor on the
 * next keys), then those strictly after v, then those without a value (nulls come last in both
 * directions); the id breaks the last ties. An OR of these would make PostgreSQL read the index
 * from its start, which is what offsets cost.
 */
function keysetBranches(keys: readonly SortKey[], direction: SortDirection, cursor: Cursor): SQL[][] {
  const branches: SQL[][] = [];
  const walk = (n: number, prefix: SQL[]) => {
    if (n === keys.length) {
      branches.push([...prefix, sql`ci.id > ${cursor.id}::uuid`]);
      return;
    }
    const { column, fromText } = SORT_KEYS[keys[n]!];
    const value = cursor.values[n];
    if (value === null || value === undefined) {
      walk(n + 1, [...prefix, sql`${column} is null`]);
      return;
    }
    walk(n + 1, [...prefix, sql`${column} = ${fromText(value)}`]);
    branches.push([...prefix, direction === 'ASC' ? sql`${column} > ${fromText(value)}` : sql`${column} < ${fromText(value)}`]);
    branches.push([...prefix, sql`${column} is null`]);
  };
  walk(0, []);
  return branches;
}

/**
 * The words of a search's query (PostgreSQL's text of its tsquery) when the query is only words
 * joined by "and" and phrase operators (`&`, `<->`, `<N>`, brackets): then its matches are the
 * items having all of them, in the places the operators say. Null for anything else (`|`, `!`,
 * a prefix or weight, no word at all), which the search answers from the documents themselves.
 */
export function searchWords(query: string): string[] | null {
  const words = new Set<string>();
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    if (c === "'") {
      let word = '';
      i++;
      for (;;) {
        if (i >= query.length) return null;
        if (query[i] === '\\' && i + 1 < query.length) {
          word += query[i + 1];
          i += 2;
        } else if (query[i] === "'" && query[i + 1] === "'") {
          word += "'";
          i += 2;
        } else if (query[i] === "'") {
          i++;
          break;
        } else {
          word += query[i++];
        }
      }
      if (query[i] === ':') return null;
      words.add(word);
    } else if (c === ' ' || c === '&' || c === '(' || c === ')') {
      i++;
    } else if (c === '<') {
      const end = query.indexOf('>', i);
      if (end < 0 || !/^<(-|\d+)>$/.test(query.slice(i, end + 1))) return null;
      i = end + 1;
    } else {
      return null;
    }
  }
  return words.size ? [...words] : null;
}

/** The most words a search reads from catalog_search_terms (one join each); more go to the documents. */
const SEARCH_TERMS_MAX = 8;
/** A query's words, and whether it has a phrase (whose places its documents are tested for). */
type QueryWords = { words: string[]; phrase: boolean };

/** Catalogue items, their reference data (audiences, framework) and their files. */
export function createCatalogRepository(db: Db) {
  /**
   * One statement for a page and its capped total: `ids` chooses the page (columns `__id`,
   * `__ord` for its order and `__k`, its sort values for a cursor); only those rows are read in
   * full. `counted` is the matching rows, counted up to one past the cap; `withs` are CTEs both use.
   */
  async function runPage(ids: SQL, counted: SQL | null, withs: SQL = sql``, { keep, columns = sql`` }: { keep?: 'page' | 'filteredPage' | 'wordSearch'; columns?: SQL } = {}) {
    const total = counted ?? sql`select 0`;
    const statement = sql`${withs} select t.total as "__total", s.* from (${total}) t(total)
          left join lateral (select ${summaryColumns}${columns}, p."__ord", p."__k" from (${ids}) p join catalog_items ci on ci.id = p."__id") s on true
          order by s."__ord"`;
    const result = await rows<ItemSummary & { __total: number; __ord: number | null; __k: (string | null)[] | null }>(db, keep ? keptPlan(statement, keep) : statement);
    const total_ = result[0]?.__total ?? 0;
    const pageRows = result.filter((r) => r.__ord !== null);
    return { rows: pageRows, total: Math.min(total_, TOTAL_CAP), totalIsCapped: total_ > TOTAL_CAP };
  }
  const strip = ({ __total, __ord, __k, ...item }: ItemSummary & { __total: number; __ord: number | null; __k: (string | null)[] | null }): ItemSummary => item;
  /**
   * Counts matches up to one past the cap. Newest first, so that for a broad filter the planner
   * can walk catalog_items_filter_walk_idx (the filter columns are in the index) and stop at the
   * cap, instead of building a bitmap of every match from a GIN index first (an audience: 17,000
   * matches, 14-16 ms; the same count walked: 4 ms). A narrow filter still goes through its index.
   */
  const cappedCount = (where: SQL, items: SQL = sql`catalog_items ci`) =>
    sql`select count(*)::int from (select 1 from ${items} ${where} order by ci.created_at desc, ci.id limit ${literal(TOTAL_CAP + 1)}) m`;

  /** A page in the order given, without a total (home-page shelves). */
  async function top(where: SQL[], orderBy: SQL, limit: number, from: SQL = sql`catalog_items ci`): Promise<ItemSummary[]> {
    const ids = sql`select ci.id as "__id", null::json as "__k", row_number() over (order by ${orderBy}, ci.id) as "__ord"
      from ${from} ${whereClause(where)} order by ${orderBy}, ci.id limit ${limit}`;
    return (await runPage(ids, null)).rows.map(strip);
  }

  /** The framework elements and strategies an item is tagged with (what "related" shares). */
  async function sharedFrameworkItems(itemId: string): Promise<string[]> {
    const found = await rows<{ id: string }>(
      db,
      keptPlan(sql`select x.nasot_item_id::text as id from catalog_item_nasot_items x join nasot_items n on n.id = x.nasot_item_id
          where x.catalog_item_id = ${itemId}::uuid and n.type in ('ELEMENT', 'STRATEGY')`),
    );
    return found.map((r) => r.id);
  }

  /** Summaries in the order of the ids given; unknown ids and drafts are left out. */
  async function summariesByIds(ids: string[]): Promise<ItemSummary[]> {
    if (!ids.length) return [];
    const list = await rows<ItemSummary>(db, keptPlan(sql`select ${summaryColumns} from catalog_items ci where ci.id in (${uuids(ids)}) and ${VISIBLE}`));
    const byId = new Map(list.map((i) => [i.id, i]));
    return ids.map((id) => byId.get(id)).filter((i): i is ItemSummary => Boolean(i));
  }

  /** The words of a query as searchWords reads them. */
  async function queryWords(text: string): Promise<QueryWords | null> {
    const [row] = await rows<{ query: string }>(db, keptPlan(sql`select websearch_to_tsquery('english', ${text})::text as "query"`));
    const query = row?.query ?? '';
    const words = searchWords(query);
    return words && words.length <= SEARCH_TERMS_MAX ? { words, phrase: query.includes('<') } : null;
  }

  /**
   * The newest offered items having all of a query's words, read in order from
   * catalog_search_terms (one join per further word), each with a document of just those words'
   * places, which is what ts_rank and a phrase's test read: the same candidates and ranks as
   * testing the whole documents (tests/api/catalog-scale.test.ts checks both). Without a phrase,
   * having all the words is matching, and the documents are not tested. `tests` are further
   * conditions on `t0.item_id` (the learner's "not started").
   */
  function wordCandidates({ words, phrase }: QueryWords, tsquery: SQL, wanted: SQL, tests: SQL[] = []): SQL {
    const [first, ...others] = words.map((word, n) => ({ word, t: sql.raw(`t${n}`) }));
    const joins = others.map(({ word, t }) => sql`join catalog_search_terms ${t} on ${t}.term = ${word} and ${t}.created_at = t0.created_at and ${t}.item_id = t0.item_id`);
    const document = others.length ? sql`(${sql.join([first!, ...others].map(({ t }) => sql`${t}.fragment::text`), sql` || ' ' || `)})::tsvector` : sql`t0.fragment`;
    return sql`with candidates as materialized (
        select t0.item_id as id, d.search, t0.created_at from catalog_search_terms t0 ${sql.join(joins, sql` `)}
        cross join lateral (select ${document} as search) d
        ${whereClause([sql`t0.term = ${first!.word}`, ...(phrase ? [sql`d.search @@ ${tsquery}`] : []), ...tests])}
        order by t0.created_at desc, t0.item_id limit ${wanted})`;
  }

  /**
   * The newest offered items matching a query and filters, testing their documents: for a query
   * that is not only words and phrases, a search with filters, or of the learner's own items.
   */
  function documentCandidates(userId: string, q: Omit<QueryOf<'searchCatalog'>, 'limit' | 'offset'>, tsquery: SQL, filters: SQL[], wanted: SQL): SQL {
    const matches = [sql`ci.search @@ ${tsquery}`, ...filters];
    if (q.progress) matches.push(progressFilter(userId, q.progress));
    // The newest matches through the GIN indexes (the words with the filters: one index over
    // both for offered items, catalog_items_offered_match_idx), sorted: a catalogue of a few
    // thousand items has at most that many matches.
    return sql`with candidates as materialized (
        select ci.id, ci.search, ci.created_at from catalog_items ci
        ${whereClause([...matches, OFFERED])} order by ci.created_at desc, ci.id limit ${wanted})`;
  }

  /**
   * `spoken`: the items matched by their spoken words only (catalog_item_cues), with the rank of
   * their best cue, under the search's filters and the learner's progress, newest first. Asked
   * only when the items' own documents matched fewer than the ranked cap: those rank first, so
   * past the cap a spoken match could never be shown (a one-time test: the cues are not read).
   * The matching cues are read first through their GIN index, one row per item not matched
   * already, and only those items are looked up (by key): joined in one step, PostgreSQL read
   * every item to hash them (45 ms at the district seed).
   */
  function spokenCandidates(userId: string, q: Omit<QueryOf<'searchCatalog'>, 'limit' | 'offset'>, tsquery: SQL, wanted: SQL, spoken: boolean): SQL {
    const cues = [
      sql`x.search @@ ${tsquery}`,
      sql`(select count(*) from candidates) <= ${literal(SEARCH_CANDIDATES)}`,
      ...(spoken ? [] : [sql`false`]),
      // Most matching cues are of items matched already (generated captions say their title and description).
      sql`x.item_id not in (select d.id from candidates d)`,
      // Only the learner's own items (a few hundred at most) are read, when the filter asks for those.
      ...(q.progress === 'SAVED' ? [sql`x.item_id in (select b.catalog_item_id from bookmarks b where b.user_id = ${userId})`] : []),
      ...(q.progress === 'IN_PROGRESS' || q.progress === 'COMPLETED' ? [sql`x.item_id in (select p.catalog_item_id from learner_progress p where p.user_id = ${userId})`] : []),
    ];
    const where = [
      OFFERED,
      ...catalogFilters({ resourceType: q.resourceType, nasotItemIds: q.nasotItemIds, audienceIds: q.audienceIds }),
      ...(q.progress ? [progressFilter(userId, q.progress)] : []),
      // A word left out ("-word") is left out of the whole item: its own words and all it says,
      // not only the matching cue (a query without one skips this test).
      sql`(strpos(${tsquery}::text, '!') = 0 or (ci.search || (select to_tsvector('english', string_agg(y.text, ' ')) from catalog_item_cues y where y.item_id = ci.id)) @@ ${tsquery})`,
    ];
    return sql`, spoken as materialized (
        select ci.id, ci.created_at, m.rank
        from (select x.item_id, max(ts_rank(x.search, ${tsquery})) as rank from catalog_item_cues x ${whereClause(cues)} group by x.item_id offset 0) m
        join catalog_items ci on ci.id = m.item_id
        ${whereClause(where)} order by ci.created_at desc, ci.id limit ${wanted})`;
  }

  /**
   * The `candidates` of a search (its newest `wanted` matches, a CTE in `withs`) and the tsquery
   * to rank them with. Words and phrases without filters (or with only "not started") are read
   * from catalog_search_terms (wordCandidates); anything else by testing documents
   * (documentCandidates). `userId` is whose progress the progress filter reads.
   */
  async function candidatesOf(userId: string, q: Omit<QueryOf<'searchCatalog'>, 'limit' | 'offset'>, wanted: SQL) {
    const tsquery = sql`websearch_to_tsquery('english', ${q.q})`;
    // The search's own filters only: its contract has no `featured`, so a stray one is ignored.
    const filters = catalogFilters({ resourceType: q.resourceType, nasotItemIds: q.nasotItemIds, audienceIds: q.audienceIds });
    // Words and phrases are read from their rows, also for the learner's "not started" (most
    // items: each candidate's progress is looked up by its key). Filters of the catalogue and the
    // learner's own items test the documents (docs/decisions.md, "Search reads its words' rows").
    const byWords = !filters.length && (!q.progress || q.progress === 'NOT_STARTED');
    const words = byWords ? await queryWords(q.q) : null;
    // Read from the words' rows, the statement's only values are the words, the query's text and
    // the learner: its plan does not depend on them (two index walks in date order, merged), so
    // it is kept like a catalogue page's, the numbers written in and the query parsed once per
    // call (an InitPlan: in a kept plan a function of a parameter would run for every row).
    // Testing documents goes through indexes chosen for the values, so it is planned each call.
    const query = words ? sql`(select ${tsquery})` : tsquery;
    const withs = words
      ? wordCandidates(words, query, wanted, q.progress ? [progressFilter(userId, q.progress, sql`t0.item_id`)] : [])
      : documentCandidates(userId, q, tsquery, filters, wanted);
    return { withs, query, words };
  }

  return {
    summariesByIds,

    /** Finds an item by public id or id; 404 when there is none, or when it is a draft. */
    async findItem(idOrPublicId: string): Promise<ItemRef> {
      const byId = UUID.test(idOrPublicId) ? sql`ci.id = ${idOrPublicId}::uuid or ` : sql``;
      const [item] = await rows<ItemRef>(
        db,
        keptPlan(sql`select ci.id::text as "id", ci.resource_type as "resourceType", ci.video_id::text as "videoId", ci.title as "title", ci.public_id as "publicId"
            from catalog_items ci where (${byId} ci.public_id = ${idOrPublicId}) and ${VISIBLE} limit 1`),
      );
      if (!item) throw notFound('Catalogue item not found');
      return item;
    },

    /**
     * Ranked full-text search; `userId` is whose progress the progress filter reads. Only the
     * newest matches are ranked (one past the cap, which also gives the capped total). Words and
     * phrases without filters (or with only "not started") are read from catalog_search_terms
     * (wordCandidates); anything else by testing documents (documentCandidates).
     */
    async search(userId: string, q: QueryOf<'searchCatalog'>, { spoken = true }: { spoken?: boolean } = {}): Promise<ItemPage> {
      const wanted = literal(SEARCH_CANDIDATES + 1);
      const limit = pageSize(q.limit);
      const offset = q.offset ?? 0;
      const { withs, query, words } = await candidatesOf(userId, q, wanted);
      // Matches of the items' own words first (title, description, guide), by their rank; then
      // those matched by their spoken words only, by their best cue's rank.
      const rank = sql`c.own desc, c.rank desc, c.created_at desc, c.id`;
      const ids = sql`select c.id as "__id", null::json as "__k", row_number() over (order by ${rank}) as "__ord"
        from (select d.id, d.created_at, true as own, ts_rank(d.search, ${query}) as rank
                from (select * from candidates order by created_at desc, id limit ${literal(SEARCH_CANDIDATES)}) d
              union all
              select s.id, s.created_at, false, s.rank from spoken s) c
        order by ${rank} limit ${literal(limit)} offset ${literal(offset)}`;
      // Each item's best matching cue, where its spoken words match (looked up for the page's items
      // only). Its few cues are read by key and tested (`offset 0`): through the GIN index as well,
      // a common word's cues were read again for every item (4 ms a page for "students").
      const cue = !spoken ? sql`` : sql`, (select json_build_object('startSeconds', round(x.start_seconds::numeric, 3)::float8, 'text', x.text)
          from (select * from catalog_item_cues y where y.item_id = ci.id offset 0) x where x.search @@ ${query}
          order by ts_rank(x.search, ${query}) desc, x.position limit 1) as "transcriptMatch"`;
      const keep = words && offset <= TOTAL_CAP ? 'wordSearch' : undefined;
      const counted = sql`select (select count(*)::int from candidates) + (select count(*)::int from spoken)`;
      const page = await runPage(ids, counted, sql`${withs}${spokenCandidates(userId, q, query, wanted, spoken)}`, { keep, columns: cue });
      return { items: page.rows.map(strip).map(({ transcriptMatch, ...item }) => (transcriptMatch ? { ...item, transcriptMatch } : item)), total: page.total, totalIsCapped: page.totalIsCapped };
    },

    /**
     * A page of the list: from `offset`, or after `cursor` (keyset paging, where deep pages cost
     * what the first does). `nextCursor` continues after the page's last item, null at the end.
     */
    async list(userId: string, q: QueryOf<'listCatalogItems'>): Promise<ItemPage> {
      // Newest first unless the caller chooses.
      const keys: readonly SortKey[] = q.sortBy?.length ? q.sortBy : ['createdAt'];
      const direction: SortDirection = q.sortOrder ?? (q.sortBy?.length ? 'ASC' : 'DESC');
      const dir = direction === 'DESC' ? sql`desc` : sql`asc`;
      const orderOf = (columns: SQL[]) => sql.join(columns.map((c) => sql`${c} ${dir} nulls last`), sql`, `);
      const columns = keys.map((k) => SORT_KEYS[k].column);
      const texts = sql`json_build_array(${sql.join(keys.map((k) => SORT_KEYS[k].text), sql`, `)})`;
      const where = [OFFERED, ...catalogFilters(q)];
      // The learner's own items (in progress, completed, saved) are read first, in a subquery
      // PostgreSQL plans apart (`offset 0`), and then sorted: a learner has a few hundred at
      // most. Planned together with the page's limit, PostgreSQL could instead walk the sort's
      // index hoping to meet them early, which for an active learner read most of the catalogue
      // (400-500 ms a page at the large seed). Items not started are most items: those walk.
      const own = q.progress === 'NOT_STARTED' ? undefined : q.progress;
      const items = own ? sql`(select * from catalog_items ci where ${progressFilter(userId, own)} offset 0) ci` : sql`catalog_items ci`;
      if (q.progress === 'NOT_STARTED') where.push(progressFilter(userId, q.progress));
      const limit = pageSize(q.limit);
      const offset = q.offset ?? 0;
      const cursor = q.cursor === undefined ? null : decodeCursor(q.cursor, keys, direction);
      if (cursor && offset) throw badRequest('A page after a cursor cannot also skip items: leave out offset', 'CURSOR_WITH_OFFSET');

      // One row past the page tells whether there is a next one.
      let ids: SQL;
      if (!cursor) {
        ids = sql`select ci.id as "__id", ${texts} as "__k", row_number() over (order by ${orderOf(columns)}, ci.id) as "__ord"
          from ${items} ${whereClause(where)} order by ${orderOf(columns)}, ci.id limit ${literal(limit + 1)} offset ${literal(offset)}`;
      } else {
        const named = columns.map((c, n) => sql`${c} as ${sql.raw(`c${n}`)}`);
        const branches = keysetBranches(keys, direction, cursor).map(
          (branch, b) => sql`(select ${sql.raw(String(b))} as b, ci.id, ${texts} as k, ${sql.join(named, sql`, `)}
            from ${items} ${whereClause([...where, ...branch])} order by ${orderOf(columns)}, ci.id limit ${literal(limit + 1)})`,
        );
        const order = sql`u.b, ${orderOf(columns.map((_, n) => sql.raw(`u.c${n}`)))}, u.id`;
        ids = sql`select u.id as "__id", u.k as "__k", row_number() over (order by ${order}) as "__ord"
          from (${sql.join(branches, sql` union all `)}) u order by ${order} limit ${literal(limit + 1)}`;
      }
      // A page of the whole offered catalogue in one of its sorts (most requests: the catalogue's
      // first page) keeps its plan (docs/decisions.md, "Plain lists keep their plans"): by offset
      // it has no parameter left; after a cursor, PostgreSQL keeps a generic plan, which walks the
      // sort's index like the custom ones. So does a page filtered by type, featured or the
      // learner's progress (names of their own, so they never use up the plain pages'): the
      // first two are written into its text, the learner is a parameter. Up to the capped total,
      // so that paging deep by offset does not use up the names. Pages filtered by framework
      // items or audiences are planned for their values (their plans depend on them).
      const byIds = Boolean(q.nasotItemIds?.length || q.audienceIds?.length);
      const keep = byIds || offset > TOTAL_CAP ? undefined : where.length === 1 && !own ? 'page' : 'filteredPage';
      const page = await runPage(ids, cappedCount(whereClause(where), items), sql``, { keep });
      const last = page.rows.length > limit ? page.rows[limit - 1] : undefined;
      return {
        items: page.rows.slice(0, limit).map(strip),
        total: page.total,
        totalIsCapped: page.totalIsCapped,
        nextCursor: last ? encodeCursor({ sort: sortSignature(keys, direction), values: last.__k ?? [], id: last.id }) : null,
      };
    },

    /** An item with its files, its playlist entries, and the learner's own rating and rubric score. */
    async detail(found: ItemRef, userId: string) {
      const [[summary], [item], reproducibles, entries, [rating], [score]] = await Promise.all([
        summariesByIds([found.id]),
        db.select().from(catalogItems).where(eq(catalogItems.id, found.id)),
        db
          .select({ id: reproducibleFiles.id, title: reproducibleFiles.title, fileName: reproducibleFiles.fileName, mimeType: reproducibleFiles.mimeType, size: reproducibleFiles.size })
          .from(reproducibleFiles)
          .where(eq(reproducibleFiles.catalogItemId, found.id))
          .orderBy(asc(reproducibleFiles.position)),
        rows<{ itemId: string; position: number }>(
          db,
          sql`select item_id::text as "itemId", position from playlist_entries where playlist_id = ${found.id} order by position`,
        ),
        db.select().from(ratings).where(and(eq(ratings.userId, userId), eq(ratings.catalogItemId, found.id))),
        db.select().from(rubricScores).where(and(eq(rubricScores.userId, userId), eq(rubricScores.catalogItemId, found.id))),
      ]);
      const byId = new Map((await summariesByIds(entries.map((e) => e.itemId))).map((i) => [i.id, i]));
      return {
        summary: summary!,
        item: item!,
        reproducibles,
        entries: entries.flatMap((e) => (byId.has(e.itemId) ? [{ position: e.position, item: byId.get(e.itemId)! }] : [])),
        rating: rating ?? null,
        rubricScore: score ?? null,
      };
    },

    audiences: () => db.select().from(audiences).orderBy(asc(audiences.position), asc(audiences.name)),

    nasotItems: () => db.select().from(nasotItems).orderBy(asc(nasotItems.parentId), asc(nasotItems.position)),

    /** The framework tree's version (migration 0028), or null when none is recorded. */
    async frameworkVersion(): Promise<string | null> {
      const [row] = await rows<{ version: string | null }>(db, keptPlan(sql`select max(version)::text as version from framework_version`));
      return row?.version ?? null;
    },

    /** Whether every id names a framework item. */
    async nasotItemsExist(ids: string[]) {
      const found = await db.select({ id: nasotItems.id }).from(nasotItems).where(inArray(nasotItems.id, ids));
      return found.length === ids.length;
    },

    async audienceExists(id: string) {
      const [audience] = await db.select({ id: audiences.id }).from(audiences).where(eq(audiences.id, id));
      return Boolean(audience);
    },

    /** What learner events about these items may claim: each item's kind, video length, files. */
    async eventTargets(ids: string[]): Promise<Map<string, EventTarget>> {
      if (!ids.length) return new Map();
      const found = await rows<EventTarget & { id: string }>(
        db,
        keptPlan(sql`select ci.id::text as "id", ci.resource_type as "resourceType", v.duration_seconds as "videoSeconds",
              exists (select 1 from reproducible_files f where f.catalog_item_id = ci.id) as "hasReproducibles"
            from catalog_items ci left join videos v on v.id = ci.video_id
            where ci.id in (${uuids(ids)}) and ${VISIBLE}`),
      );
      return new Map(found.map(({ id, ...target }) => [id, { ...target, videoSeconds: target.videoSeconds === null ? null : Number(target.videoSeconds) }]));
    },

    /** The ids among these that name catalogue items. */
    async knownIds(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      return new Set((await db.select({ id: catalogItems.id }).from(catalogItems).where(and(inArray(catalogItems.id, ids), ne(catalogItems.status, 'DRAFT')))).map((r) => r.id));
    },

    async video(videoId: string) {
      const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
      return video;
    },

    /** The item's files with their content, in display order. */
    /** An item's reproducible files in order: the file itself, or where the media storage keeps the upload it is. */
    reproducibles: (itemId: string) =>
      db
        .select({ fileName: reproducibleFiles.fileName, content: reproducibleFiles.content, storageKey: mediaUploads.storageKey })
        .from(reproducibleFiles)
        .leftJoin(mediaUploads, eq(mediaUploads.id, reproducibleFiles.uploadId))
        .where(eq(reproducibleFiles.catalogItemId, itemId))
        .orderBy(asc(reproducibleFiles.position)),

    featured: (limit: number) => top([sql`ci.featured`, OFFERED], sql`ci.created_at desc`, limit),

    newest: (limit: number) => top([sql`ci.resource_type <> 'LIVESTREAM'`, OFFERED], sql`ci.created_at desc`, limit),

    /**
     * Learning objects the learner has not completed: those related to a given item first, then
     * those matching their interests, then their audience; featured and newest break ties.
     *
     * The rank is three yes/no questions weighted 4, 2 and 1, so ranking by their sum is ranking
     * by the answers in turn. Instead of scoring every learning object (1.5 s at 100,000 items),
     * the answers are walked from "yes to all" down, each combination one indexed query in
     * featured/newest order for what is still missing, until the list is full: the same items in
     * the same order, usually from the first one or two queries. With a related item, its
     * "shares a framework element" half comes first, by one query through the tag links (a
     * bounded set).
     */
    async recommended(userId: string, taste: Taste, limit: number) {
      // What the learner completed, read once (a few rows of their own) and left out by id: asked
      // of every item the walk passes, the same question was an index probe per item.
      const [done] = await rows<{ ids: string[] }>(
        db,
        keptPlan(sql`select coalesce(array_agg(p.catalog_item_id::text), '{}') as ids from learner_progress p
            join catalog_items ci on ci.id = p.catalog_item_id where p.user_id = ${userId} and ${completedSql()}`),
      );
      const base: SQL[] = [sql`ci.resource_type = 'LEARNING_OBJECT'`, OFFERED];
      if (done?.ids.length) base.push(sql`ci.id <> all(${uuidArray(done.ids)})`);
      /** Each question as [yes, no], the heaviest first. */
      const questions: [SQL, SQL][] = [];
      if (taste.interestIds.length) {
        const [matchesInterests] = catalogFilters({ nasotItemIds: taste.interestIds });
        questions.push([matchesInterests!, sql`not (${matchesInterests!})`]);
      }
      if (taste.audienceId) {
        const matchesAudience = sql`ci.audience_ids && ${uuidArray([taste.audienceId])}`;
        questions.push([matchesAudience, sql`not (${matchesAudience})`]);
      }
      const found: ItemSummary[] = [];
      const relatedId = taste.relatedItemId;
      if (relatedId) base.push(sql`ci.id <> ${relatedId}::uuid`);
      if (relatedId) {
        // Items sharing a framework element (or strategy) with the given one: the heaviest
        // question. Its "yes" half is a few thousand items at most, read through the tag links
        // and ranked by the other answers at once (a walk of the whole index finds them too, but
        // walks all of it when fewer than a page of them match the other questions as well).
        const shared = await sharedFrameworkItems(relatedId);
        if (shared.length) {
          const sharing = sql`ci.id in (select x.catalog_item_id from catalog_item_nasot_items x where x.nasot_item_id in (${uuids(shared)}))`;
          const byAnswers = sql.join([...questions.map(([yes]) => sql`(${yes}) desc`), sql`ci.featured desc, ci.created_at desc`], sql`, `);
          found.push(...(await top([...base, sharing], byAnswers, limit)));
          base.push(sql`not (ci.nasot_item_ids && ${uuidArray(shared)})`);
        }
      }
      for (let answers = (1 << questions.length) - 1; answers >= 0 && found.length < limit; answers--) {
        const where = questions.map(([yes, no], i) => ((answers >> (questions.length - 1 - i)) & 1 ? yes : no));
        found.push(...(await top([...base, ...where], sql`ci.featured desc, ci.created_at desc`, limit - found.length)));
      }
      return found;
    },

    /** Playlists, those with the most items matching the learner's interests first. */
    recommendedPlaylists(interestIds: string[], limit: number) {
      const where = [sql`ci.resource_type = 'PLAYLIST'`, OFFERED];
      if (!interestIds.length) return top(where, sql`ci.featured desc, ci.created_at desc`, limit);
      // Each playlist's matches counted in one pass over the interests' tag links (a count per
      // playlist, asked of each one, was most of PostgreSQL's time in the journey load test).
      const matches = sql`catalog_items ci left join (
          select e.playlist_id, count(*) as n from catalog_item_nasot_items x join playlist_entries e on e.item_id = x.catalog_item_id
          where x.nasot_item_id in (${uuids(interestIds)}) group by e.playlist_id
        ) m on m.playlist_id = ci.id`;
      return top(where, sql`coalesce(m.n, 0) desc, ci.featured desc, ci.created_at desc`, limit, matches);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

declare module './repositories.ts' {
  interface Repositories {
    catalog: CatalogRepository;
  }
}

export default defineRepository('catalog', createCatalogRepository);
