import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../src/api/schema.d.ts';
import { iso, rows, type Db } from '../db/client.ts';
import { notFound } from '../errors.ts';
import { completedSql } from './progress.ts';

export type ItemSummary = components['schemas']['CatalogItemSummary'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Columns of a CatalogItemSummary for rows aliased `ci`. */
const summaryColumns = sql`
  ci.id::text as "id", ci.public_id as "publicId", ci.resource_type as "resourceType", ci.title as "title",
  ci.description as "description", ci.thumbnail_url as "thumbnailUrl", ${iso(sql`ci.created_at`)} as "createdAt",
  ci.featured as "featured", ci.duration_seconds as "durationSeconds", ${iso(sql`ci.start_date`)} as "startDate", ${iso(sql`ci.end_date`)} as "endDate",
  coalesce((select array_agg(x.nasot_item_id::text order by x.nasot_item_id) from catalog_item_nasot_items x where x.catalog_item_id = ci.id), '{}') as "nasotItemIds",
  coalesce((select array_agg(a.audience_id::text order by a.audience_id) from catalog_item_audiences a where a.catalog_item_id = ci.id), '{}') as "audienceIds",
  (select round(avg(r.value)::numeric, 2)::float8 from ratings r where r.catalog_item_id = ci.id) as "ratingAverage",
  (select count(*)::int from ratings r where r.catalog_item_id = ci.id) as "ratingCount"`;

export type ListOptions = {
  where: SQL[];
  orderBy: SQL;
  limit: number | null;
  offset: number;
  /** Extra CTEs or joins are not needed: filters are EXISTS sub-queries on `ci`. */
};

const whereClause = (where: SQL[]) => (where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``);

export async function listSummaries(db: Db, options: ListOptions): Promise<{ items: ItemSummary[]; total: number }> {
  const where = whereClause(options.where);
  const limit = options.limit === null ? sql`` : sql`limit ${options.limit}`;
  const [items, [count]] = await Promise.all([
    rows<ItemSummary>(db, sql`select ${summaryColumns} from catalog_items ci ${where} order by ${options.orderBy}, ci.id ${limit} offset ${options.offset}`),
    rows<{ total: number }>(db, sql`select count(*)::int as total from catalog_items ci ${where}`),
  ]);
  return { items, total: count?.total ?? 0 };
}

export async function summariesByIds(db: Db, ids: string[]): Promise<ItemSummary[]> {
  if (!ids.length) return [];
  const list = await rows<ItemSummary>(
    db,
    sql`select ${summaryColumns} from catalog_items ci where ci.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  const byId = new Map(list.map((i) => [i.id, i]));
  return ids.map((id) => byId.get(id)).filter((i): i is ItemSummary => Boolean(i));
}

/** Finds an item by public id or id; 404 when there is none. */
export async function findItem(db: Db, idOrPublicId: string) {
  const byId = UUID.test(idOrPublicId) ? sql`ci.id = ${idOrPublicId}::uuid or ` : sql``;
  const [item] = await rows<{ id: string; resourceType: ItemSummary['resourceType']; videoId: string | null; title: string; publicId: string }>(
    db,
    sql`select ci.id::text as "id", ci.resource_type as "resourceType", ci.video_id::text as "videoId", ci.title as "title", ci.public_id as "publicId"
        from catalog_items ci where ${byId} ci.public_id = ${idOrPublicId} limit 1`,
  );
  if (!item) throw notFound('Catalogue item not found');
  return item;
}

/** Filter fragments shared by the list and the search. */
export function catalogFilters(query: { resourceType?: string[]; nasotItemIds?: string[]; audienceIds?: string[]; featured?: boolean }): SQL[] {
  const where: SQL[] = [];
  if (query.resourceType?.length) where.push(sql`ci.resource_type in (${sql.join(query.resourceType.map((t) => sql`${t}`), sql`, `)})`);
  if (query.nasotItemIds?.length) {
    const ids = sql.join(query.nasotItemIds.map((id) => sql`${id}::uuid`), sql`, `);
    where.push(sql`exists (
      with recursive tree as (
        select id from nasot_items where id in (${ids})
        union select n.id from nasot_items n join tree on n.parent_id = tree.id)
      select 1 from catalog_item_nasot_items x where x.catalog_item_id = ci.id and x.nasot_item_id in (select id from tree))`);
  }
  if (query.audienceIds?.length) {
    const ids = sql.join(query.audienceIds.map((id) => sql`${id}::uuid`), sql`, `);
    where.push(sql`exists (select 1 from catalog_item_audiences a where a.catalog_item_id = ci.id and a.audience_id in (${ids}))`);
  }
  if (query.featured !== undefined) where.push(sql`ci.featured = ${query.featured}`);
  return where;
}

export function progressFilter(userId: string, state: 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'SAVED'): SQL {
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
