import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createReportingRepository, type DayRange } from '../../server/repositories/reporting.ts';
import { mulberry32 } from '../../server/db/seed/seed.ts';

/**
 * The Educator Usage report read from its daily roll-up (organization_usage_days, kept by
 * triggers) gives the figures of the report read from the stored rows, for random sign-ins and
 * steps across organizations, ranges of 1 to 731 days, and time zones with daylight saving,
 * half- and quarter-hour offsets, and days that start on an instant no quarter hour meets; and
 * stays so when members move, stop being members, are deleted, and steps are undone. The
 * roll-up itself is checked against the rows counted here in JavaScript.
 */
let t: TestApp;
let reporting: ReturnType<typeof createReportingRepository>;
const rand = mulberry32(20_261_202);
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
const DAY = 86_400_000;

const ZONES = [
  'UTC', 'America/Chicago', 'America/New_York', 'America/Los_Angeles', 'America/St_Johns', 'America/Sao_Paulo', 'Europe/London',
  'Europe/Berlin', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Adelaide', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Pacific/Kiritimati',
  'Pacific/Pago_Pago', 'Asia/Tehran',
] as const;
/** Daylight-saving changes of the zones above in 2025, where a day is 23 or 25 hours (or 23.5, 24.5). */
const EDGES = ['2025-03-09T08:00:00Z', '2025-11-02T07:00:00Z', '2025-03-30T01:00:00Z', '2025-10-26T01:00:00Z', '2025-04-05T15:00:00Z', '2025-10-04T15:30:00Z', '2025-04-05T13:45:00Z', '2025-09-27T14:00:00Z'];
const SPAN = { from: Date.parse('2024-09-01T00:00:00Z'), to: Date.parse('2026-03-01T00:00:00Z') };

type Org = { id: string; parent: string | null };
const orgs: Record<'district' | 'north' | 'south' | 'independent', Org> = {
  district: { id: randomUUID(), parent: null },
  north: { id: '', parent: null },
  south: { id: '', parent: null },
  independent: { id: randomUUID(), parent: null },
};
orgs.north = { id: randomUUID(), parent: orgs.district.id };
orgs.south = { id: randomUUID(), parent: orgs.district.id };
/** The organizations a report covers: a district with its schools, a school, and other sets. */
const REPORTS = [
  [orgs.district.id, orgs.north.id, orgs.south.id],
  [orgs.north.id],
  [orgs.south.id],
  [orgs.independent.id],
  [orgs.district.id],
  [orgs.south.id, orgs.independent.id],
];

/** An instant where days start: an exact quarter hour, a millisecond either side, or a daylight-saving change. */
function instant(): Date {
  const r = rand();
  if (r < 0.3) return new Date(SPAN.from + rand() * (SPAN.to - SPAN.from));
  const base = r < 0.5 ? Date.parse(pick(EDGES)) + int(-30, 30) * 15 * 60_000 : SPAN.from + int(0, (SPAN.to - SPAN.from) / (15 * 60_000)) * 15 * 60_000;
  return new Date(base + pick([0, 0, -1, 1, -1000]));
}

function randomRange(): DayRange {
  const start = new Date(SPAN.from + rand() * (SPAN.to - SPAN.from - 40 * DAY)).toISOString().slice(0, 10);
  const length = pick([1, 1, 2, 7, 30, 30, 92, 365, 731]);
  return { from: start, to: new Date(Date.parse(`${start}T00:00:00Z`) + (length - 1) * DAY).toISOString().slice(0, 10), timeZone: pick(ZONES) };
}

async function expectSameReports(count: number) {
  const checked: string[] = [];
  for (let i = 0; i < count; i++) {
    const ids = pick(REPORTS);
    const range = randomRange();
    const [rolled, read] = await Promise.all([reporting.usage(ids, range), reporting.usage(ids, range, { fromRows: true })]);
    const label = `${range.from}..${range.to} ${range.timeZone} (${ids.length} organizations)`;
    expect({ label, ...rolled, loginsByDay: [...rolled.loginsByDay].sort((a, b) => a[0] - b[0]) }).toEqual({
      label,
      ...read,
      loginsByDay: [...read.loginsByDay].sort((a, b) => a[0] - b[0]),
    });
    checked.push(label);
  }
  return checked;
}

