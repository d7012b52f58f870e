import { eq, sql, type SQL } from 'drizzle-orm';
import type { QueryOf } from '../contract.ts';
import { iso, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { emailVerificationTokens, profiles, revokedTokens, users } from '../db/schema.ts';
import type { UserRow } from '../auth/principal.ts';
import type { MemberFields } from '../services/users.ts';
import { containing, MEMBER_ROLES, uuids } from './fragments.ts';
import { transactional } from './transactional.ts';

type NewUser = typeof users.$inferInsert;
type MemberQuery = Pick<QueryOf<'listUsers'>, 'filter' | 'status' | 'sortBy' | 'sortAsc' | 'page' | 'itemsPerPage'>;
type AccountQuery = QueryOf<'adminListUsers'>;

/** A member as the admin site sees them: also whether the account is deactivated, and its organization's name. */
export type AccountFields = MemberFields & { deactivatedAt: string | null; organizationName: string | null };

const ACCOUNT_SORT: Record<NonNullable<AccountQuery['sortBy']>, SQL> = {
  email: sql`lower(u.email)`,
  firstName: sql`lower(u.first_name)`,
  lastName: sql`lower(u.last_name)`,
  role: sql`u.role`,
  createdAt: sql`u.created_at`,
};

const ACCOUNT_COLUMNS = sql`u.id::text as "id", u.sso_id as "ssoId", u.role as "role", u.organization_id::text as "organizationId", u.email as "email",
  u.first_name as "firstName", u.last_name as "lastName", u.completed_onboarding as "completedOnboarding",
  ${iso(sql`u.created_at`)} as "createdAt", u.has_free_access as "hasFreeAccess", u.verified_at as "verifiedAt",
  ${iso(sql`u.invited_at`)} as "invitedAt", ${iso(sql`u.invitation_sent_at`)} as "invitationSentAt",
  ${iso(sql`u.invitation_expires_at`)} as "invitationExpiresAt", ${iso(sql`u.invitation_accepted_at`)} as "invitationAcceptedAt",
  ${iso(sql`u.deactivated_at`)} as "deactivatedAt", o.name as "organizationName"`;

/** Accepting an invitation: the account of an invited educator gets its owner now. */
const acceptedNow = sql`case when ${users.invitedAt} is not null and ${users.invitationAcceptedAt} is null then app_now() else ${users.invitationAcceptedAt} end`;

const USER_SORT: Record<NonNullable<MemberQuery['sortBy']>, SQL> = {
  email: sql`lower(u.email)`,
  firstName: sql`lower(u.first_name)`,
  lastName: sql`lower(u.last_name)`,
  completedOnboarding: sql`u.completed_onboarding`,
  createdAt: sql`u.created_at`,
};

function usersQueries(db: Db) {
  return {
    async byId(id: string): Promise<UserRow | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id));
      return user;
    },

    /**
     * What every authenticated request asks: the account a token names (by its id, or by the
     * provider's subject) and whether the token's id was revoked, in one statement. Undefined
     * when there is no such account (the caller asks about the token on its own then).
     */
    async forToken(account: { id: string } | { ssoId: string }, jti: string | null): Promise<{ user: UserRow; revoked: boolean } | undefined> {
      const revoked = jti ? sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${jti})` : sql<boolean>`false`;
      const by = 'id' in account ? 'id' : 'sso';
      const [row] = await db
        .select({ user: users, revoked })
        .from(users)
        .where('id' in account ? eq(users.id, account.id) : eq(users.ssoId, account.ssoId))
        // Named: each connection parses it once and may keep its plan (db/client.ts keptPlan).
        .prepare(`elp_session_by_${by}${jti ? '_jti' : ''}`)
        .execute();
      return row;
    },

    /** E-mail addresses are unique whatever their case. */
    async byEmail(email: string): Promise<UserRow | undefined> {
      const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
      return user;
    },

    async bySsoId(subject: string): Promise<UserRow | undefined> {
      const [user] = await db.select().from(users).where(eq(users.ssoId, subject));
      return user;
    },

    /**
     * Creates an account with its (empty) profile. `ifNew` leaves an e-mail that already has an
     * account alone and returns undefined; otherwise that is a unique-violation error.
     */
    create(values: NewUser, options: { ifNew?: boolean } = {}): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const insert = tx.insert(users).values(values);
        const [created] = await (options.ifNew ? insert.onConflictDoNothing() : insert).returning();
        if (created) await tx.insert(profiles).values({ userId: created.id });
        return created;
      });
    },

    /** Every account of these e-mail addresses (any case), by lower-cased address. */
    async byEmails(emails: string[]): Promise<Map<string, UserRow>> {
      if (!emails.length) return new Map();
      const found = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) in (${sql.join(emails.map((e) => sql`${e.trim().toLowerCase()}`), sql`, `)})`);
      return new Map(found.map((u) => [u.email.toLowerCase(), u]));
    },

    /**
     * Creates invited accounts (each with its profile) in one go; an address that has an account
     * by now is left alone. Returns the accounts created.
     */
    async createMany(values: NewUser[]): Promise<UserRow[]> {
      if (!values.length) return [];
      return db.transaction(async (tx) => {
        const created: UserRow[] = [];
        for (let i = 0; i < values.length; i += 500) {
          const chunk = await tx.insert(users).values(values.slice(i, i + 500)).onConflictDoNothing().returning();
          if (chunk.length) await tx.insert(profiles).values(chunk.map((u) => ({ userId: u.id })));
          created.push(...chunk);
        }
        return created;
      });
    },

    /** The invitation was sent again; undefined when it was accepted meanwhile. */
    async invitationSent(userId: string, sentAt: Date, expiresAt: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ invitationSentAt: sentAt, invitationExpiresAt: expiresAt })
        .where(sql`${users.id} = ${userId} and ${users.invitedAt} is not null and ${users.invitationAcceptedAt} is null`)
        .returning();
      return row;
    },

    /** Signed in through the district's identity provider: that accepts an invitation and proves the address. */
    async acceptBySso(userId: string, options: { endOthers: boolean }): Promise<void> {
      await db
        .update(users)
        .set({
          invitationAcceptedAt: acceptedNow,
          verifiedAt: sql`coalesce(${users.verifiedAt}, app_now())`,
          // An address nobody had proven: whoever signed it up loses the password and every session.
          ...(options.endOthers && { passwordHash: null, sessionsNotBefore: sql`now()` }),
        })
        .where(eq(users.id, userId));
    },

    /**
     * Links a sign-in provider's account; an invited educator's account is accepted by it, unless
     * the account only signs in as itself (the embedded provider's: it accepts at sign-up).
     */
    async linkSso(userId: string, subject: string, options: { accepts: boolean } = { accepts: true }): Promise<UserRow> {
      const [linked] = await db
        .update(users)
        .set({ ssoId: subject, ...(options.accepts && { invitationAcceptedAt: acceptedNow }) })
        .where(eq(users.id, userId))
        .returning();
      return linked!;
    },

    /**
     * Gives an account its owner, who proved the right to it: an invitation's link (the invited
     * account, or an account whose address nobody ever proved: whoever signed it up did not own
     * the address) or the demo's own session (its demo account). The password, names and role are
     * theirs from now on, and every earlier session of the account ends. Undefined when the
     * account no longer qualifies (someone completed it first), so of two racing sign-ups only one
     * wins.
     */
    async claim(
      userId: string,
      by: 'invitation' | 'demo',
      values: Pick<NewUser, 'firstName' | 'lastName' | 'passwordHash' | 'role' | 'verifiedAt'>,
    ): Promise<UserRow | undefined> {
      // An account linked to another sign-in stays that sign-in's (the embedded provider links an
      // account to itself: its subject is the account's id).
      const ownSignIn = sql`(${users.ssoId} is null or ${users.ssoId} = ${users.id}::text)`;
      const qualifies =
        by === 'invitation'
          ? sql`${users.verifiedAt} is null and ${ownSignIn}`
          : sql`${users.role} = 'DEMO' and ${users.passwordHash} is null and ${ownSignIn}`;
      const [completed] = await db
        .update(users)
        .set({ ...values, invitationAcceptedAt: acceptedNow, sessionsNotBefore: sql`now()` })
        .where(sql`${users.id} = ${userId} and ${qualifies}`)
        .returning();
      return completed;
    },

    /**
     * Takes an account nobody has proven the address of into an invitation (see
     * services/invitations.ts `isUnclaimed`): it becomes the invited educator's, pending, with the
     * invitation's names; its links that would confirm the address stop working, so only the
     * invitation's link gives it an owner. Undefined when it no longer qualifies.
     */
    async inviteUnclaimed(
      userId: string,
      values: Pick<NewUser, 'organizationId' | 'firstName' | 'lastName' | 'invitedAt' | 'invitedBy' | 'invitationSentAt' | 'invitationExpiresAt'>,
    ): Promise<UserRow | undefined> {
      const [taken] = await db
        .update(users)
        .set({ ...values, role: 'USER' })
        .where(
          sql`${users.id} = ${userId} and ${users.verifiedAt} is null and ${users.organizationId} is null and ${users.invitedAt} is null
              and ${users.deactivatedAt} is null and ${users.role} in ('USER', 'DEMO') and (${users.ssoId} is null or ${users.ssoId} = ${users.id}::text)`,
        )
        .returning();
      if (taken) await db.delete(emailVerificationTokens).where(sql`${emailVerificationTokens.userId} = ${userId} and ${emailVerificationTokens.usedAt} is null`);
      return taken;
    },

    /** The address was proven (a demo link followed); the first proof's moment is kept. */
    async markVerified(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ verifiedAt: sql`coalesce(${users.verifiedAt}, app_now())` }).where(eq(users.id, userId)).returning();
      return row;
    },

    async setPassword(userId: string, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    /** From now on, tokens issued before this moment are refused; returns the moment. */
    async endSessions(userId: string): Promise<Date> {
      const [row] = await db.update(users).set({ sessionsNotBefore: sql`now()` }).where(eq(users.id, userId)).returning({ at: users.sessionsNotBefore });
      return row?.at ?? new Date();
    },

    async setFreeAccess(userId: string, hasFreeAccess: boolean): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ hasFreeAccess }).where(eq(users.id, userId)).returning();
      return row;
    },

    /** One account as the admin site shows it. */
    async account(id: string): Promise<AccountFields | undefined> {
      const [row] = await rows<AccountFields>(db, sql`select ${ACCOUNT_COLUMNS} from users u left join organizations o on o.id = u.organization_id where u.id = ${id}::uuid`);
      return row;
    },

    /**
     * Every account of the platform (platform admins and demo users too), filtered by text, role,
     * organization (a district with its schools) and status, sorted and paged.
     */
    async accounts(q: AccountQuery): Promise<{ items: AccountFields[]; total: number }> {
      const where: SQL[] = [];
      if (q.filter?.trim()) {
        const like = containing(q.filter);
        where.push(sql`(lower(u.email) like ${like} or lower(u.first_name) like ${like} or lower(u.last_name) like ${like} or lower(u.first_name || ' ' || u.last_name) like ${like})`);
      }
      if (q.role) where.push(sql`u.role = ${q.role}`);
      if (q.organizationId) where.push(sql`u.organization_id in (select id from organizations where id = ${q.organizationId}::uuid or parent_id = ${q.organizationId}::uuid)`);
      if (q.status === 'ACTIVE') where.push(sql`u.deactivated_at is null`);
      if (q.status === 'DEACTIVATED') where.push(sql`u.deactivated_at is not null`);
      const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const perPage = q.itemsPerPage ?? 10;
      const offset = ((q.page ?? 1) - 1) * perPage;
      const order = q.sortBy ? sql`${ACCOUNT_SORT[q.sortBy]} ${q.sortAsc === false ? sql`desc` : sql`asc`}, lower(u.email)` : sql`lower(u.email)`;
      const [items, [count]] = await Promise.all([
        rows<AccountFields>(
          db,
          sql`select ${ACCOUNT_COLUMNS} from users u left join organizations o on o.id = u.organization_id ${whereSql} order by ${order} limit ${perPage} offset ${offset}`,
        ),
        rows<{ total: number }>(db, sql`select count(*)::int as total from users u ${whereSql}`),
      ]);
      return { items, total: count?.total ?? 0 };
    },

    /** A new role, and no session that was opened under the old one. */
    async changeRole(userId: string, role: UserRow['role']): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ role, sessionsNotBefore: sql`now()` }).where(eq(users.id, userId)).returning();
      return row;
    },

    /** Puts an account in an organization (null: in none) with a role there; a new role ends the sessions opened under the old one. */
    async setOrganization(userId: string, organizationId: string | null, role: UserRow['role']): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ organizationId, role, sessionsNotBefore: sql`case when ${users.role} = ${role} then ${users.sessionsNotBefore} else now() end` })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /** Deactivates (or reactivates) an account; deactivating ends every session. */
    async setDeactivated(userId: string, deactivated: boolean): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set(deactivated ? { deactivatedAt: sql`app_now()`, sessionsNotBefore: sql`now()` } : { deactivatedAt: null })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /**
     * The educators (not platform admins or demo users) of some organizations (null: of every
     * one), matching a filter, sorted and paged, with their invitations. `count: false` skips the
     * total (an export reads every row anyway).
     */
    async members(organizationIds: string[] | null, q: MemberQuery, options: { count?: boolean } = {}): Promise<{ items: MemberFields[]; total: number }> {
      const where: SQL[] = [sql`u.role in ${MEMBER_ROLES}`];
      if (organizationIds) where.push(organizationIds.length ? sql`u.organization_id in (${uuids(organizationIds)})` : sql`false`);
      if (q.filter?.trim()) {
        const like = containing(q.filter);
        where.push(sql`(lower(u.email) like ${like} or lower(u.first_name) like ${like} or lower(u.last_name) like ${like} or lower(u.first_name || ' ' || u.last_name) like ${like})`);
      }
      // Active: what the report's Active Educators counts (completed onboarding).
      if (q.status) where.push(q.status === 'ACTIVE' ? sql`u.completed_onboarding` : sql`not u.completed_onboarding`);
      const whereSql = sql.join(where, sql` and `);
      const perPage = q.itemsPerPage ?? 10;
      const page = q.page ?? 1;
      const paging = perPage === -1 ? sql`` : sql`limit ${perPage} offset ${(page - 1) * perPage}`;
      const order = q.sortBy ? sql`${USER_SORT[q.sortBy]} ${q.sortAsc === false ? sql`desc` : sql`asc`}, lower(u.email)` : sql`lower(u.email)`;
      const [items, [count]] = await Promise.all([
        rows<MemberFields>(
          db,
          sql`select u.id::text as "id", u.sso_id as "ssoId", u.role as "role", u.organization_id::text as "organizationId", u.email as "email",
                u.first_name as "firstName", u.last_name as "lastName", u.completed_onboarding as "completedOnboarding",
                ${iso(sql`u.created_at`)} as "createdAt", u.has_free_access as "hasFreeAccess", u.verified_at as "verifiedAt",
                ${iso(sql`u.invited_at`)} as "invitedAt", ${iso(sql`u.invitation_sent_at`)} as "invitationSentAt",
                ${iso(sql`u.invitation_expires_at`)} as "invitationExpiresAt", ${iso(sql`u.invitation_accepted_at`)} as "invitationAcceptedAt"
              from users u where ${whereSql} order by ${order} ${paging}`,
        ),
        options.count === false ? Promise.resolve([]) : rows<{ total: number }>(db, sql`select count(*)::int as total from users u where ${whereSql}`),
      ]);
      return { items, total: count?.total ?? items.length };
    },
  };
}

/** Accounts (each with its profile row) and the member lists of organizations. */
export const createUsersRepository = (db: Db) => transactional(db, usersQueries);
export type UsersRepository = ReturnType<typeof createUsersRepository>;

declare module './repositories.ts' {
  interface Repositories {
    users: UsersRepository;
  }
}

export default defineRepository('users', createUsersRepository);
