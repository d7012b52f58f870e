import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../contract.ts';
import { iso, rows, type Db } from '../db/client.ts';
import { rosterImports, rosterSources } from '../db/schema.ts';
import { defineRepository } from './define.ts';
import { MEMBER_ROLES } from './fragments.ts';

/** An account as an import compares it with the roster. */
export type RosterAccount = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  organizationId: string | null;
  rosteredBy: string | null;
  sourcedId: string | null;
  deactivated: boolean;
  /** Fields `isUnclaimed` (server/services/invitations.ts) reads. */
  ssoId: string | null;
  verifiedAt: string | null;
  invitedAt: string | null;
};

export type RosterSchool = { id: string; name: string; sourcedId: string | null };

export type RosterImportRow = typeof rosterImports.$inferSelect;
export type RosterSourceRow = typeof rosterSources.$inferSelect;

/** An import as lists show it: its status worked out, its people named. */
export type RosterImportListed = {
  id: string;
  organizationId: string;
  source: 'UPLOAD' | 'PULL';
  fileName: string | null;
  digest: string;
  status: 'PENDING' | 'APPLIED' | 'SUPERSEDED';
  createdAt: string;
  createdBy: { id: string; email: string; fullName: string } | null;
  appliedAt: string | null;
  appliedBy: { id: string; email: string; fullName: string } | null;
  summary: Record<string, unknown>;
};

/** A new account of the roster (no password: the district's sign-in or an invitation gives it one). */
export type NewRosterAccount = { email: string; firstName: string; lastName: string; role: Role; organizationId: string; sourcedId: string };

/** An account's fields as the roster has them now, and whether it is (de/re)activated. */
export type RosterAccountUpdate = NewRosterAccount & { id: string; deactivate: boolean; reactivate: boolean };

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

