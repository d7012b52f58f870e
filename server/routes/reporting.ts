import { namedOrganizationOf, tenantOf } from '../auth/enforce.ts';
import { toUser } from '../services/users.ts';
import type { Context, Handlers } from './types.ts';

type ReportingOps = 'getUsageReport' | 'recordPageView' | 'listUsers';

/** Logins are counted over this many days (spec §9). */
export const LOGIN_WINDOW_DAYS = 30;

export function reportingHandlers({ repos }: Context): Handlers<ReportingOps> {
  const { reporting, users } = repos;
  return {
    async getUsageReport(request) {
      const { organization, organizationIds } = namedOrganizationOf(request);
      const since = new Date(Date.now() - LOGIN_WINDOW_DAYS * 24 * 3600 * 1000);
      const usage = await reporting.usage(organizationIds, since);
      return {
        organizationId: request.query.organizationId ?? organization.id,
        activeUsers: { count: usage.activeUsers },
        logins: { count: usage.loginDays.reduce((n, d) => n + d.count, 0), days: usage.loginDays },
        aggregation: usage.aggregation ?? { strategiesWatched: 0, strategiesRated: 0, strategiesApplied: 0, rubricsScored: 0 },
      };
    },

    async recordPageView(request, reply) {
      const { from, to } = request.body.properties;
      await reporting.recordPageView(request.principal?.user.id ?? null, from, to);
      reply.code(204);
    },

    async listUsers(request) {
      const { items, total } = await users.members(tenantOf(request).organizationIds, request.query);
      return { items: items.map(toUser), total };
    },
  };
}
