import { sql, type SQL } from 'drizzle-orm';
import type { Schemas } from '../contract.ts';
import { rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { uuids } from './fragments.ts';

export type AdminFrameworkItem = Schemas['AdminFrameworkItem'];
export type AdminAudience = Schemas['AdminAudience'];
export type NasotItemType = AdminFrameworkItem['type'];

/** A framework item's own fields, as the admin site writes them. */
export type FrameworkColumns = Partial<{ title: string; description: string; communityUrl: string | null }>;

/** What keeps a framework item or an audience from being deleted. */
export type Usage = { children: number; catalogItems: number; learners: number };

/**
 * Each framework item with how often it is used: catalogue items tagged with it (drafts too) and
 * educators who chose it as an interest. Counted once per table, not once per item.
 */
const frameworkItems = (where: SQL) => sql`
  with tags as (select x.nasot_item_id as id, count(*)::int as n from catalog_item_nasot_items x group by 1),
       interests as (select i.id, count(*)::int as n from profiles p cross join lateral unnest(p.interest_ids) as i(id) group by 1)
  select n.id::text as "id", n.parent_id::text as "parentId", n.type as "type", n.title as "title", n.description as "description",
         n.position as "position", n.community_url as "communityUrl",
         coalesce(tags.n, 0) as "catalogItemCount", coalesce(interests.n, 0) as "learnerCount"
  from nasot_items n left join tags on tags.id = n.id left join interests on interests.id = n.id
  ${where}
  order by n.parent_id nulls first, n.position, n.id`;

const audienceRows = (where: SQL) => sql`
  select a.id::text as "id", a.name as "name", a.position as "position",
         (select count(*)::int from catalog_item_audiences x where x.audience_id = a.id) as "catalogItemCount",
         (select count(*)::int from profiles p where p.audience_id = a.id) as "learnerCount"
  from audiences a ${where}
  order by a.position, a.name, a.id`;

/** Sets `position` to 1…n in the order of `ids` (rows already there are not written). */
const renumber = (table: 'nasot_items' | 'audiences', ids: string[]) =>
  ids.length
    ? sql`update ${sql.raw(table)} t set position = o.n::int
          from unnest(array[${uuids(ids)}]::uuid[]) with ordinality as o(id, n)
          where t.id = o.id and t.position is distinct from o.n::int`
    : null;

/** The framework tree (nasot_items) and the audiences, as the admin site reads and changes them. */
export function createFrameworkAdminRepository(db: Db) {
  return {
    /**
     * Admin changes to the framework (or to the audiences) wait for each other, so two admins
     * adding a title at once cannot both find it free, and positions stay 1…n.
     */
    async lock(what: 'framework' | 'audiences') {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`admin:${what}`}))`);
    },

    listItems: () => rows<AdminFrameworkItem>(db, frameworkItems(sql``)),

    async getItem(id: string): Promise<AdminFrameworkItem | null> {
      const [item] = await rows<AdminFrameworkItem>(db, frameworkItems(sql`where n.id = ${id}::uuid`));
      return item ?? null;
    },

    /** The children of a parent (the categories for null), in their order. */
    children: (parentId: string | null) =>
      rows<{ id: string; title: string; position: number }>(
        db,
        sql`select id::text as "id", title as "title", position as "position" from nasot_items
            where ${parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}::uuid`} order by position, id`,
      ),

    async insertItem(item: { parentId: string | null; type: NasotItemType; title: string; description: string; communityUrl: string | null; position: number }) {
      const [row] = await rows<{ id: string }>(
        db,
        sql`insert into nasot_items (parent_id, type, title, description, community_url, position)
            values (${item.parentId}::uuid, ${item.type}, ${item.title}, ${item.description}, ${item.communityUrl}, ${item.position})
            returning id::text as "id"`,
      );
      return row!.id;
    },

    async updateItem(id: string, columns: FrameworkColumns) {
      const sets: SQL[] = [];
      if (columns.title !== undefined) sets.push(sql`title = ${columns.title}`);
      if (columns.description !== undefined) sets.push(sql`description = ${columns.description}`);
      if (columns.communityUrl !== undefined) sets.push(sql`community_url = ${columns.communityUrl}`);
      if (sets.length) await db.execute(sql`update nasot_items set ${sql.join(sets, sql`, `)} where id = ${id}::uuid`);
    },

    async itemUsage(id: string): Promise<Usage> {
      const [usage] = await rows<Usage>(
        db,
        sql`select (select count(*)::int from nasot_items c where c.parent_id = ${id}::uuid) as "children",
                   (select count(*)::int from catalog_item_nasot_items x where x.nasot_item_id = ${id}::uuid) as "catalogItems",
                   (select count(*)::int from profiles p where ${id}::uuid = any(p.interest_ids)) as "learners"`,
      );
      return usage!;
    },

    deleteItem: async (id: string) => void (await db.execute(sql`delete from nasot_items where id = ${id}::uuid`)),

    async orderItems(ids: string[]) {
      const statement = renumber('nasot_items', ids);
      if (statement) await db.execute(statement);
    },

    listAudiences: () => rows<AdminAudience>(db, audienceRows(sql``)),

    async getAudience(id: string): Promise<AdminAudience | null> {
      const [audience] = await rows<AdminAudience>(db, audienceRows(sql`where a.id = ${id}::uuid`));
      return audience ?? null;
    },

    async insertAudience(name: string, position: number) {
      const [row] = await rows<{ id: string }>(db, sql`insert into audiences (name, position) values (${name}, ${position}) returning id::text as "id"`);
      return row!.id;
    },

    renameAudience: async (id: string, name: string) => void (await db.execute(sql`update audiences set name = ${name} where id = ${id}::uuid`)),

    async audienceUsage(id: string): Promise<Omit<Usage, 'children'>> {
      const [usage] = await rows<Omit<Usage, 'children'>>(
        db,
        sql`select (select count(*)::int from catalog_item_audiences x where x.audience_id = ${id}::uuid) as "catalogItems",
                   (select count(*)::int from profiles p where p.audience_id = ${id}::uuid) as "learners"`,
      );
      return usage!;
    },

    deleteAudience: async (id: string) => void (await db.execute(sql`delete from audiences where id = ${id}::uuid`)),

    async orderAudiences(ids: string[]) {
      const statement = renumber('audiences', ids);
      if (statement) await db.execute(statement);
    },
  };
}

export type FrameworkAdminRepository = ReturnType<typeof createFrameworkAdminRepository>;

declare module './repositories.ts' {
  interface Repositories {
    frameworkAdmin: FrameworkAdminRepository;
  }
}

export default defineRepository('frameworkAdmin', createFrameworkAdminRepository);
