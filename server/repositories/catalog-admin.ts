import { sql, type SQL } from 'drizzle-orm';
import type { CatalogItemStatus, QueryOf, ResourceType, Schemas } from '../contract.ts';
import { iso, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import type { ResourceLink, RubricLevel } from '../db/schema.ts';
import { containing, uuids } from './fragments.ts';
import { transactional } from './transactional.ts';
import { writeCues } from './transcripts.ts';

export type AdminItemSummary = Schemas['AdminCatalogItemSummary'];
export type AdminItem = Schemas['AdminCatalogItem'];
export type VideoInput = Schemas['AdminVideo'];

/** The stored fields of an item, as the service reads and checks them. */
export type StoredItem = {
  id: string;
  publicId: string;
  resourceType: ResourceType;
  status: CatalogItemStatus;
  title: string;
  description: string;
  thumbnailUrl: string | null;
  featured: boolean;
  implementationGuide: string | null;
  resources: ResourceLink[];
  rubric: RubricLevel[];
  startDate: string | null;
  endDate: string | null;
  joinUrl: string | null;
  videoId: string | null;
  nasotItemIds: string[];
  audienceIds: string[];
  entryIds: string[];
};

/** Columns written from the admin site (the link tables and the video are written apart). */
export type ItemColumns = Partial<{
  publicId: string;
  title: string;
  description: string;
  thumbnailUrl: string | null;
  featured: boolean;
  implementationGuide: string | null;
  resources: ResourceLink[];
  rubric: RubricLevel[];
  startDate: string | null;
  endDate: string | null;
  joinUrl: string | null;
  status: CatalogItemStatus;
}>;

const COLUMN_NAMES: Record<keyof ItemColumns, string> = {
  publicId: 'public_id',
  title: 'title',
  description: 'description',
  thumbnailUrl: 'thumbnail_url',
  featured: 'featured',
  implementationGuide: 'implementation_guide',
  resources: 'resources',
  rubric: 'rubric',
  startDate: 'start_date',
  endDate: 'end_date',
  joinUrl: 'join_url',
  status: 'status',
};

const valueOf = (key: keyof ItemColumns, value: unknown): SQL => {
  if (key === 'resources' || key === 'rubric') return sql`${JSON.stringify(value)}::jsonb`;
  if (key === 'startDate' || key === 'endDate') return value === null ? sql`null` : sql`${value as string}::timestamptz`;
  return sql`${value}`;
};

const summaryColumns = sql`ci.id::text as "id", ci.public_id as "publicId", ci.resource_type as "resourceType", ci.status as "status",
  ci.title as "title", ci.featured as "featured", ${iso(sql`ci.created_at`)} as "createdAt", ${iso(sql`coalesce(ci.updated_at, ci.created_at)`)} as "updatedAt",
  ${iso(sql`ci.start_date`)} as "startDate", ${iso(sql`ci.end_date`)} as "endDate"`;

const SORTS = {
  updatedAt: sql`coalesce(ci.updated_at, ci.created_at)`,
  createdAt: sql`ci.created_at`,
  title: sql`lower(ci.title)`,
  status: sql`ci.status`,
} as const;

/**
 * Items whose title or public id has a word starting with each word typed ("exit tick" finds
 * "Exit Tickets", "pair" finds think-pair-share), read from a GIN index over both (migration
 * 0014) rather than a scan of every item. Text with no letters or digits at all is looked for as
 * it is, anywhere in the title or the public id.
 */
function matchingWords(text: string): SQL {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return sql`(lower(ci.title) like ${containing(text)} or ci.public_id like ${containing(text)})`;
  const query = words.map((word) => `${word}:*`).join(' & ');
  return sql`to_tsvector('simple', ci.title || ' ' || ci.public_id) @@ to_tsquery('simple', ${query})`;
}

/**
 * Whether an educator has done anything with the item: every step and learner event about an item
 * writes its progress row, and a saved item its bookmark. Read only when an item would go back
 * to draft (no index by item on these tables: they are written on every learner event).
 */
const IN_USE = (item: SQL) => sql`(
  exists (select 1 from learner_progress p where p.catalog_item_id = ${item})
  or exists (select 1 from bookmarks b where b.catalog_item_id = ${item})
  or exists (select 1 from ratings r where r.catalog_item_id = ${item}))`;

function queries(db: Db) {
  return {
    /** Every item, drafts and archived ones too; the last changed first unless sorted. */
    async list(q: QueryOf<'adminListCatalogItems'>): Promise<{ items: AdminItemSummary[]; total: number }> {
      const where: SQL[] = [];
      const text = q.q?.trim();
      if (text) where.push(matchingWords(text));
      if (q.status?.length) where.push(sql`ci.status in (${sql.join(q.status.map((s) => sql`${s}`), sql`, `)})`);
      if (q.resourceType?.length) where.push(sql`ci.resource_type in (${sql.join(q.resourceType.map((t) => sql`${t}`), sql`, `)})`);
      const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const key = SORTS[q.sortBy ?? 'updatedAt'];
      const direction = (q.sortOrder ?? (q.sortBy === 'title' || q.sortBy === 'status' ? 'ASC' : 'DESC')) === 'ASC' ? sql`asc` : sql`desc`;
      const perPage = q.itemsPerPage ?? 10;
      const offset = ((q.page ?? 1) - 1) * perPage;
      const [items, [count]] = await Promise.all([
        rows<AdminItemSummary>(db, sql`select ${summaryColumns} from catalog_items ci ${whereSql} order by ${key} ${direction} nulls last, ci.id limit ${perPage} offset ${offset}`),
        rows<{ total: number }>(db, sql`select count(*)::int as "total" from catalog_items ci ${whereSql}`),
      ]);
      return { items, total: count?.total ?? 0 };
    },

    /** The item as the admin site edits it; undefined when there is none. */
    async get(id: string): Promise<AdminItem | undefined> {
      const [item] = await rows<AdminItem>(
        db,
        sql`select ${summaryColumns}, ci.description as "description", ci.thumbnail_url as "thumbnailUrl",
              ci.nasot_item_ids::text[] as "nasotItemIds", ci.audience_ids::text[] as "audienceIds",
              ci.implementation_guide as "implementationGuide", ci.resources as "resources", ci.rubric as "rubric", ci.join_url as "joinUrl",
              (select json_build_object('url', v.url, 'mimeType', v.mime_type, 'durationSeconds', v.duration_seconds, 'posterUrl', v.poster_url,
                   'captionsUrl', v.captions->0->>'src')
                 from videos v where v.id = ci.video_id) as "video",
              coalesce((select json_agg(json_build_object('id', f.id::text, 'uploadId', f.upload_id::text, 'title', f.title, 'fileName', f.file_name, 'mimeType', f.mime_type, 'size', f.size)
                 order by f.position) from reproducible_files f where f.catalog_item_id = ci.id), '[]'::json) as "reproducibles",
              coalesce((select json_agg(json_build_object('position', e.position, 'item', json_build_object(
                  'id', x.id::text, 'publicId', x.public_id, 'resourceType', x.resource_type, 'status', x.status, 'title', x.title,
                  'featured', x.featured, 'createdAt', ${iso(sql`x.created_at`)}, 'updatedAt', ${iso(sql`coalesce(x.updated_at, x.created_at)`)},
                  'startDate', ${iso(sql`x.start_date`)}, 'endDate', ${iso(sql`x.end_date`)})) order by e.position)
                 from playlist_entries e join catalog_items x on x.id = e.item_id where e.playlist_id = ci.id), '[]'::json) as "entries"
            from catalog_items ci where ci.id = ${id}::uuid`,
      );
      return item;
    },

    /** The stored fields, the row locked until the transaction ends (two admins' changes queue up). */
    async lock(id: string): Promise<StoredItem | undefined> {
      const [item] = await rows<StoredItem>(
        db,
        sql`select ci.id::text as "id", ci.public_id as "publicId", ci.resource_type as "resourceType", ci.status as "status", ci.title as "title",
              ci.description as "description", ci.thumbnail_url as "thumbnailUrl", ci.featured as "featured",
              ci.implementation_guide as "implementationGuide", ci.resources as "resources", ci.rubric as "rubric",
              ${iso(sql`ci.start_date`)} as "startDate", ${iso(sql`ci.end_date`)} as "endDate", ci.join_url as "joinUrl", ci.video_id::text as "videoId",
              array(select x.nasot_item_id::text from catalog_item_nasot_items x where x.catalog_item_id = ci.id order by x.nasot_item_id) as "nasotItemIds",
              array(select a.audience_id::text from catalog_item_audiences a where a.catalog_item_id = ci.id order by a.audience_id) as "audienceIds",
              array(select e.item_id::text from playlist_entries e where e.playlist_id = ci.id order by e.position) as "entryIds"
            from catalog_items ci where ci.id = ${id}::uuid for update`,
      );
      return item;
    },

    async inUse(id: string): Promise<boolean> {
      const [row] = await rows<{ used: boolean }>(db, sql`select ${IN_USE(sql`${id}::uuid`)} as "used"`);
      return row?.used ?? false;
    },

    async publicIdTaken(publicId: string, exceptId: string | null): Promise<boolean> {
      const [row] = await rows<{ taken: boolean }>(
        db,
        sql`select exists (select 1 from catalog_items where public_id = ${publicId} ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``}) as "taken"`,
      );
      return row?.taken ?? false;
    },

    /** The public ids in use that start with this one (to find a free one next to it). */
    async publicIdsLike(prefix: string): Promise<Set<string>> {
      const found = await rows<{ publicId: string }>(
        db,
        sql`select public_id as "publicId" from catalog_items where public_id = ${prefix} or public_id like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`}`,
      );
      return new Set(found.map((r) => r.publicId));
    },

    /** How many of these ids name framework items / audiences. */
    async countNasotItems(ids: string[]): Promise<number> {
      if (!ids.length) return 0;
      const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as "n" from nasot_items where id in (${uuids(ids)})`);
      return row?.n ?? 0;
    },
    async countAudiences(ids: string[]): Promise<number> {
      if (!ids.length) return 0;
      const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as "n" from audiences where id in (${uuids(ids)})`);
      return row?.n ?? 0;
    },

    /** Type and status of each of these items (those that exist). */
    async kinds(ids: string[]): Promise<Map<string, { resourceType: ResourceType; status: CatalogItemStatus }>> {
      if (!ids.length) return new Map();
      const found = await rows<{ id: string; resourceType: ResourceType; status: CatalogItemStatus }>(
        db,
        sql`select id::text as "id", resource_type as "resourceType", status as "status" from catalog_items where id in (${uuids(ids)})`,
      );
      return new Map(found.map(({ id, ...kind }) => [id, kind]));
    },

    async insert(resourceType: ResourceType, columns: ItemColumns & { publicId: string; title: string }): Promise<string> {
      const keys = Object.keys(columns) as (keyof ItemColumns)[];
      const [row] = await rows<{ id: string }>(
        db,
        sql`insert into catalog_items (resource_type, status, updated_at, ${sql.raw(keys.map((k) => COLUMN_NAMES[k]).join(', '))})
            values (${resourceType}, 'DRAFT', app_now(), ${sql.join(keys.map((k) => valueOf(k, columns[k])), sql`, `)})
            returning id::text as "id"`,
      );
      return row!.id;
    },

    /** Writes the columns given and marks the item changed. */
    async update(id: string, columns: ItemColumns): Promise<void> {
      const keys = Object.keys(columns) as (keyof ItemColumns)[];
      const sets = keys.map((k) => sql`${sql.raw(COLUMN_NAMES[k])} = ${valueOf(k, columns[k])}`);
      await db.execute(sql`update catalog_items set ${sql.join([...sets, sql`updated_at = app_now()`], sql`, `)} where id = ${id}::uuid`);
    },

    /** Replaces the item's framework items (the listing arrays follow by trigger, migration 0006). */
    async setNasotItems(id: string, ids: string[]) {
      await db.execute(sql`delete from catalog_item_nasot_items where catalog_item_id = ${id}::uuid ${ids.length ? sql`and nasot_item_id not in (${uuids(ids)})` : sql``}`);
      if (ids.length) {
        await db.execute(sql`insert into catalog_item_nasot_items (catalog_item_id, nasot_item_id)
          select ${id}::uuid, x from unnest(array[${uuids(ids)}]::uuid[]) x on conflict do nothing`);
      }
    },

    async setAudiences(id: string, ids: string[]) {
      await db.execute(sql`delete from catalog_item_audiences where catalog_item_id = ${id}::uuid ${ids.length ? sql`and audience_id not in (${uuids(ids)})` : sql``}`);
      if (ids.length) {
        await db.execute(sql`insert into catalog_item_audiences (catalog_item_id, audience_id)
          select ${id}::uuid, x from unnest(array[${uuids(ids)}]::uuid[]) x on conflict do nothing`);
      }
    },

    /** Which of these ids are uploads of reproducible files. */
    async reproducibleUploads(ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const found = await rows<{ id: string }>(db, sql`select id::text as "id" from media_uploads where id in (${uuids(ids)}) and kind = 'reproducible'`);
      return found.map((r) => r.id);
    },

    /** The ids of this item's reproducible files among `ids`. */
    async ownReproducibles(itemId: string, ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const found = await rows<{ id: string }>(db, sql`select id::text as "id" from reproducible_files where catalog_item_id = ${itemId}::uuid and id in (${uuids(ids)})`);
      return found.map((r) => r.id);
    },

    /**
     * A learning object's reproducible files, in this order, replacing the list: each a file it
     * already has (kept, with its title and place) or an upload (added).
     */
    async setReproducibles(id: string, files: ({ id: string; title: string } | { uploadId: string; title: string })[]) {
      const kept = files.flatMap((f, i) => ('id' in f ? [{ id: f.id, title: f.title, position: i + 1 }] : []));
      const added = files.flatMap((f, i) => ('uploadId' in f ? [{ uploadId: f.uploadId, title: f.title, position: i + 1 }] : []));
      await db.execute(
        kept.length
          ? sql`delete from reproducible_files where catalog_item_id = ${id}::uuid and id not in (${uuids(kept.map((f) => f.id))})`
          : sql`delete from reproducible_files where catalog_item_id = ${id}::uuid`,
      );
      for (const file of kept) {
        await db.execute(sql`update reproducible_files set title = ${file.title}, position = ${file.position} where id = ${file.id}::uuid and catalog_item_id = ${id}::uuid`);
      }
      if (!added.length) return;
      await db.execute(sql`insert into reproducible_files (catalog_item_id, title, file_name, mime_type, size, upload_id, position)
        select ${id}::uuid, x.title, u.file_name, u.mime_type, u.size::int, u.id, x.n::int
        from unnest(array[${uuids(added.map((f) => f.uploadId))}]::uuid[], array[${sql.join(added.map((f) => sql`${f.title}`), sql`, `)}]::text[],
                    array[${sql.join(added.map((f) => sql`${f.position}`), sql`, `)}]::int[]) as x(upload, title, n)
        join media_uploads u on u.id = x.upload`);
    },

    /** A playlist's entries, in this order (positions 1, 2, …). */
    async setEntries(id: string, ids: string[]) {
      await db.execute(sql`delete from playlist_entries where playlist_id = ${id}::uuid`);
      if (ids.length) {
        await db.execute(sql`insert into playlist_entries (playlist_id, item_id, position)
          select ${id}::uuid, x.item, x.n::int from unnest(array[${uuids(ids)}]::uuid[]) with ordinality as x(item, n)`);
      }
    },

    /** The item's spoken words, from its captions as they are now (the search matches them). */
    refreshCues: (id: string) => writeCues(db, [id]),

    /** The item's video (a livestream's recording): replaced by a new row, or removed. */
    async setVideo(id: string, video: VideoInput | null) {
      if (!video) {
        await db.execute(sql`update catalog_items set video_id = null, duration_seconds = null where id = ${id}::uuid`);
        return;
      }
      await db.execute(sql`
        with v as (
          insert into videos (url, mime_type, duration_seconds, poster_url, captions)
          values (${video.url}, ${video.mimeType}, ${video.durationSeconds}, ${video.posterUrl ?? null}, ${JSON.stringify(captionTracks(video.captionsUrl))}::jsonb)
          returning id, duration_seconds)
        update catalog_items set video_id = v.id, duration_seconds = round(v.duration_seconds)::int from v where catalog_items.id = ${id}::uuid`);
    },
  };
}

/** The player's tracks for a video's captions file: English, shown by default (the catalogue's one language). */
function captionTracks(url: string | null | undefined) {
  return url ? [{ src: url, srclang: 'en', label: 'English', default: true }] : [];
}

/** The admin site's reads and writes of catalogue items, whatever their status. */
export function createCatalogAdminRepository(db: Db) {
  return transactional(db, queries);
}

export type CatalogAdminQueries = ReturnType<typeof queries>;
export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;

declare module './repositories.ts' {
  interface Repositories {
    catalogAdmin: CatalogAdminRepository;
  }
}

export default defineRepository('catalogAdmin', createCatalogAdminRepository);