/** The roll-up's rows (those that count anything) against the stored rows counted here. */
async function expectRollUpOfRows() {
  const logins = await t.query<{ org: string; at: string }>(
    sql`select organization_id::text as org, (extract(epoch from occurred_at) * 1000)::bigint::text as at from learner_events where type = 'LEARNER_LOGIN' and organization_id is not null`,
  );
  const steps = await t.query<Record<'org' | 'watched' | 'rated' | 'applied' | 'rubricsScored', string | null>>(
    sql`select organization_id::text as org, ${sql.join(
      [sql`watched_at`, sql`rated_at`, sql`applied_at`, sql`rubric_scored_at`].map((c, i) => sql`(extract(epoch from ${c}) * 1000)::bigint::text as ${sql.identifier(['watched', 'rated', 'applied', 'rubricsScored'][i]!)}`),
      sql`, `,
    )} from learner_progress where organization_id is not null`,
  );
  type Day = { logins: number; before: number[]; watched: number; rated: number; applied: number; rubricsScored: number };
  const expected = new Map<string, Day>();
  const dayOf = (org: string, ms: number) => {
    const key = `${org} ${new Date(ms).toISOString().slice(0, 10)}`;
    let day = expected.get(key);
    if (!day) expected.set(key, (day = { logins: 0, before: Array<number>(96).fill(0), watched: 0, rated: 0, applied: 0, rubricsScored: 0 }));
    return day;
  };
  for (const l of logins) {
    const ms = Number(l.at);
    const day = dayOf(l.org, ms);
    day.logins++;
    const quarter = Math.floor((ms - Math.floor(ms / DAY) * DAY) / (15 * 60_000));
    for (let q = quarter + 1; q < 96; q++) day.before[q]!++;
  }
  for (const p of steps) for (const step of ['watched', 'rated', 'applied', 'rubricsScored'] as const) if (p[step] !== null) dayOf(p.org!, Number(p[step]))[step]++;
  const stored = await t.query<Day & { org: string; day: string }>(
    sql`select organization_id::text as org, day::text as day, logins, logins_before as before, watched, rated, applied, rubrics_scored as "rubricsScored"
        from organization_usage_days where logins <> 0 or watched <> 0 or rated <> 0 or applied <> 0 or rubrics_scored <> 0`,
  );
  expect(new Map(stored.map(({ org, day, ...counts }) => [`${org} ${day}`, counts]))).toEqual(expected);
}

