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
 * stays so when members move, stop being members, are deleted, and steps are undone, and when
 * schools change district and organizations are deleted. A report on a whole district reads the
 * district's own rows (district_usage_days), any other set of organizations theirs. Both
 * roll-ups are checked against the rows counted here in JavaScript. The active educators come
 * from each organization's count of members (organization_members) less those made after the
 * range; the rows' path counts the members.
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
const NAMES = ['district', 'north', 'south', 'independent', 'east', 'harbor', 'closing', 'lone', 'gone'] as const;
const orgs = Object.fromEntries(NAMES.map((name) => [name, { id: randomUUID(), parent: null }])) as Record<(typeof NAMES)[number], Org>;
for (const school of ['north', 'south'] as const) orgs[school].parent = orgs.district.id;
for (const school of ['harbor', 'closing'] as const) orgs[school].parent = orgs.east.id;
/** A district (an organization without a parent) and the organizations under it, as the usage route asks for it. */
const wholeDistrict = (district: Org) => [district.id, ...Object.values(orgs).filter((o) => o.parent === district.id).map((o) => o.id)];
/** The organizations a report covers: each whole district (read from its own rows), a school, and other sets. */
const reports = () => [
  ...Object.values(orgs).filter((o) => !o.parent).map(wholeDistrict),
  [orgs.north.id],
  [orgs.south.id],
  [orgs.district.id],
  [orgs.north.id, orgs.south.id],
  [orgs.south.id, orgs.independent.id],
  [orgs.east.id, orgs.harbor.id, orgs.north.id],
];
const isWholeDistrict = (ids: string[]) => Object.values(orgs).some((o) => !o.parent && wholeDistrict(o).join() === ids.join());

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
    const ids = pick(reports()).filter((id) => Object.values(orgs).some((o) => o.id === id));
    const range = randomRange();
    const [rolled, read] = await Promise.all([reporting.usage(ids, range), reporting.usage(ids, range, { fromRows: true })]);
    const label = `${range.from}..${range.to} ${range.timeZone} (${isWholeDistrict(ids) ? 'a whole district of ' : ''}${ids.length} organizations)`;
    expect({ label, ...rolled, loginsByDay: [...rolled.loginsByDay].sort((a, b) => a[0] - b[0]) }).toEqual({
      label,
      ...read,
      loginsByDay: [...read.loginsByDay].sort((a, b) => a[0] - b[0]),
    });
    checked.push(label);
  }
  return checked;
}

/**
 * The roll-ups' rows (those that count anything) against the stored rows counted here: per
 * organization, and per district (an organization's rows under its parent, or itself without one).
 */
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
  const storedIn = async (table: 'organization_usage_days' | 'district_usage_days', key: 'organization_id' | 'district_id') => {
    const stored = await t.query<Day & { org: string; day: string }>(
      sql`select ${sql.identifier(key)}::text as org, day::text as day, logins, logins_before as before, watched, rated, applied, rubrics_scored as "rubricsScored"
          from ${sql.identifier(table)} where logins <> 0 or logins_before <> array_fill(0, array[96]) or watched <> 0 or rated <> 0 or applied <> 0 or rubrics_scored <> 0`,
    );
    return new Map(stored.map(({ org, day, ...counts }) => [`${org} ${day}`, counts]));
  };
  expect(await storedIn('organization_usage_days', 'organization_id')).toEqual(expected);
  const parents = new Map(
    (await t.query<{ id: string; parent: string | null }>(sql`select id::text as id, parent_id::text as parent from organizations`)).map((o) => [o.id, o.parent]),
  );
  const byDistrict = new Map<string, Day>();
  for (const [key, day] of expected) {
    const [org, date] = key.split(' ') as [string, string];
    const districtKey = `${parents.get(org) ?? org} ${date}`;
    const sum = byDistrict.get(districtKey);
    if (!sum) byDistrict.set(districtKey, structuredClone(day));
    else {
      sum.logins += day.logins;
      sum.before = sum.before.map((n, q) => n + day.before[q]!);
      for (const step of ['watched', 'rated', 'applied', 'rubricsScored'] as const) sum[step] += day[step];
    }
  }
  expect(await storedIn('district_usage_days', 'district_id')).toEqual(byDistrict);
}

