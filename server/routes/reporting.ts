import { namedOrganizationOf, tenantOf } from '../auth/enforce.ts';
import { HttpError } from '../errors.ts';
import { toUser } from '../services/users.ts';
import type { Context, Handlers } from './types.ts';

type ReportingOps = 'getUsageReport' | 'recordPageView' | 'listUsers';

/** Logins are counted over this many days (spec §9). */
export const LOGIN_WINDOW_DAYS = 30;

export function reportingHandlers({ repos, limiter, config }: Context): Handlers<ReportingOps> {
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

    // Kept for signed-in users only, paths only, within each user's hourly budget; anything
    // else is answered the same way and dropped, so a script gains nothing by sending more.
    async recordPageView(request, reply) {
      reply.code(204);
      const user = request.principal?.user;
      if (!user) return;
      if (config.rateLimit.enabled) {
        const granted = await limiter.take(`pageviews:${user.id}`, 1, { limit: config.rateLimit.pageViewsPerUserPerHour, windowMs: 3600 * 1000 });
        if (!granted) throw new HttpError(429, 'RATE_LIMITED', 'Too many page views in the last hour');
      }
      const { from, to } = request.body.properties;
      await reporting.recordPageView(user.id, pathOnly(from), pathOnly(to));
    },

    async listUsers(request) {
      const { items, total } = await users.members(tenantOf(request).organizationIds, request.query);
      return { items: items.map((u) => toUser(u)), total };
    },
  };
}

/** '/catalog?search=x#y' → '/catalog', at most 512 characters. */
export function pathOnly(path: string): string {
  return path.split(/[?#]/, 1)[0]!.slice(0, 512);
}
