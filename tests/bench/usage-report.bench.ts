/**
 * Benchmark of the Educator Usage page's calls at district scale (not a timed test: it prints
 * figures). It needs PostgreSQL with the district seed (20,000 educators, 2,000,000 learner events):
 *
 *   createdb … && DATABASE_URL=postgres://…/db npm run seed -- --size district
 *   DATABASE_URL=postgres://…/db npm run bench:usage
 *   DATABASE_URL=postgres://…/db npm run bench:usage -- --runs 50
 *
 * A database without the district seed is seeded first (minutes). The benchmark district gets a
 * district admin (bench.district.admin@benchmark.example.org) if it has none. Each request is
 * sent one at a time over HTTP `--runs` times after `--warmup` calls (new pool connections start
 * cold); the median and 95th percentile of each are printed, and the median as a ratio of
 * GET /api/healthz measured the same way in the same run, since latencies on a shared machine
 * are noisy.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, rows } from '../../server/db/client.ts';
import { createReportingRepository } from '../../server/repositories/reporting.ts';
import { demoPasswordHash, DEMO_PASSWORD, seedDemo } from '../../server/db/seed/seed.ts';
import { DISTRICT_DEFAULTS, DISTRICT_TIME_ZONE, seedDistrict } from '../../server/db/seed/district.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '10' },
    timeZone: { type: 'string', default: DISTRICT_TIME_ZONE },
  },
});
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);
const timeZone = values.timeZone;
const ADMIN = 'bench.district.admin@benchmark.example.org';

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL database (it is seeded with the district seed when it has none).');
  process.exit(1);
}
const database = await openDatabase({ url: process.env.DATABASE_URL });
const { db } = database;
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(db, q))[0];

let district = await one<{ id: string; name: string }>(sql`select id::text as id, name from organizations where name = 'Benchmark District'`);
if (!district) {
  console.log('No district seed here: seeding (demo, then 5,000 items, 20,000 educators, 2,000,000 events)…');
  await seedDemo(db);
  await seedDistrict(db, { ...DISTRICT_DEFAULTS, log: (m) => console.log(m) });
  district = await one<{ id: string; name: string }>(sql`select id::text as id, name from organizations where name = 'Benchmark District'`);
}
if (!(await one(sql`select 1 from users where email = ${ADMIN}`))) {
  await db.execute(sql`
    insert into users (role, organization_id, email, first_name, last_name, password_hash, completed_onboarding, verified_at)
    values ('DISTRICT_ADMIN', ${district!.id}::uuid, ${ADMIN}, 'Bench', 'Admin', ${await demoPasswordHash()}, true, now())`);
  await db.execute(sql`insert into profiles (user_id) select id from users where email = ${ADMIN} on conflict do nothing`);
}
const sizes = await one<{ educators: number; events: number; progress: number; logins: number }>(sql`
  select (select count(*)::int from users u join organizations o on o.id = u.organization_id where o.parent_id = ${district!.id}::uuid) as educators,
         (select count(*)::int from learner_events) as events,
         (select count(*)::int from learner_progress) as progress,
         (select count(*)::int from learner_events where type = 'LEARNER_LOGIN') as logins`);
const school = await one<{ id: string }>(sql`select id::text as id from organizations where parent_id = ${district!.id}::uuid order by name limit 1`);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', SEED_ON_START: 'false' });
const app = await buildApp({ config, database });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const login = await fetch(`${address}/api/identity/local/authorize`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: ADMIN, password: DEMO_PASSWORD }),
});
const { accessToken } = (await login.json()) as { accessToken: string };
const headers = { authorization: `Bearer ${accessToken}` };

const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const daysBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const tz = `timeZone=${encodeURIComponent(timeZone)}`;
const deepPage = Math.floor((sizes!.educators + 1) / 10);

/** What the page asks for, by name: the district roll-up unless a school is named. */
const REQUESTS: [string, string][] = [
  ['report, district, 30 days (default)', `/api/reporting?${tz}`],
  ['report, district, 365 days', `/api/reporting?from=${daysBefore(364)}&to=${today}&${tz}`],
  ['report, one school, 30 days', `/api/reporting?organizationId=${school!.id}&${tz}`],
  ['framework, district, 30 days', `/api/reporting/framework?${tz}`],
  ['framework, district, 365 days', `/api/reporting/framework?from=${daysBefore(364)}&to=${today}&${tz}`],
  ['users, first page (email)', '/api/users?page=1&itemsPerPage=10'],
  ['users, by first name', '/api/users?page=1&itemsPerPage=10&sortBy=firstName&sortAsc=true'],
  ['users, by last name desc', '/api/users?page=1&itemsPerPage=10&sortBy=lastName&sortAsc=false'],
  ['users, by onboarding', '/api/users?page=1&itemsPerPage=10&sortBy=completedOnboarding&sortAsc=true'],
  ['users, by created desc', '/api/users?page=1&itemsPerPage=10&sortBy=createdAt&sortAsc=false'],
  ['users, filter "riley"', '/api/users?page=1&itemsPerPage=10&filter=riley&sortBy=email'],
  [`users, deep page ${deepPage}`, `/api/users?page=${deepPage}&itemsPerPage=10&sortBy=createdAt&sortAsc=true`],
  ['users export (every row, CSV)', `/api/users/export?sortBy=lastName&${tz}`],
];