beforeAll(async () => {
  t = await createTestApp();
  reporting = createReportingRepository(t.db);
  for (const o of Object.values(orgs)) {
    await t.db.execute(sql`insert into organizations (id, name, type, parent_id) values (${o.id}::uuid, ${`Rollup ${o.id.slice(0, 8)}`}, ${o.parent || o === orgs.lone ? 'SCHOOL' : 'DISTRICT'}, ${o.parent}::uuid)`);
  }
  const items = (await t.query<{ id: string }>(sql`select id::text as id from catalog_items order by id limit 40`)).map((r) => r.id);
  const schools = Object.values(orgs);
  for (let u = 0; u < 60; u++) {
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
    // Onboarding finished, or undone by an admin: the active educators follow (organization_members).
    await t.db.execute(sql`update users set completed_onboarding = not completed_onboarding where id in (${members[10]!.id}::uuid, ${members[11]!.id}::uuid)`);
    await t.db.execute(sql`update learner_progress set rated_at = null where user_id = ${members[5]!.id}::uuid`);
    await t.db.execute(sql`update learner_progress set watched_at = watched_at - interval '7 hours 15 minutes' where user_id = ${members[6]!.id}::uuid`);
    await t.db.execute(sql`delete from learner_progress where user_id = ${members[7]!.id}::uuid`);
    await t.db.execute(sql`delete from learner_events where user_id = ${members[8]!.id}::uuid and occurred_at < '2025-06-01'`);
    await t.db.execute(sql`update learner_events set occurred_at = occurred_at + interval '1 day' where user_id = ${members[9]!.id}::uuid and type = 'LEARNER_LOGIN'`);
    await expectRollUpOfRows();
    await expectSameReports(40);
  }, 120_000);

  it('stays equal when schools change district and organizations are deleted', async () => {
    const { district, north, south, east, harbor, closing, lone, gone } = orgs;
    // One statement moving two schools: one to another district, one that had none into one.
    await t.db.execute(sql`update organizations set parent_id = case when id = ${north.id}::uuid then ${east.id}::uuid else ${district.id}::uuid end
      where id in (${north.id}::uuid, ${lone.id}::uuid)`);
    [north.parent, lone.parent] = [east.id, district.id];
    await expectRollUpOfRows();
    await expectSameReports(20);
    // A school leaves its district; renames move nothing.
    await t.db.execute(sql`update organizations set parent_id = null where id = ${south.id}::uuid`);
    south.parent = null;
    await t.db.execute(sql`update organizations set name = name || ' (renamed)' where id in (${east.id}::uuid, ${harbor.id}::uuid)`);
    // A school whose members moved to another one, and a district whose members were deleted, go.
    await t.db.execute(sql`update users set organization_id = ${harbor.id}::uuid where organization_id = ${closing.id}::uuid`);
    await t.db.execute(sql`delete from users where organization_id = ${gone.id}::uuid`);
    await t.db.execute(sql`delete from organizations where id in (${closing.id}::uuid, ${gone.id}::uuid)`);
    for (const name of ['closing', 'gone'] as const) delete (orgs as Partial<typeof orgs>)[name];
    expect(await t.query(sql`select 1 from district_usage_days where district_id in (${closing.id}::uuid, ${gone.id}::uuid)`)).toEqual([]);
    await expectRollUpOfRows();
    const checked = await expectSameReports(40);
    expect(checked.filter((c) => c.includes('a whole district')).length).toBeGreaterThan(5);
  }, 120_000);

  it('is what the report reads where days start on quarter hours, and the rows where they do not', async () => {
    const district = wholeDistrict(orgs.district);
    const all = Object.values(orgs).map((o) => o.id);
    const chicago: DayRange = { from: '2025-01-01', to: '2025-12-31', timeZone: 'America/Chicago' };
    const liberia: DayRange = { from: '1971-05-01', to: '1971-05-05', timeZone: 'Africa/Monrovia' };
    const before = { district: await reporting.usage(district, chicago), school: await reporting.usage([orgs.lone.id], chicago), alone: await reporting.usage([orgs.district.id], chicago) };
    const liberian = await reporting.usage(all, liberia);
    expect([...liberian.loginsByDay.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    // Roll-ups out of step with the rows show in the reports read from them, and only there: the
    // school's rows in reports on sets of schools, the district's in the report on the whole district.
    await t.db.execute(sql`insert into organization_usage_days (organization_id, day, logins, watched) values (${orgs.lone.id}::uuid, '2025-06-10', 1000, 1000), (${orgs.lone.id}::uuid, '1971-05-03', 1000, 1000)
      on conflict (organization_id, day) do update set logins = organization_usage_days.logins + 1000, watched = organization_usage_days.watched + 1000`);
    await t.db.execute(sql`insert into district_usage_days (district_id, day, logins, watched) values (${orgs.district.id}::uuid, '2025-06-11', 500, 500)
      on conflict (district_id, day) do update set logins = district_usage_days.logins + 500, watched = district_usage_days.watched + 500`);
    const logins = (usage: { loginsByDay: Map<number, number> }) => [...usage.loginsByDay.values()].reduce((a, b) => a + b, 0);
    const after = { district: await reporting.usage(district, chicago), school: await reporting.usage([orgs.lone.id], chicago), alone: await reporting.usage([orgs.district.id], chicago) };
    expect(after.district.aggregation.strategiesWatched).toBe(before.district.aggregation.strategiesWatched + 500);
    expect(logins(after.district)).toBe(logins(before.district) + 500);
    expect(after.school.aggregation.strategiesWatched).toBe(before.school.aggregation.strategiesWatched + 1000);
    expect(logins(after.school)).toBe(logins(before.school) + 1000);
    expect(after.alone).toEqual(before.alone);
    expect(await reporting.usage(district, chicago, { fromRows: true })).toEqual(before.district);
    expect(await reporting.usage(all, liberia)).toEqual(liberian);
    // And the check of the roll-ups against the rows sees both.
    await expect(expectRollUpOfRows()).rejects.toThrow();
    await t.db.execute(sql`update organization_usage_days set logins = logins - 1000, watched = watched - 1000 where organization_id = ${orgs.lone.id}::uuid and day in ('2025-06-10', '1971-05-03')`);
    await expect(expectRollUpOfRows()).rejects.toThrow();
    await t.db.execute(sql`update district_usage_days set logins = logins - 500, watched = watched - 500 where district_id = ${orgs.district.id}::uuid and day = '2025-06-11'`);
    await expectRollUpOfRows();
  }, 120_000);
});