const person = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null else json_build_object('id', ${alias}.id::text, 'email', ${alias}.email, 'fullName', trim(${alias}.first_name || ' ' || ${alias}.last_name)) end`);

const LISTED = sql`select r.id::text as "id", r.organization_id::text as "organizationId", r.source as "source", r.file_name as "fileName",
    r.digest as "digest", ${iso(sql`r.created_at`)} as "createdAt", ${iso(sql`r.applied_at`)} as "appliedAt", r.summary as "summary",
    case when r.applied_at is not null then 'APPLIED'
         when exists (select 1 from roster_imports n where n.organization_id = r.organization_id and (n.created_at, n.id) > (r.created_at, r.id)) then 'SUPERSEDED'
         else 'PENDING' end as "status",
    ${person('c')} as "createdBy", ${person('a')} as "appliedBy"
  from roster_imports r left join users c on c.id = r.created_by left join users a on a.id = r.applied_by`;

/** A district's roster: its schools and accounts as an import sees them, the imports, and its REST endpoint. */
export function createRosterRepository(db: Db) {
  return {
    /** The district's schools (its direct children). */
    async schools(districtId: string): Promise<RosterSchool[]> {
      return rows<RosterSchool>(db, sql`select id::text as "id", name, sourced_id as "sourcedId" from organizations where parent_id = ${districtId}::uuid order by lower(name), id`);
    },

    /**
     * Every account an import of the district may touch, in one statement: those it rostered,
     * the members of the district and its schools, and the accounts of the file's addresses.
     */
    async accounts(districtId: string, emails: readonly string[]): Promise<RosterAccount[]> {
      return rows<RosterAccount>(
        db,
        sql`select u.id::text as "id", u.email, u.first_name as "firstName", u.last_name as "lastName", u.role,
              u.organization_id::text as "organizationId", u.rostered_by::text as "rosteredBy", u.sourced_id as "sourcedId",
              u.deactivated_at is not null as "deactivated", u.sso_id as "ssoId", ${iso(sql`u.verified_at`)} as "verifiedAt", ${iso(sql`u.invited_at`)} as "invitedAt"
            from users u
            where u.rostered_by = ${districtId}::uuid
               or u.organization_id in (select id from organizations where id = ${districtId}::uuid or parent_id = ${districtId}::uuid)
               or lower(u.email) in (select lower(value) from json_array_elements_text(${json(emails)}))
            order by lower(u.email)`,
      );
    },

    /** The latest subscription with seats of each of these organizations, while it runs. */
    async seatedSubscriptions(organizationIds: readonly string[]): Promise<{ organizationId: string; seats: number }[]> {
      if (!organizationIds.length) return [];
      return rows(
        db,
        sql`select "organizationId", seats from (
              select distinct on (s.organization_id) s.organization_id::text as "organizationId", s.seats, s.current_period_end
              from subscriptions s
              where s.user_id is null and s.organization_id in (select value::uuid from json_array_elements_text(${json(organizationIds)}))
              order by s.organization_id, s.created_at desc, s.id) latest
            where seats is not null and current_period_end > app_now()`,
      );
    },

    /** Active members by organization (the members a subscription's seats count). */
    async activeMembers(organizationIds: readonly string[]): Promise<Map<string, number>> {
      if (!organizationIds.length) return new Map();
      const found = await rows<{ id: string; n: number }>(
        db,
        sql`select organization_id::text as id, count(*)::int as n from users
            where role in ${MEMBER_ROLES} and deactivated_at is null
              and organization_id in (select value::uuid from json_array_elements_text(${json(organizationIds)}))
            group by 1`,
      );
      return new Map(found.map((r) => [r.id, r.n]));
    },

    async setOrganizationSourcedId(id: string, sourcedId: string) {
      await db.execute(sql`update organizations set sourced_id = ${sourcedId} where id = ${id}::uuid`);
    },

    /** New schools of the district; answers their ids by sourcedId. */
    async createSchools(districtId: string, schools: readonly { sourcedId: string; name: string }[]): Promise<Map<string, string>> {
      if (!schools.length) return new Map();
      const made = await rows<{ id: string; sourcedId: string }>(
        db,
        sql`insert into organizations (name, type, parent_id, sourced_id)
            select r.name, 'SCHOOL', ${districtId}::uuid, r."sourcedId" from json_to_recordset(${json(schools)}) as r(name text, "sourcedId" text)
            returning id::text as "id", sourced_id as "sourcedId"`,
      );
      return new Map(made.map((s) => [s.sourcedId, s.id]));
    },

    /** Schools renamed or given their sourcedId. */
    async updateSchools(schools: readonly { id: string; name: string; sourcedId: string }[]) {
      if (!schools.length) return;
      await db.execute(
        sql`update organizations o set name = r.name, sourced_id = r."sourcedId"
            from json_to_recordset(${json(schools)}) as r(id uuid, name text, "sourcedId" text) where o.id = r.id`,
      );
    },

    /** New accounts of the district's roster, each with its (empty) profile, in one statement. */
    async addAccounts(districtId: string, invitedBy: string | null, accounts: readonly NewRosterAccount[]): Promise<number> {
      if (!accounts.length) return 0;
      const [row] = await rows<{ n: number }>(
        db,
        sql`with made as (
              insert into users (role, organization_id, email, first_name, last_name, rostered_by, sourced_id, invited_at, invited_by)
              select r.role, r."organizationId", r.email, r."firstName", r."lastName", ${districtId}::uuid, r."sourcedId", app_now(), ${invitedBy}::uuid
              from json_to_recordset(${json(accounts)}) as r(role text, "organizationId" uuid, email text, "firstName" text, "lastName" text, "sourcedId" text)
              returning id),
            profiles_made as (insert into profiles (user_id) select id from made)
            select count(*)::int as n from made`,
      );
      return row?.n ?? 0;
    },

    /**
     * Accounts as the roster has them now, in one statement: a new role or a deactivation ends
     * the sessions opened before it (as an admin's change does); history rows are not touched.
     */
    async updateAccounts(districtId: string, accounts: readonly RosterAccountUpdate[]) {
      if (!accounts.length) return;
      await db.execute(
        sql`update users u set email = r.email, first_name = r."firstName", last_name = r."lastName", role = r.role,
              organization_id = r."organizationId", rostered_by = ${districtId}::uuid, sourced_id = r."sourcedId",
              deactivated_at = case when r.deactivate then coalesce(u.deactivated_at, app_now()) when r.reactivate then null else u.deactivated_at end,
              sessions_not_before = case when r.deactivate or u.role <> r.role then now() else u.sessions_not_before end
            from json_to_recordset(${json(accounts)}) as r(id uuid, email text, "firstName" text, "lastName" text, role text,
              "organizationId" uuid, "sourcedId" text, deactivate boolean, reactivate boolean)
            where u.id = r.id`,
      );
    },

    async createImport(values: typeof rosterImports.$inferInsert): Promise<RosterImportRow> {
      const [row] = await db.insert(rosterImports).values(values).returning();
      return row!;
    },

    /** An import of the district, held until the transaction ends (two applies take turns). */
    async lockImport(districtId: string, id: string): Promise<RosterImportRow | undefined> {
      const [row] = await db
        .select()
        .from(rosterImports)
        .where(and(eq(rosterImports.id, id), eq(rosterImports.organizationId, districtId)))
        .for('update');
      return row;
    },

    /** Whether a dry run of the district came after this one. */
    async superseded(row: Pick<RosterImportRow, 'organizationId' | 'id'>): Promise<boolean> {
      const [found] = await rows<{ newer: boolean }>(
        db,
        sql`select exists (select 1 from roster_imports n, roster_imports r where r.id = ${row.id}::uuid
              and n.organization_id = ${row.organizationId}::uuid and (n.created_at, n.id) > (r.created_at, r.id)) as newer`,
      );
      return found?.newer ?? false;
    },

    /** The import was applied: by whom (null: a pull that applied itself), with what it did. */
    async markApplied(id: string, appliedBy: string | null, summary: Record<string, unknown>, plan: Record<string, unknown>) {
      await db.execute(
        sql`update roster_imports set applied_at = app_now(), applied_by = ${appliedBy}::uuid, summary = ${JSON.stringify(summary)}::jsonb, plan = ${JSON.stringify(plan)}::jsonb
            where id = ${id}::uuid`,
      );
    },

    /** One import as lists show it, with its plan (the roster it was made from left out). */
    async one(districtId: string, id: string): Promise<(RosterImportListed & { plan: Record<string, unknown> }) | undefined> {
      const [row] = await rows<RosterImportListed & { plan: Record<string, unknown> }>(
        db,
        sql`select * from (${LISTED}) l, lateral (select plan - 'roster' as plan from roster_imports where id = l.id::uuid) p
            where l.id = ${id} and l."organizationId" = ${districtId}`,
      );
      return row;
    },

    /** The district's imports, newest first. */
    async list(districtId: string, page: number, perPage: number): Promise<{ items: RosterImportListed[]; total: number }> {
      const [items, [count]] = await Promise.all([
        rows<RosterImportListed>(db, sql`${LISTED} where r.organization_id = ${districtId}::uuid order by r.created_at desc, r.id desc limit ${perPage} offset ${(page - 1) * perPage}`),
        rows<{ total: number }>(db, sql`select count(*)::int as total from roster_imports where organization_id = ${districtId}::uuid`),
      ]);
      return { items, total: count?.total ?? 0 };
    },

    async source(organizationId: string): Promise<RosterSourceRow | undefined> {
      const [row] = await db.select().from(rosterSources).where(eq(rosterSources.organizationId, organizationId));
      return row;
    },

    async saveSource(values: typeof rosterSources.$inferInsert): Promise<RosterSourceRow> {
      const { baseUrl, tokenUrl, clientId, clientSecretSealed, autoApply } = values;
      const [row] = await db
        .insert(rosterSources)
        .values(values)
        .onConflictDoUpdate({ target: rosterSources.organizationId, set: { baseUrl, tokenUrl, clientId, clientSecretSealed, autoApply } })
        .returning();
      return row!;
    },

    async deleteSource(organizationId: string): Promise<boolean> {
      const removed = await db.delete(rosterSources).where(eq(rosterSources.organizationId, organizationId)).returning({ id: rosterSources.organizationId });
      return removed.length > 0;
    },

    async recordRun(organizationId: string, result: Record<string, unknown>) {
      await db.update(rosterSources).set({ lastRunAt: sql`app_now()`, lastResult: result }).where(eq(rosterSources.organizationId, organizationId));
    },

    /**
     * Claims one endpoint whose last pull is older than `dueAfterMs` (or that was never pulled):
     * its run time is set now, so another server process does not pull it too.
     */
    async claimDue(dueAfterMs: number): Promise<string | undefined> {
      const [row] = await rows<{ id: string }>(
        db,
        sql`update roster_sources set last_run_at = app_now()
            where organization_id = (select organization_id from roster_sources
              where last_run_at is null or last_run_at <= app_now() - make_interval(secs => ${dueAfterMs / 1000})
              order by last_run_at nulls first limit 1 for update skip locked)
            returning organization_id::text as id`,
      );
      return row?.id;
    },
  };
}

export type RosterRepository = ReturnType<typeof createRosterRepository>;

declare module './repositories.ts' {
  interface Repositories {
    roster: RosterRepository;
  }
}

export default defineRepository('roster', createRosterRepository);
