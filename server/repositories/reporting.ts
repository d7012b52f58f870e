import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { pageViews } from '../db/schema.ts';
import { VIDEO_COMPLETE_AT } from '../services/progress.ts';
import { MEMBER_ROLES, uuids } from './fragments.ts';

export type UsageAggregation = { strategiesWatched: number; strategiesRated: number; strategiesApplied: number; rubricsScored: number };

/** The usage report's aggregates and the app's page views. */
export function createReportingRepository(db: Db) {
  return {
    /** Usage of the educators of some organizations: onboarded members, logins per day since a date, progress counts. */
    async usage(organizationIds: string[], loginsSince: Date) {
      const scope = uuids(organizationIds);
      const members = sql`select u.id from users u where u.organization_id in (${scope}) and u.role in ${MEMBER_ROLES}`;
      const [[active], days, [aggregation]] = await Promise.all([
        rows<{ count: number }>(db, sql`select count(*)::int as count from users u where u.organization_id in (${scope}) and u.role in ${MEMBER_ROLES} and u.completed_onboarding`),
        rows<{ date: string; count: number }>(
          db,
          sql`select to_char((e.occurred_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, count(*)::int as count
              from learner_events e
              where e.type = 'LEARNER_LOGIN' and e.occurred_at >= ${loginsSince} and e.user_id in (${members})
              group by 1 order by 1`,
        ),
        rows<UsageAggregation>(
          db,
          sql`select count(*) filter (where p.video_progress >= ${VIDEO_COMPLETE_AT})::int as "strategiesWatched",
                     count(*) filter (where p.is_catalog_item_rated)::int as "strategiesRated",
                     count(*) filter (where p.is_strategy_applied)::int as "strategiesApplied",
                     count(*) filter (where p.is_rubric_score_saved)::int as "rubricsScored"
              from learner_progress p where p.user_id in (${members})`,
        ),
      ]);
      return { activeUsers: active?.count ?? 0, loginDays: days, aggregation: aggregation ?? null };
    },

    async recordPageView(userId: string | null, fromPath: string, toPath: string) {
      await db.insert(pageViews).values({ userId, fromPath, toPath });
    },
  };
}

export type ReportingRepository = ReturnType<typeof createReportingRepository>;
