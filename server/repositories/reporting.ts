import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { pageViews } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { MEMBER_ROLES, uuids } from './fragments.ts';

export type UsageAggregation = { strategiesWatched: number; strategiesRated: number; strategiesApplied: number; rubricsScored: number };
export type ElementUsage = { id: string; title: string; strandTitle: string | null; categoryTitle: string | null; watched: number; rated: number; applied: number; rubricsScored: number };

/** Whole days `from`..`to` (YYYY-MM-DD, both included) in a time zone. */
export type DayRange = { from: string; to: string; timeZone: string };
/** The same range as the instants it covers: start included, end excluded. */
type Bounds = { start: Date; end: Date; timeZone: string };

/** The progress steps the report counts, by the learner_progress column of the time each was first done. */
const STEPS = [
  ['watched_at', 'watched'],
  ['rated_at', 'rated'],
  ['applied_at', 'applied'],
  ['rubric_scored_at', 'rubricsScored'],
] as const;

/** The report's members: educators (not platform admins or demo users) of the organizations. */
const memberOf = (organizationIds: string[]) => sql`u.organization_id in (${uuids(organizationIds)}) and u.role in ${MEMBER_ROLES}`;

/**
 * One row per step first done in the range by a member and still done, with its item and the
 * step's name. Progress rows carry their learner's organization while the learner is a member
 * (migration 0004 keeps it), so each step is read from its own partial index
 * (learner_progress_*_idx: organization, time, item) without touching a table row.
 */
function stepsDone(organizationIds: string[], bounds: Bounds): SQL {
  return sql.join(
    STEPS.map(([column, step]) => sql`select p.catalog_item_id, ${step}::text as step from learner_progress p where ${stepDoneIn(organizationIds, column, bounds)}`),
    sql` union all `,
  );
}

/** A progress row `p` of the organizations whose step was first done in the range (and is still done). */
const stepDoneIn = (organizationIds: string[], column: (typeof STEPS)[number][0], { start, end }: Bounds) =>
  sql`p.organization_id in (${uuids(organizationIds)}) and ${sql.raw(`p.${column}`)} >= ${start} and ${sql.raw(`p.${column}`)} < ${end}`;

/**
 * Runs report queries without parallel workers or JIT compilation: they aggregate a few hundred
 * thousand index entries each, where starting workers (each building its own hash tables) and
 * compiling expressions cost more than they save, above all while other requests run too
 * (measured with `npm run bench:usage`: the heatmap took twice as long with workers).
 */
function plainly<T>(db: Db, query: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`set local jit = off`);
    return query(tx);
  });
}

/** The usage report's aggregates, the framework heatmap, and the app's page views. */
export function createReportingRepository(db: Db) {
  /** The instants a range of days covers in its time zone (PostgreSQL's zone rules: 400 for a zone it does not know). */
  async function boundsOf({ from, to, timeZone }: DayRange): Promise<Bounds> {
    try {
      const [row] = await rows<{ start: string; end: string }>(
        db,
        sql`select to_char((${from}::date)::timestamp at time zone ${timeZone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start,
                   to_char((${to}::date + 1)::timestamp at time zone ${timeZone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "end"`,
      );
      return { start: new Date(row!.start), end: new Date(row!.end), timeZone };
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (code === '22023') throw badRequest(`timeZone: unknown time zone "${timeZone}"`);
      throw err;
    }
  }

  return {
    /**
     * Usage by the educators of some organizations over a range of days: members who completed
     * onboarding and had an account by the end of the range, LEARNER_LOGIN events per day, and
     * the progress steps first done in the range that are still done.
     */
    async usage(organizationIds: string[], range: DayRange) {
      const bounds = await boundsOf(range);
      const { start, end, timeZone } = bounds;
      const [[active], days, steps] = await Promise.all([
        rows<{ count: number }>(
          db,
          sql`select count(*)::int as count from users u where ${memberOf(organizationIds)} and u.completed_onboarding and u.created_at < ${end}`,
        ),
        // Each sign-in falls into its day by a binary search among the instants the days start
        // at (width_bucket), cheaper than converting every timestamp to the time zone.
        plainly(db, (tx) =>
          rows<{ day: number; count: number }>(
            tx,
            sql`select width_bucket(e.occurred_at, array(
                    select (d::date)::timestamp at time zone ${timeZone} from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
                  )) as day, count(*)::int as count
                from learner_events e
                where e.type = 'LEARNER_LOGIN' and e.organization_id in (${uuids(organizationIds)}) and e.occurred_at >= ${start} and e.occurred_at < ${end}
                group by 1`,
          ),
        ),
        // One count per step, each from its own index.
        plainly(db, (tx) => {
          const counts = STEPS.map(
            ([column, step]) => sql`(select count(*)::int from learner_progress p where ${stepDoneIn(organizationIds, column, bounds)}) as ${sql.identifier(step)}`,
          );
          return rows<Record<(typeof STEPS)[number][1], number>>(tx, sql`select ${sql.join(counts, sql`, `)}`);
        }),
      ]);
      const [counts] = steps;
      return {
        activeUsers: active?.count ?? 0,
        /** Sign-ins by day of the range: 1 is `from`. */
        loginsByDay: new Map(days.map((d) => [Number(d.day), d.count])),
        aggregation: {
          strategiesWatched: counts?.watched ?? 0,
          strategiesRated: counts?.rated ?? 0,
          strategiesApplied: counts?.applied ?? 0,
          rubricsScored: counts?.rubricsScored ?? 0,
        } satisfies UsageAggregation,
      };
    },

    /**
     * The report's progress steps split by framework element: every element, in framework order
     * (category, strand, element by position), with the steps done on the items of its
     * strategies. An item whose strategies belong to several elements counts for each of them.
     */
    async frameworkUsage(organizationIds: string[], range: DayRange): Promise<ElementUsage[]> {
      const bounds = await boundsOf(range);
      return plainly(db, (tx) =>
        rows<ElementUsage>(
          tx,
          sql`with done as (${stepsDone(organizationIds, bounds)}),
            counts as (
              select ce.element_id,
                count(*) filter (where d.step = 'watched') as watched, count(*) filter (where d.step = 'rated') as rated,
                count(*) filter (where d.step = 'applied') as applied, count(*) filter (where d.step = 'rubricsScored') as rubrics
              from done d join catalog_item_elements ce on ce.catalog_item_id = d.catalog_item_id
              group by ce.element_id
            )
            select e.id::text as id, e.title, st.title as "strandTitle", c.title as "categoryTitle",
              coalesce(n.watched, 0)::int as watched, coalesce(n.rated, 0)::int as rated,
              coalesce(n.applied, 0)::int as applied, coalesce(n.rubrics, 0)::int as "rubricsScored"
            from nasot_items e
            left join nasot_items st on st.id = e.parent_id
            left join nasot_items c on c.id = st.parent_id
            left join counts n on n.element_id = e.id
            where e.type = 'ELEMENT'
            order by c.position nulls last, c.id, st.position nulls last, st.id, e.position, e.id`,
        ),
      );
    },

    async recordPageView(userId: string | null, fromPath: string, toPath: string) {
      await db.insert(pageViews).values({ userId, fromPath, toPath });
    },
  };
}

export type ReportingRepository = ReturnType<typeof createReportingRepository>;

declare module './repositories.ts' {
  interface Repositories {
    reporting: ReportingRepository;
  }
}

export default defineRepository('reporting', createReportingRepository);
