import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProgressFilter, QueryOf, ResourceType, Schemas } from '../contract.ts';
import { iso, rows, type Db } from '../db/client.ts';
import { audiences, catalogItems, nasotItems, ratings, reproducibleFiles, rubricScores, videos } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { completedSql } from '../services/progress.ts';
import { uuids } from './fragments.ts';

/** A catalogue item as learner events see it. */
export type EventTarget = { resourceType: ResourceType; videoSeconds: number | null; hasReproducibles: boolean };

export type ItemSummary = Schemas['CatalogItemSummary'];
export type ItemRef = { id: string; resourceType: ResourceType; videoId: string | null; title: string; publicId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Columns of a CatalogItemSummary for rows aliased `ci`. */
const summaryColumns = sql`
  ci.id::text as "id", ci.public_id as "publicId", ci.resource_type as "resourceType", ci.title as "title",
  ci.description as "description", ci.thumbnail_url as "thumbnailUrl", ${iso(sql`ci.created_at`)} as "createdAt",
  ci.featured as "featured", ci.duration_seconds as "durationSeconds", ${iso(sql`ci.start_date`)} as "startDate", ${iso(sql`ci.end_date`)} as "endDate",
  coalesce((select array_agg(x.nasot_item_id::text order by x.nasot_item_id) from catalog_item_nasot_items x where x.catalog_item_id = ci.id), '{}') as "nasotItemIds",
  coalesce((select array_agg(a.audience_id::text order by a.audience_id) from catalog_item_audiences a where a.catalog_item_id = ci.id), '{}') as "audienceIds",
  round(ci.rating_average, 2)::float8 as "ratingAverage", ci.rating_count as "ratingCount"`;

const SORT_COLUMNS: Record<NonNullable<QueryOf<'listCatalogItems'>['sortBy']>[number], SQL> = {
  createdAt: sql`ci.created_at`,
  title: sql`lower(ci.title)`,
  startDate: sql`ci.start_date`,
  // Kept on the item by triggers on `ratings`; exactly avg(ratings.value), so the order is unchanged.
  rating: sql`ci.rating_average`,
};

/**
 * A list counts matching rows up to one past this and reports at most this many as its total,
 * with `totalIsCapped` set beyond it (the screen can say "1,000+"): counting every match of a
 * broad filter on a large catalogue would cost more than the page itself.
 */
export const TOTAL_CAP = 1000;
/** Search ranks at most this many matches, the newest first: ts_rank reads each match's document. */
export const SEARCH_CANDIDATES = TOTAL_CAP;

/** Filters are EXISTS sub-queries on `ci`, so a list never needs extra joins. */
type ListOptions = {
  where: SQL[];
  orderBy: SQL;
  limit: number;
  offset: number;
  /** Order only the newest this-many matches (search ranking); no bound when absent. */
  candidates?: number;
  /** Whether to count the matches (lists); summaries for a home-page shelf need no total. */
  count?: boolean;
};
export type ItemPage = { items: ItemSummary[]; total: number; totalIsCapped: boolean };
type Filters = { resourceType?: string[]; nasotItemIds?: string[]; audienceIds?: string[]; featured?: boolean };
/** What ranks the recommendations of a learner. */
export type Taste = { relatedItemId?: string; interestIds: string[]; audienceId: string | null };

const whereClause = (where: SQL[]) => (where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``);

/** Filter fragments shared by the list, the search and the recommendations. */
function catalogFilters(query: Filters): SQL[] {
  const where: SQL[] = [];
  if (query.resourceType?.length) where.push(sql`ci.resource_type in (${sql.join(query.resourceType.map((t) => sql`${t}`), sql`, `)})`);
  if (query.nasotItemIds?.length) {
    where.push(sql`exists (
      with recursive tree as (
        select id from nasot_items where id in (${uuids(query.nasotItemIds)})
        union select n.id from nasot_items n join tree on n.parent_id = tree.id)
      select 1 from catalog_item_nasot_items x where x.catalog_item_id = ci.id and x.nasot_item_id in (select id from tree))`);
  }
  if (query.audienceIds?.length) {
    where.push(sql`exists (select 1 from catalog_item_audiences a where a.catalog_item_id = ci.id and a.audience_id in (${uuids(query.audienceIds)}))`);
  }
  if (query.featured !== undefined) where.push(sql`ci.featured = ${query.featured}`);
  return where;
}

function progressFilter(userId: string, state: ProgressFilter): SQL {
  const progressRow = sql`select 1 from learner_progress p where p.user_id = ${userId} and p.catalog_item_id = ci.id`;
  switch (state) {
    case 'NOT_STARTED':
      return sql`not exists (${progressRow})`;
    case 'IN_PROGRESS':
      return sql`exists (${progressRow} and not ${completedSql()})`;
    case 'COMPLETED':
      return sql`exists (${progressRow} and ${completedSql()})`;
    case 'SAVED':
      return sql`exists (select 1 from bookmarks b where b.user_id = ${userId} and b.catalog_item_id = ci.id)`;
  }
}

/** Catalogue items, their reference data (audiences, framework) and their files. */
export function createCatalogRepository(db: Db) {
  async function listSummaries(options: ListOptions): Promise<ItemPage> {
    const where = whereClause(options.where);
    const matches = options.candidates
      ? sql`(select ci.id, ci.search, ci.created_at from catalog_items ci ${where} order by ci.created_at desc, ci.id limit ${options.candidates}) ci`
      : sql`catalog_items ci ${where}`;
    const orderBy = sql`${options.orderBy}, ci.id`;
    // The page's ids are chosen first (in index order where a sort index fits); only its rows are
    // read in full and get the per-item arrays, and the outer query restores the page's order.
    const page = sql`select ${summaryColumns} from (select ci.id from ${matches} order by ${orderBy} limit ${options.limit} offset ${options.offset}) p
      join catalog_items ci on ci.id = p.id order by ${orderBy}`;
    const capped = sql`select count(*)::int as total from (select 1 from catalog_items ci ${where} limit ${TOTAL_CAP + 1}) m`;
    const [items, counted] = await Promise.all([rows<ItemSummary>(db, page), options.count === false ? [] : rows<{ total: number }>(db, capped)]);
    const total = counted[0]?.total ?? 0;
    return { items, total: Math.min(total, TOTAL_CAP), totalIsCapped: total > TOTAL_CAP };
  }

  /** Summaries in the order of the ids given; unknown ids are left out. */
  async function summariesByIds(ids: string[]): Promise<ItemSummary[]> {
    if (!ids.length) return [];
    const list = await rows<ItemSummary>(db, sql`select ${summaryColumns} from catalog_items ci where ci.id in (${uuids(ids)})`);
    const byId = new Map(list.map((i) => [i.id, i]));
    return ids.map((id) => byId.get(id)).filter((i): i is ItemSummary => Boolean(i));
  }

  const top = async (where: SQL[], orderBy: SQL, limit: number) => (await listSummaries({ where, orderBy, limit, offset: 0, count: false })).items;

  return {
    summariesByIds,

    /** Finds an item by public id or id; 404 when there is none. */
    async findItem(idOrPublicId: string): Promise<ItemRef> {
      const byId = UUID.test(idOrPublicId) ? sql`ci.id = ${idOrPublicId}::uuid or ` : sql``;
      const [item] = await rows<ItemRef>(
        db,
        sql`select ci.id::text as "id", ci.resource_type as "resourceType", ci.video_id::text as "videoId", ci.title as "title", ci.public_id as "publicId"
            from catalog_items ci where ${byId} ci.public_id = ${idOrPublicId} limit 1`,
      );
      if (!item) throw notFound('Catalogue item not found');
      return item;
    },

    /** Ranked full-text search; `userId` is whose progress the progress filter reads. */
    search(userId: string, q: QueryOf<'searchCatalog'>) {
      const tsquery = sql`websearch_to_tsquery('english', ${q.q})`;
      const where = [sql`ci.search @@ ${tsquery}`, ...catalogFilters(q)];
      if (q.progress) where.push(progressFilter(userId, q.progress));
      return listSummaries({
        where,
        orderBy: sql`ts_rank(ci.search, ${tsquery}) desc, ci.created_at desc`,
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
        candidates: SEARCH_CANDIDATES,
      });
    },

    list(userId: string, q: QueryOf<'listCatalogItems'>) {
      // Newest first unless the caller chooses.
      const keys = q.sortBy?.length ? q.sortBy : (['createdAt'] as const);
      const direction = (q.sortOrder ?? (q.sortBy?.length ? 'ASC' : 'DESC')) === 'DESC' ? sql`desc` : sql`asc`;
      const orderBy = sql.join(
        keys.map((k) => sql`${SORT_COLUMNS[k]} ${direction} nulls last`),
        sql`, `,
      );
      const where = catalogFilters(q);
      if (q.progress) where.push(progressFilter(userId, q.progress));
      return listSummaries({ where, orderBy, limit: q.limit ?? 10, offset: q.offset ?? 0 });
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

    /** Whether every id names a framework item. */
    async nasotItemsExist(ids: string[]) {
      const found = await db.select({ id: nasotItems.id }).from(nasotItems).where(inArray(nasotItems.id, ids));
      return found.length === ids.length;
    },

    async audienceExists(id: string) {
      const [audience] = await db.select({ id: audiences.id }).from(audiences).where(eq(audiences.id, id));
      return Boolean(audience);
    },

    /** The ids among these that name catalogue items. */
    /** What learner events about these items may claim: each item's kind, video length, files. */
    async eventTargets(ids: string[]): Promise<Map<string, EventTarget>> {
      if (!ids.length) return new Map();
      const found = await rows<EventTarget & { id: string }>(
        db,
        sql`select ci.id::text as "id", ci.resource_type as "resourceType", v.duration_seconds as "videoSeconds",
              exists (select 1 from reproducible_files f where f.catalog_item_id = ci.id) as "hasReproducibles"
            from catalog_items ci left join videos v on v.id = ci.video_id
            where ci.id in (${uuids(ids)})`,
      );
      return new Map(found.map(({ id, ...target }) => [id, { ...target, videoSeconds: target.videoSeconds === null ? null : Number(target.videoSeconds) }]));
    },

    async knownIds(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      return new Set((await db.select({ id: catalogItems.id }).from(catalogItems).where(inArray(catalogItems.id, ids))).map((r) => r.id));
    },

    async video(videoId: string) {
      const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
      return video;
    },

    /** The item's files with their content, in display order. */
    reproducibles: (itemId: string) => db.select().from(reproducibleFiles).where(eq(reproducibleFiles.catalogItemId, itemId)).orderBy(asc(reproducibleFiles.position)),

    featured: (limit: number) => top([sql`ci.featured`], sql`ci.created_at desc`, limit),

    newest: (limit: number) => top([sql`ci.resource_type <> 'LIVESTREAM'`], sql`ci.created_at desc`, limit),

    /**
     * Learning objects the learner has not completed: those related to a given item first, then
     * those matching their interests, then their audience; featured and newest break ties.
     */
    recommended(userId: string, taste: Taste, limit: number) {
      const score: SQL[] = [];
      const where: SQL[] = [
        sql`ci.resource_type = 'LEARNING_OBJECT'`,
        sql`not exists (select 1 from learner_progress p where p.user_id = ${userId} and p.catalog_item_id = ci.id and ${completedSql()})`,
      ];
      const related = taste.relatedItemId;
      if (related) {
        where.push(sql`ci.id <> ${related}::uuid`);
        // Items sharing a framework element (or strategy) with the given one rank first.
        score.push(sql`(case when exists (
          select 1 from catalog_item_nasot_items mine
          join nasot_items n on n.id = mine.nasot_item_id and n.type in ('ELEMENT', 'STRATEGY')
          join catalog_item_nasot_items theirs on theirs.nasot_item_id = mine.nasot_item_id
          where mine.catalog_item_id = ${related}::uuid and theirs.catalog_item_id = ci.id) then 4 else 0 end)`);
      }
      if (taste.interestIds.length) {
        const [matchesInterests] = catalogFilters({ nasotItemIds: taste.interestIds });
        score.push(sql`(case when ${matchesInterests!} then 2 else 0 end)`);
      }
      if (taste.audienceId) {
        score.push(sql`(case when exists (select 1 from catalog_item_audiences a where a.catalog_item_id = ci.id and a.audience_id = ${taste.audienceId}::uuid) then 1 else 0 end)`);
      }
      // A bare constant in ORDER BY would be read as a column position: leave it out instead.
      const rank = score.length ? sql`(${sql.join(score, sql` + `)}) desc, ` : sql``;
      return top(where, sql`${rank}ci.featured desc, ci.created_at desc`, limit);
    },

    /** Playlists, those with the most items matching the learner's interests first. */
    recommendedPlaylists(interestIds: string[], limit: number) {
      const rank = interestIds.length
        ? sql`(select count(*) from playlist_entries e join catalog_item_nasot_items x on x.catalog_item_id = e.item_id
                    where e.playlist_id = ci.id and x.nasot_item_id in (${uuids(interestIds)})) desc, `
        : sql``;
      return top([sql`ci.resource_type = 'PLAYLIST'`], sql`${rank}ci.featured desc, ci.created_at desc`, limit);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
