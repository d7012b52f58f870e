import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { QueryOf, Schemas } from '../contract.ts';
import { rows, type Db } from '../db/client.ts';
import { organizations } from '../db/schema.ts';
import { containing, uuids } from './fragments.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

/** Districts and schools. */
export function createOrganizationsRepository(db: Db) {
  return {
    async byId(id: string): Promise<OrganizationRow | undefined> {
      const [org] = await db.select().from(organizations).where(eq(organizations.id, id));
      return org;
    },

    /** The organization and the schools directly under it (a district's schools). */
    async withSchools(id: string): Promise<string[]> {
      const found = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(or(eq(organizations.id, id), eq(organizations.parentId, id)));
      return found.map((r) => r.id);
    },

    /** Names by id, for the given organizations. */
    async names(ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const found = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, ids));
      return new Map(found.map((row) => [row.id, row.name]));
    },

    /** The district a school belongs to, if any. */
    async parentId(id: string): Promise<string | null> {
      const [org] = await db.select({ parentId: organizations.parentId }).from(organizations).where(eq(organizations.id, id));
      return org?.parentId ?? null;
    },

    /** Organizations among `ids` (null: among all), by name, filtered and paged. */
    async list(ids: string[] | null, q: QueryOf<'listOrganizations'>): Promise<{ items: Schemas['Organization'][]; total: number }> {
      const where: SQL[] = [];
      if (ids) where.push(ids.length ? sql`o.id in (${uuids(ids)})` : sql`false`);
      if (q.type) where.push(sql`o.type = ${q.type}`);
      if (q.name?.trim()) where.push(sql`lower(o.name) like ${containing(q.name)}`);
      const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const perPage = q.itemsPerPage ?? 20;
      const paging = perPage === -1 ? sql`` : sql`limit ${perPage} offset ${((q.page ?? 1) - 1) * perPage}`;
      const [items, [count]] = await Promise.all([
        rows<Schemas['Organization']>(
          db,
          sql`select o.id::text as "id", o.name as "name", o.type as "type", o.parent_id::text as "parentId"
              from organizations o ${whereSql} order by lower(o.name), o.id ${paging}`,
        ),
        rows<{ total: number }>(db, sql`select count(*)::int as total from organizations o ${whereSql}`),
      ]);
      return { items, total: count?.total ?? 0 };
    },
  };
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
