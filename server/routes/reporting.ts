import { namedOrganizationOf, tenantOf } from '../auth/enforce.ts';
// The longest range a report covers (two years, a leap day included): the page's own limit.
import { MAX_RANGE_DAYS } from '../../src/lib/date-range.ts';
import { badRequest, HttpError } from '../errors.ts';
import type { DayRange } from '../repositories/reporting.ts';
import { toCsv } from '../services/csv.ts';
import { addDays, daysBetween, eachDay, localDate, timeZoneOf } from '../services/dates.ts';
import { invitationStatus, toMember, type MemberFields } from '../services/users.ts';
import { defineRoutes } from './types.ts';
import { clock } from '../clock.ts';

/** Days a report covers when the caller names none (spec §9: logins of the last 30 days). */
export const DEFAULT_RANGE_DAYS = 30;

/**
 * The range of days a report asks for, in its time zone: by default the 30 days up to today;
 * one end given, the other follows (`to` defaults to today, `from` to 29 days before `to`).
 * 400, naming the field, when the range runs backwards, is longer than 731 days, or the time
 * zone is unknown.
 */
export function reportRange(query: { from?: string; to?: string; timeZone?: string }): DayRange {
  const timeZone = timeZoneOf(query.timeZone);
  const to = query.to ?? localDate(clock.now(), timeZone);
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) throw badRequest(`to must be on or after from (from ${from}, to ${to})`);
  const days = daysBetween(from, to) + 1;
  if (days > MAX_RANGE_DAYS) throw badRequest(`from and to may be at most ${MAX_RANGE_DAYS} days apart, both included (asked for ${days})`);
  return { from, to, timeZone };
}

const INVITATION_LABEL = { PENDING: 'Pending', EXPIRED: 'Expired', ACCEPTED: 'Accepted' } as const;

/** The columns of the educators' CSV, with the cells as the usage page's table shows them. */
const CSV_COLUMNS: readonly (readonly [string, (row: MemberFields, timeZone: string, now: number) => string])[] = [
  ['Email', (r) => r.email],
  ['First Name', (r) => r.firstName],
  ['Last Name', (r) => r.lastName],
  ['Completed Onboarding', (r) => (r.completedOnboarding ? 'Yes' : 'No')],
  ['Created At', (r, timeZone) => localDate(new Date(r.createdAt), timeZone)],
  ['Invitation', (r, _, now) => {
    const status = invitationStatus(r, now);
    return status ? INVITATION_LABEL[status] : '';
  }],
];

export default defineRoutes('reporting', ({ repos, limiter, config }) => {
  const { reporting, users } = repos;
  return {
    async getUsageReport(request) {
      const { organization, organizationIds } = namedOrganizationOf(request);
      const range = reportRange(request.query);
      const usage = await reporting.usage(organizationIds, range);
      const days = eachDay(range.from, range.to).map((date, i) => ({ date, count: usage.loginsByDay.get(i + 1) ?? 0 }));
      return {
        organizationId: request.query.organizationId ?? organization.id,
        from: range.from,
        to: range.to,
        activeUsers: { count: usage.activeUsers },
        logins: { count: days.reduce((n, d) => n + d.count, 0), days },
        aggregation: usage.aggregation,
      };
    },

    async getFrameworkUsage(request) {
      const { organization, organizationIds } = namedOrganizationOf(request);
      const range = reportRange(request.query);
      const elements = await reporting.frameworkUsage(organizationIds, range);
      return { organizationId: request.query.organizationId ?? organization.id, from: range.from, to: range.to, elements };
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
      const now = clock.ms();
      return { items: items.map((u) => toMember(u, now)), total };
    },

    // Every row listUsers would give, in its order, as the table shows them.
    async exportUsers(request, reply) {
      const timeZone = timeZoneOf(request.query.timeZone);
      const { items } = await users.members(tenantOf(request).organizationIds, { ...request.query, itemsPerPage: -1 }, { count: false });
      const now = clock.ms();
      const csv = toCsv([CSV_COLUMNS.map(([title]) => title), ...items.map((row) => CSV_COLUMNS.map(([, cell]) => cell(row, timeZone, now)))]);
      return reply
        .code(200)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="educators-${localDate(new Date(now), timeZone)}.csv"`)
        .send(csv);
    },
  };
});

/** '/catalog?search=x#y' → '/catalog', at most 512 characters. */
export function pathOnly(path: string): string {
  return path.split(/[?#]/, 1)[0]!.slice(0, 512);
}
