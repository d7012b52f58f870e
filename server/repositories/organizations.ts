import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { QueryOf, Schemas } from '../contract.ts';
import { iso, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { organizations, subscriptions } from '../db/schema.ts';
import { containing, MEMBER_ROLES, uuids } from './fragments.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** An organization as the admin site reads it, with its latest subscription's columns (null when it has none). */
export type AdminOrganizationFields = {
  id: string;
  name: string;
  type: OrganizationRow['type'];
  parentId: string | null;
  parentName: string | null;
  memberCount: number;
  schoolCount: number;
  createdAt: string;
  subscriptionId: string | null;
  seats: number | null;
  seatsUsed: number;
  startsAt: string | null;
  endsAt: string | null;
  amountCents: number | null;
  currency: string | null;
  pastDue: boolean | null;
};

/**
 * Members of each organization, counted once per statement (one pass over users, not one per
 * organization listed): all of them, and the active ones a subscription covers.
 */
const MEMBERS = sql`members as (
  select u.organization_id as id, count(*)::int as n, (count(*) filter (where u.deactivated_at is null))::int as active
  from users u where u.role in ${MEMBER_ROLES} and u.organization_id is not null group by 1)`;

/**
 * Active members an organization's subscription covers: its own and, for a district, its
 * schools' (the subscriptions read in server/repositories/billing.ts give them access the same way).
 * Needs MEMBERS in the statement's WITH.
 */
const coveredMembers = (orgId: SQL) => sql`(select coalesce(sum(m.active), 0)::int from organizations c join members m on m.id = c.id
  where c.id = ${orgId} or c.parent_id = ${orgId})`;

const ADMIN_SELECT = sql`with ${MEMBERS}
  select o.id::text as "id", o.name as "name", o.type as "type", o.parent_id::text as "parentId", p.name as "parentName",
    coalesce(own.n, 0) as "memberCount",
    (select count(*)::int from organizations c where c.parent_id = o.id) as "schoolCount",
    ${iso(sql`o.created_at`)} as "createdAt",
    s.id::text as "subscriptionId", s.seats as "seats", ${coveredMembers(sql`o.id`)} as "seatsUsed",
    ${iso(sql`coalesce(s.starts_at, s.created_at)`)} as "startsAt", ${iso(sql`s.current_period_end`)} as "endsAt",
    s.amount_cents as "amountCents", s.currency as "currency", s.past_due as "pastDue"
  from organizations o
  left join organizations p on p.id = o.parent_id
  left join members own on own.id = o.id
  left join lateral (
    select * from subscriptions s where s.organization_id = o.id and s.user_id is null order by s.created_at desc, s.id limit 1
  ) s on true`;

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

    /** The admin site's list: every organization, by name, filtered by name, kind and district, paged. */
    async adminList(q: QueryOf<'adminListOrganizations'>): Promise<{ items: AdminOrganizationFields[]; total: number }> {
      const where: SQL[] = [];
      if (q.type) where.push(sql`o.type = ${q.type}`);
      if (q.parentId) where.push(sql`o.parent_id = ${q.parentId}::uuid`);
      if (q.q?.trim()) where.push(sql`lower(o.name) like ${containing(q.q)}`);
      const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const perPage = q.itemsPerPage ?? 20;
      const offset = ((q.page ?? 1) - 1) * perPage;
      const [items, [count]] = await Promise.all([
        rows<AdminOrganizationFields>(db, sql`${ADMIN_SELECT} ${whereSql} order by lower(o.name), o.id limit ${perPage} offset ${offset}`),
        rows<{ total: number }>(db, sql`select count(*)::int as total from organizations o ${whereSql}`),
      ]);
      return { items, total: count?.total ?? 0 };
    },

    /** One organization as the admin site reads it. */
    async adminOne(id: string): Promise<AdminOrganizationFields | undefined> {
      const [row] = await rows<AdminOrganizationFields>(db, sql`${ADMIN_SELECT} where o.id = ${id}::uuid`);
      return row;
    },

    /** Holds the organization's row until the transaction ends, so that two changes of its members take turns. */
    async lock(id: string): Promise<OrganizationRow | undefined> {
      const [org] = await db.select().from(organizations).where(eq(organizations.id, id)).for('update');
      return org;
    },

    /** An organization of this kind, in this district (null: in none), with this name whatever its case. */
    async named(name: string, type: OrganizationRow['type'], parentId: string | null): Promise<OrganizationRow | undefined> {
      const [org] = await db
        .select()
        .from(organizations)
        .where(and(sql`lower(${organizations.name}) = lower(${name})`, eq(organizations.type, type), parentId ? eq(organizations.parentId, parentId) : isNull(organizations.parentId)));
      return org;
    },

    async create(values: Pick<OrganizationRow, 'name' | 'type' | 'parentId'>): Promise<OrganizationRow> {
      const [org] = await db.insert(organizations).values(values).returning();
      return org!;
    },

    async update(id: string, change: Partial<Pick<OrganizationRow, 'name' | 'parentId'>>): Promise<OrganizationRow> {
      const [org] = await db.update(organizations).set(change).where(eq(organizations.id, id)).returning();
      return org!;
    },

    /** The organization's latest subscription (its own, not a member's). */
    async subscription(id: string): Promise<SubscriptionRow | undefined> {
      const [sub] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.organizationId, id), isNull(subscriptions.userId)))
        .orderBy(desc(subscriptions.createdAt), subscriptions.id)
        .limit(1);
      return sub;
    },

    async createSubscription(values: Pick<SubscriptionRow, 'organizationId' | 'seats' | 'startsAt' | 'currentPeriodEnd' | 'amountCents'>): Promise<SubscriptionRow> {
      const [sub] = await db.insert(subscriptions).values(values).returning();
      return sub!;
    },

    async changeSubscription(id: string, change: Partial<Pick<SubscriptionRow, 'seats' | 'startsAt' | 'currentPeriodEnd' | 'amountCents' | 'pastDue' | 'cancelAtPeriodEnd'>>): Promise<SubscriptionRow> {
      const [sub] = await db.update(subscriptions).set(change).where(eq(subscriptions.id, id)).returning();
      return sub!;
    },

    /** Active members the organization's subscription covers (a district's schools' included). */
    async seatsUsed(id: string): Promise<number> {
      const [row] = await rows<{ used: number }>(db, sql`with ${MEMBERS} select ${coveredMembers(sql`${id}::uuid`)} as used`);
      return row?.used ?? 0;
    },
  };
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;

declare module './repositories.ts' {
  interface Repositories {
    organizations: OrganizationsRepository;
  }
}

export default defineRepository('organizations', createOrganizationsRepository);
