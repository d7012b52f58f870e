import { sql, type SQL } from 'drizzle-orm';
import { iso, rows } from '../db/client.ts';
import { pageViews } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { ROLES, assertOrganizationVisible, organizationScope, requireRole, visibleOrganizationIds } from '../auth/policy.ts';
import type { UserRow } from '../auth/principal.ts';
import { bearerToken } from '../auth/principal.ts';
import { toUser } from '../services/users.ts';
import { VIDEO_COMPLETE_AT } from '../services/progress.ts';
import { principalOf, type Context, type Handlers } from './types.ts';

type ReportingOps = 'getUsageReport' | 'recordPageView' | 'listUsers';

/** Logins are counted over this many days (spec §9). */
export const LOGIN_WINDOW_DAYS = 30;
/** Roles whose members are the educators of a report or user list. */
const MEMBER_ROLES = sql`('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN')`;

const USER_SORT: Record<string, SQL> = {
  email: sql`lower(u.email)`,
  firstName: sql`lower(u.first_name)`,
  lastName: sql`lower(u.last_name)`,
  completedOnboarding: sql`u.completed_onboarding`,
  createdAt: sql`u.created_at`,
};

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

export function reportingHandlers({ db, auth }: Context): Handlers<ReportingOps> {
  return {
    async getUsageReport(request) {
      const principal = principalOf(request);
      requireRole(principal, ROLES.admins);
      const target = request.query.organizationId ?? principal.user.organizationId;
      if (!target) throw badRequest('organizationId is required');
      await assertOrganizationVisible(db, principal, target);
      const scope = idList(await organizationScope(db, target));
      const members = sql`select u.id from users u where u.organization_id in (${scope}) and u.role in ${MEMBER_ROLES}`;
      const since = new Date(Date.now() - LOGIN_WINDOW_DAYS * 24 * 3600 * 1000);
      const [[active], days, [aggregation]] = await Promise.all([
        rows<{ count: number }>(db, sql`select count(*)::int as count from users u where u.organization_id in (${scope}) and u.role in ${MEMBER_ROLES} and u.completed_onboarding`),
        rows<{ date: string; count: number }>(
          db,
          sql`select to_char((e.occurred_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, count(*)::int as count
              from learner_events e
              where e.type = 'LEARNER_LOGIN' and e.occurred_at >= ${since} and e.user_id in (${members})
              group by 1 order by 1`,
        ),
        rows<{ strategiesWatched: number; strategiesRated: number; strategiesApplied: number; rubricsScored: number }>(
          db,
          sql`select count(*) filter (where p.video_progress >= ${VIDEO_COMPLETE_AT})::int as "strategiesWatched",
                     count(*) filter (where p.is_catalog_item_rated)::int as "strategiesRated",
                     count(*) filter (where p.is_strategy_applied)::int as "strategiesApplied",
                     count(*) filter (where p.is_rubric_score_saved)::int as "rubricsScored"
              from learner_progress p where p.user_id in (${members})`,
        ),
      ]);
      return {
        organizationId: target,
        activeUsers: { count: active?.count ?? 0 },
        logins: { count: days.reduce((n, d) => n + d.count, 0), days },
        aggregation: aggregation ?? { strategiesWatched: 0, strategiesRated: 0, strategiesApplied: 0, rubricsScored: 0 },
      };
    },

    async recordPageView(request, reply) {
      // Anonymous page views count too; a token, when sent, must still be valid.
      const userId = bearerToken(request) ? (await auth.authenticate(request)).user.id : null;
      const { from, to } = request.body.properties;
      await db.insert(pageViews).values({ userId, fromPath: from, toPath: to });
      reply.code(204);
    },

    async listUsers(request) {
      const principal = principalOf(request);
      requireRole(principal, ROLES.admins);
      const q = request.query;
      let scope: string[] | null;
      if (q.organizationId) {
        await assertOrganizationVisible(db, principal, q.organizationId);
        scope = await organizationScope(db, q.organizationId);
      } else {
        scope = await visibleOrganizationIds(db, principal);
      }
      const where: SQL[] = [sql`u.role in ${MEMBER_ROLES}`];
      if (scope) where.push(scope.length ? sql`u.organization_id in (${idList(scope)})` : sql`false`);
      if (q.filter?.trim()) {
        const like = `%${q.filter.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(sql`(lower(u.email) like ${like} or lower(u.first_name) like ${like} or lower(u.last_name) like ${like} or lower(u.first_name || ' ' || u.last_name) like ${like})`);
      }
      const whereSql = sql.join(where, sql` and `);
      const perPage = q.itemsPerPage ?? 10;
      const page = q.page ?? 1;
      const paging = perPage === -1 ? sql`` : sql`limit ${perPage} offset ${(page - 1) * perPage}`;
      const order = q.sortBy ? sql`${USER_SORT[q.sortBy]!} ${q.sortAsc === false ? sql`desc` : sql`asc`}, lower(u.email)` : sql`lower(u.email)`;
      const [list, [count]] = await Promise.all([
        rows<Record<string, unknown>>(
          db,
          sql`select u.id::text as "id", u.sso_id as "ssoId", u.role as "role", u.organization_id::text as "organizationId", u.email as "email",
                u.first_name as "firstName", u.last_name as "lastName", u.completed_onboarding as "completedOnboarding",
                ${iso(sql`u.created_at`)} as "createdAt", u.has_free_access as "hasFreeAccess", u.verified_at as "verifiedAt"
              from users u where ${whereSql} order by ${order} ${paging}`,
        ),
        rows<{ total: number }>(db, sql`select count(*)::int as total from users u where ${whereSql}`),
      ]);
      return { items: list.map((u) => toUser(u as unknown as UserRow)), total: count?.total ?? 0 };
    },
  };
}