async function measure(path: string, runs = RUNS): Promise<{ median: number; p95: number; bytes: number }> {
  let bytes = 0;
  const call = async () => {
    const started = performance.now();
    const res = await fetch(`${address}${path}`, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
    bytes = body.byteLength;
    return performance.now() - started;
  };
  for (let i = 0; i < WARMUP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await call());
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95), bytes };
}

console.log(
  `${district!.name}: ${sizes!.educators} educators; ${sizes!.events} learner events (${sizes!.logins} sign-ins); ${sizes!.progress} progress rows; ` +
    `database ${database.kind}; ${RUNS} runs per request, one at a time; time zone ${timeZone}`,
);
const baseline = await measure('/api/healthz');
const line = (name: string, r: { median: number; p95: number; bytes: number }) =>
  console.log(
    `${name.padEnd(36)} median ${r.median.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms   ×${(r.median / Math.max(baseline.median, 0.1)).toFixed(0).padStart(4)} healthz   ${(r.bytes / 1024).toFixed(1)} KiB`,
  );
line('GET /api/healthz (baseline)', baseline);
for (const [name, path] of REQUESTS) line(name, await measure(path));
line('GET /api/healthz (again)', await measure('/api/healthz'));

// The report's figures read from the daily roll-ups against the same read from the stored rows
// (what every report read before the roll-ups), in the same run: equal figures, and the ratio. The
// whole district reads the district's rows (district_usage_days); its schools without the
// district itself, a set the page never asks for, read the schools' rows (organization_usage_days).
const reporting = createReportingRepository(db);
const organizationIds = (await rows<{ id: string }>(db, sql`select id::text as id from organizations where id = ${district!.id}::uuid or parent_id = ${district!.id}::uuid`)).map((r) => r.id);
async function timeOf(run: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
const sets: [string, string[]][] = [
  ['all schools (district rows)', organizationIds],
  [`${organizationIds.length - 1} schools (their rows)`, organizationIds.filter((id) => id !== district!.id)],
];
for (const days of [30, 365]) {
  for (const [name, ids] of sets) {
    const range = { from: daysBefore(days - 1), to: today, timeZone };
    const [rolled, read] = await Promise.all([reporting.usage(ids, range), reporting.usage(ids, range, { fromRows: true })]);
    const same = JSON.stringify({ ...rolled, loginsByDay: [...rolled.loginsByDay].sort() }) === JSON.stringify({ ...read, loginsByDay: [...read.loginsByDay].sort() });
    const fromRollUp = await timeOf(() => reporting.usage(ids, range));
    const fromRows = await timeOf(() => reporting.usage(ids, range, { fromRows: true }));
    console.log(
      `report, ${name}, ${days} days, in process: roll-up median ${fromRollUp.toFixed(1)} ms, stored rows ${fromRows.toFixed(1)} ms ` +
        `(×${(fromRows / Math.max(fromRollUp, 0.1)).toFixed(1)}); figures ${same ? 'equal' : 'DIFFER'}`,
    );
  }
}

await app.close();
await database.close();
