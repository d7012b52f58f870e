import { sql, type SQL } from 'drizzle-orm';
import { keptPlan, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { pageViews } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { MEMBER_ROLES } from './fragments.ts';

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

const DAY_MS = 86_400_000;
/** YYYY-MM-DD of an instant in UTC. */
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Days from `from` to `to`, both included. */
const daysIn = ({ from, to }: DayRange) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** An instant as ISO 8601 text in UTC, to the second (zone offsets have no smaller part). */
const instantText = (instant: SQL) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A query in a time zone: 400 for a zone PostgreSQL does not know. */
async function inZone<T>(timeZone: string, query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '22023') throw badRequest(`timeZone: unknown time zone "${timeZone}"`);
    throw err;
  }
}

/** The report's members: educators (not platform admins or demo users) of the organizations. */
/**
 * The organizations as one array value: the statement's text is the same for every district, so
 * its plan can be kept (keptPlan), and one value is bound instead of one per school.
 */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
/** One of the organizations (an array value, as uuidArray). */
const anyOf = (organizationIds: string[]) => sql`any(${uuidArray(organizationIds)})`;

const memberOf = (organizationIds: string[]) => sql`u.organization_id = ${anyOf(organizationIds)} and u.role in ${MEMBER_ROLES}`;

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
  sql`p.organization_id = ${anyOf(organizationIds)} and ${sql.raw(`p.${column}`)} >= ${start} and ${sql.raw(`p.${column}`)} < ${end}`;

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
    const [row] = await inZone(
      timeZone,
      rows<{ start: string; end: string }>(
        db,
        sql`select ${instantText(sql`(${from}::date)::timestamp at time zone ${timeZone}`)} as start,
                   ${instantText(sql`(${to}::date + 1)::timestamp at time zone ${timeZone}`)} as "end"`,
      ),
    );
    return { start: new Date(row!.start), end: new Date(row!.end), timeZone };
  }

  /**
   * Members who completed onboarding and had an account by the end of the range: today's members
   * (organization_members, migration 0029) less those whose account was made after the range
   * (users_active_members_idx: none when the range ends today). `fromRows` counts the members.
   */
  async function activeUsers(organizationIds: string[], { to, timeZone }: DayRange, { fromRows = false } = {}): Promise<number> {
    const end = sql`(${to}::date + 1)::timestamp at time zone ${timeZone}`;
    const [row] = await inZone(
      timeZone,
      rows<{ count: number }>(
        db,
        fromRows
          ? keptPlan(sql`select count(*)::int as count from users u where ${memberOf(organizationIds)} and u.completed_onboarding and u.created_at < ${end}`)
          : keptPlan(sql`select ((select coalesce(sum(m.onboarded), 0) from organization_members m where m.organization_id = ${anyOf(organizationIds)})
                - (select count(*) from users u where ${memberOf(organizationIds)} and u.completed_onboarding and u.created_at >= ${end}))::int as count`),
      ),
    );
    return row?.count ?? 0;
  }

  /**
   * The district whose roll-up rows (district_usage_days) count exactly these organizations: an
   * organization without a parent, with every organization directly under it and no other.
   */
  async function wholeDistrict(organizationIds: string[]): Promise<string | null> {
    const [row] = await rows<{ id: string }>(
      db,
      keptPlan(sql`with ids as (select distinct unnest(${uuidArray(organizationIds)}) as id)
          select o.id::text as id from organizations o
          where o.id in (select id from ids) and o.parent_id is null
            and (select count(*) from ids) = 1 + (select count(*) from organizations c where c.parent_id = o.id)
            and not exists (select 1 from organizations c where c.parent_id = o.id and c.id not in (select id from ids))`),
    );
    return row?.id ?? null;
  }

  /** One count per step first done in the intervals [start, end), each from its own index. */
  async function stepsIn(tx: Db, organizationIds: string[], ...intervals: Bounds[]): Promise<UsageAggregation> {
    const counts = STEPS.map(
      ([column, step]) =>
        sql`${sql.join(
          intervals.map((bounds) => sql`(select count(*)::int from learner_progress p where ${stepDoneIn(organizationIds, column, bounds)})`),
          sql` + `,
        )} as ${sql.identifier(step)}`,
    );
    const [row] = await rows<Record<(typeof STEPS)[number][1], number>>(tx, keptPlan(sql`select ${sql.join(counts, sql`, `)}`));
    return { strategiesWatched: row?.watched ?? 0, strategiesRated: row?.rated ?? 0, strategiesApplied: row?.applied ?? 0, rubricsScored: row?.rubricsScored ?? 0 };
  }

  /**
   * The report read from its stored rows (learner_events, learner_progress) alone: sign-ins per
   * day and steps in the range, through their indexes. What the daily roll-up must always equal.
   */
  async function usageFromRows(organizationIds: string[], range: DayRange, bounds: Bounds) {
    const { start, end, timeZone } = bounds;
    const [days, aggregation] = await Promise.all([
      // Each sign-in falls into its day by a binary search among the instants the days start
      // at (width_bucket), cheaper than converting every timestamp to the time zone.
      plainly(db, (tx) =>
        rows<{ day: number; count: number }>(
          tx,
          sql`select width_bucket(e.occurred_at, array(
                  select (d::date)::timestamp at time zone ${timeZone} from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
                )) as day, count(*)::int as count
              from learner_events e
              where e.type = 'LEARNER_LOGIN' and e.organization_id = ${anyOf(organizationIds)} and e.occurred_at >= ${start} and e.occurred_at < ${end}
              group by 1`,
        ),
      ),
      plainly(db, (tx) => stepsIn(tx, organizationIds, bounds)),
    ]);
    return { loginsByDay: new Map(days.map((d) => [Number(d.day), d.count])), aggregation };
  }

  /**
   * The report from the daily roll-up (organization_usage_days, migration 0024). The range's days
   * start at instants b0..bN; F(b), the sign-ins from the UTC day of b0 up to b, is the roll-up's
   * whole days before b's UTC day plus that day's sign-ins before b's quarter hour, and a day's
   * sign-ins are F(b(i)) − F(b(i−1)). Steps: the whole UTC days inside the range from the roll-up,
   * the hours at either end from learner_progress as before. One pass over the roll-up's rows of
   * the range: each row gives the sign-ins before the day's boundaries (at most two: a day of a
   * zone near UTC that changes its clock). Where a day of the range does not start on a quarter
   * hour (zones' offsets before the 1970s), the rows are read instead. A whole district (the
   * district and every school under it) is read from its own rows (district_usage_days,
   * migration 0026): one a day instead of one per school.
   */
  async function usageFromRollUp(organizationIds: string[], range: DayRange) {
    const { timeZone } = range;
    const dayCount = daysIn(range);
    const [boundaries, district] = await Promise.all([
      inZone(
        timeZone,
        rows<{ at: string; day: string; q: string }>(
          db,
          keptPlan(sql`select ${instantText(sql`t`)} as at, (t at time zone 'UTC')::date::text as day, (extract(epoch from t - date_trunc('day', t, 'UTC')) / 900)::text as q
              from generate_series(0, ${dayCount}::int) i
              cross join lateral (select ((${range.from}::date + i)::timestamp at time zone ${timeZone}) as t) x
              order by i`),
        ),
      ),
      wholeDistrict(organizationIds),
    ]);
    const start = new Date(boundaries[0]!.at);
    const end = new Date(boundaries.at(-1)!.at);
    if (boundaries.some((b) => !Number.isInteger(Number(b.q)))) return usageFromRows(organizationIds, range, { start, end, timeZone });
    const firstDay = boundaries[0]!.day;
    const lastDay = boundaries.at(-1)!.day;
    const offsetOf = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / DAY_MS);
    // The quarter hour of the first and of a second boundary on each UTC day of the range (-1: none).
    const first = Array<number>(offsetOf(lastDay) + 1).fill(-1);
    const second = [...first];
    const slot = boundaries.map((b) => {
      const at = offsetOf(b.day);
      if (first[at] === -1) return (first[at] = Number(b.q)), 'a' as const;
      return (second[at] = Number(b.q)), 'b' as const;
    });
    const beforeAt = (quarters: number[]) =>
      sql`coalesce(u.logins_before[(${`{${quarters.join(',')}}`}::int[])[u.day - ${firstDay}::date + 1] + 1], 0)`;
    // The whole UTC days inside [start, end): from the first midnight at or after start to the
    // last one at or before end (the day of end, the last boundary's).
    const wholeFrom = utcDate(Math.ceil(start.getTime() / DAY_MS) * DAY_MS);
    const wholeTo = utcDate(Math.floor(end.getTime() / DAY_MS) * DAY_MS);
    const [daily, edges] = await Promise.all([
      rows<{ day: string; logins: number; a: number; b: number; watched: number; rated: number; applied: number; rubricsScored: number }>(
        db,
        keptPlan(sql`select u.day::text as day, sum(u.logins)::int as logins, sum(${beforeAt(first)})::int as a, sum(${beforeAt(second)})::int as b,
              sum(u.watched)::int as watched, sum(u.rated)::int as rated, sum(u.applied)::int as applied, sum(u.rubrics_scored)::int as "rubricsScored"
            from ${district ? sql`district_usage_days u where u.district_id = ${district}::uuid` : sql`organization_usage_days u where u.organization_id = ${anyOf(organizationIds)}`}
              and u.day >= ${firstDay}::date and u.day <= ${lastDay}::date
            group by u.day order by u.day`),
      ),
      wholeFrom < wholeTo
        ? stepsIn(db, organizationIds, { start, end: new Date(`${wholeFrom}T00:00:00Z`), timeZone }, { start: new Date(`${wholeTo}T00:00:00Z`), end, timeZone })
        : stepsIn(db, organizationIds, { start, end, timeZone }),
    ]);
    const aggregation = edges;
    for (const d of daily) {
      if (d.day < wholeFrom || d.day >= wholeTo) continue;
      aggregation.strategiesWatched += d.watched;
      aggregation.strategiesRated += d.rated;
      aggregation.strategiesApplied += d.applied;
      aggregation.rubricsScored += d.rubricsScored;
    }
    let sum = 0;
    let next = 0;
    const reached = boundaries.map((b, i) => {
      for (; next < daily.length && daily[next]!.day < b.day; next++) sum += daily[next]!.logins;
      const row = daily[next]?.day === b.day ? daily[next]! : null;
      return sum + (row ? row[slot[i]!] : 0);
    });
    const loginsByDay = new Map<number, number>();
    for (let i = 1; i <= dayCount; i++) if (reached[i]! !== reached[i - 1]!) loginsByDay.set(i, reached[i]! - reached[i - 1]!);
    return { loginsByDay, aggregation };
  }

  return {
    /**
     * Usage by the educators of some organizations over a range of days: members who completed
     * onboarding and had an account by the end of the range, LEARNER_LOGIN events per day, and
     * the progress steps first done in the range that are still done. Read from the daily
     * roll-up; `fromRows` reads the stored rows instead (the same figures, slower).
     */
    async usage(organizationIds: string[], range: DayRange, { fromRows = false }: { fromRows?: boolean } = {}) {
      const [active, counted] = await Promise.all([
        activeUsers(organizationIds, range, { fromRows }),
        fromRows ? boundsOf(range).then((bounds) => usageFromRows(organizationIds, range, bounds)) : usageFromRollUp(organizationIds, range),
      ]);
      return {
        activeUsers: active,
        /** Sign-ins by day of the range: 1 is `from`. */
        loginsByDay: counted.loginsByDay,
        aggregation: counted.aggregation,
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