beforeAll(async () => {
  t = await createTestApp();
  reporting = createReportingRepository(t.db);
  for (const o of Object.values(orgs)) {
    await t.db.execute(sql`insert into organizations (id, name, type, parent_id) values (${o.id}::uuid, ${`Rollup ${o.id.slice(0, 8)}`}, ${o.parent ? 'SCHOOL' : 'DISTRICT'}, ${o.parent}::uuid)`);
  }
  const items = (await t.query<{ id: string }>(sql`select id::text as id from catalog_items order by id limit 40`)).map((r) => r.id);
  const schools = [orgs.district, orgs.north, orgs.south, orgs.independent];
  for (let u = 0; u < 40; u++) {
    const id = randomUUID();
    const role = pick(['USER', 'USER', 'USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN', 'DEMO', 'ADMIN'] as const);
    await t.db.execute(sql`insert into users (id, role, organization_id, email, completed_onboarding, created_at)
      values (${id}::uuid, ${role}, ${pick(schools).id}::uuid, ${`rollup.${u}@example.org`}, ${rand() < 0.8}, ${instant().toISOString()}::timestamptz)`);
    // Sign-ins in batches, as the app stores them (a statement a batch).
    const times = Array.from({ length: int(20, 120) }, () => instant().toISOString());
    for (let i = 0; i < times.length; i += 25) {
      await t.db.execute(sql`insert into learner_events (id, user_id, type, occurred_at)
        select gen_random_uuid(), ${id}::uuid, 'LEARNER_LOGIN', unnest(${`{${times.slice(i, i + 25).join(',')}}`}::timestamptz[])`);
    }
    // A few sign-ins before 1972 in Liberia's time zone (UTC−0:44:30 then): days no quarter hour starts.
    if (u % 10 === 0) await t.db.execute(sql`insert into learner_events (id, user_id, type, occurred_at) values (gen_random_uuid(), ${id}::uuid, 'LEARNER_LOGIN', '1971-05-03T00:40:00Z')`);
    for (const item of items.filter(() => rand() < 0.3)) {
      const at = () => (rand() < 0.5 ? instant().toISOString() : null);
      await t.db.execute(sql`insert into learner_progress (user_id, catalog_item_id, watched_at, rated_at, applied_at, rubric_scored_at)
        values (${id}::uuid, ${item}::uuid, ${at()}::timestamptz, ${at()}::timestamptz, ${at()}::timestamptz, ${at()}::timestamptz)`);
    }
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the daily roll-up of the usage report', () => {
  it('holds what the stored rows hold, and the report from it equals the report from the rows', async () => {
    await expectRollUpOfRows();
    const checked = await expectSameReports(60);
    // Every kind of range was compared, in several time zones.
    expect(new Set(checked.map((c) => c.split(' ')[1])).size).toBeGreaterThan(8);
  }, 120_000);

  it('stays equal when members move, stop being members or go, and steps are undone or redated', async () => {
    const members = await t.query<{ id: string }>(sql`select id::text as id from users where email like 'rollup.%' order by email`);
    await t.db.execute(sql`update users set organization_id = ${orgs.independent.id}::uuid where id = ${members[1]!.id}::uuid`);
    await t.db.execute(sql`update users set organization_id = ${orgs.north.id}::uuid, role = 'USER' where id = ${members[2]!.id}::uuid`);
    await t.db.execute(sql`update users set role = 'DEMO' where id = ${members[3]!.id}::uuid`);
    await t.db.execute(sql`delete from users where id = ${members[4]!.id}::uuid`);
    await t.db.execute(sql`update learner_progress set rated_at = null where user_id = ${members[5]!.id}::uuid`);
    await t.db.execute(sql`update learner_progress set watched_at = watched_at - interval '7 hours 15 minutes' where user_id = ${members[6]!.id}::uuid`);
    await t.db.execute(sql`delete from learner_progress where user_id = ${members[7]!.id}::uuid`);
    await t.db.execute(sql`delete from learner_events where user_id = ${members[8]!.id}::uuid and occurred_at < '2025-06-01'`);
    await t.db.execute(sql`update learner_events set occurred_at = occurred_at + interval '1 day' where user_id = ${members[9]!.id}::uuid and type = 'LEARNER_LOGIN'`);
    await expectRollUpOfRows();
    await expectSameReports(40);
  }, 120_000);

  it('is what the report reads where days start on quarter hours, and the rows where they do not', async () => {
    const ids = REPORTS[0]!;
    const chicago: DayRange = { from: '2025-01-01', to: '2025-12-31', timeZone: 'America/Chicago' };
    const liberia: DayRange = { from: '1971-05-01', to: '1971-05-05', timeZone: 'Africa/Monrovia' };
    const before = await reporting.usage(ids, chicago);
    const liberian = await reporting.usage(ids, liberia);
    expect([...liberian.loginsByDay.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    // A roll-up out of step with the rows shows in the report read from it, and only there.
    await t.db.execute(sql`update organization_usage_days set logins = logins + 1000, watched = watched + 1000 where organization_id = ${orgs.north.id}::uuid and day = '1971-05-03' or (organization_id = ${orgs.north.id}::uuid and day = '2025-06-10')`);
    await t.db.execute(sql`insert into organization_usage_days (organization_id, day, logins, watched) values (${orgs.north.id}::uuid, '2025-06-10', 1000, 1000)
      on conflict (organization_id, day) do nothing`);
    const after = await reporting.usage(ids, chicago);
    expect(after.aggregation.strategiesWatched).toBe(before.aggregation.strategiesWatched + 1000);
    expect([...after.loginsByDay.values()].reduce((a, b) => a + b, 0)).toBe([...before.loginsByDay.values()].reduce((a, b) => a + b, 0) + 1000);
    expect(await reporting.usage(ids, chicago, { fromRows: true })).toEqual(before);
    expect(await reporting.usage(ids, liberia)).toEqual(liberian);
  }, 120_000);
});
