/**
 * What a district admin's Educator Usage page and an educator's progress ask for, many at once
 * (not a timed test: it prints figures).
 *
 *   DATABASE_URL=postgres://…/db npm run bench:district      # a database with the district seed
 *   npm run bench:district -- --duration 10
 *
 * autocannon drives GET /api/reporting (all schools, the last 30 days and the last 365: a school
 * year, in the district's time zone) and GET /api/users (first page: everyone, the active, the
 * others) as the district admin with
 * 10 connections, and GET /api/progress as one of the district's
 * educators with 50, each beside a bare Fastify hello-world at the same number of connections in
 * the same run: latencies on a shared 2-core machine are noisy, the ratios less so.
 * `npm run bench:catalog` gives the catalogue rows, `npm run load` the whole journey.
 */
import { parseArgs } from 'node:util';
import { fire } from './load-generator.ts';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, rows } from '../../server/db/client.ts';
import { demoPasswordHash, DEMO_PASSWORD } from '../../server/db/seed/seed.ts';
import { DISTRICT_TIME_ZONE } from '../../server/db/seed/district.ts';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' } } });
const duration = Number(values.duration);
const ADMIN = 'bench.district.admin@benchmark.example.org';

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL database seeded with `npm run seed -- --size district`.');
  process.exit(1);
}
const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: Number(process.env.DB_POOL_SIZE ?? 10) });
const { db } = database;
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(db, q))[0];

const district = await one<{ id: string }>(sql`select id::text as id from organizations where name = 'Benchmark District'`);
if (!district) {
  console.error('No "Benchmark District" here: seed it first with `npm run seed -- --size district`.');
  process.exit(1);
}
// The same district admin as `npm run bench:usage`, made once.
if (!(await one(sql`select 1 from users where email = ${ADMIN}`))) {
  await db.execute(sql`
    insert into users (role, organization_id, email, first_name, last_name, password_hash, completed_onboarding, verified_at)
    values ('DISTRICT_ADMIN', ${district.id}::uuid, ${ADMIN}, 'Bench', 'Admin', ${await demoPasswordHash()}, true, now())`);
  await db.execute(sql`insert into profiles (user_id) select id from users where email = ${ADMIN} on conflict do nothing`);
}
// The educator of the district with the most progress rows: the heaviest /api/progress.
const educator = await one<{ email: string; n: number }>(sql`
  select u.email, count(*)::int as n from learner_progress p join users u on u.id = p.user_id
  join organizations o on o.id = u.organization_id where o.parent_id = ${district.id}::uuid
  group by u.email order by n desc limit 1`);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', SEED_ON_START: 'false' });
const app = await buildApp({ config, database });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
const helloAddress = await hello.listen({ host: '127.0.0.1', port: 0 });

async function tokenOf(email: string): Promise<string> {
  const res = await fetch(`${address}/api/identity/local/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}
const admin = { authorization: `Bearer ${await tokenOf(ADMIN)}` };
const learner = educator ? { authorization: `Bearer ${await tokenOf(educator.email)}` } : null;

type Figures = { p50: number; p99: number; rps: number; failed: number };
async function run(url: string, path: string, connections: number, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await fire({ url, connections, duration, requests: [{ method: 'GET', path, headers }] });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), failed: result.non2xx + result.errors + result.timeouts };
}
const show = (title: string, connections: number, f: Figures, base?: Figures) =>
  console.log(
    `${`${title} ×${connections}`.padEnd(44)} p50 ${String(f.p50).padStart(5)} ms  p99 ${String(f.p99).padStart(5)} ms  ${String(f.rps).padStart(6)} req/s` +
      (base ? `  ${(f.rps / Math.max(base.rps, 1)).toFixed(3)}× hello-world req/s` : '') +
      (f.failed ? `  ${f.failed} failed or timed out` : ''),
  );

console.log(`database: ${database.kind}; ${duration} s per line; progress as ${educator ? `an educator with ${educator.n} progress rows` : '(no educator with progress)'}`);
const hello10 = await run(helloAddress, '/', 10);
show('bare Fastify hello-world', 10, hello10);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: DISTRICT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const yearBefore = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
const zone = `timeZone=${encodeURIComponent(DISTRICT_TIME_ZONE)}`;
show('GET /api/reporting (all schools, 30 days)', 10, await run(address, `/api/reporting?${zone}`, 10, admin), hello10);
show('GET /api/reporting (all schools, 365 days)', 10, await run(address, `/api/reporting?from=${yearBefore}&to=${today}&${zone}`, 10, admin), hello10);
show('GET /api/users (district, first page)', 10, await run(address, '/api/users?page=1&itemsPerPage=10', 10, admin), hello10);
// The Usage page's table asks for the active educators by default (its Active tab), or the others.
show('GET /api/users (district, first page, active)', 10, await run(address, '/api/users?page=1&itemsPerPage=10&status=ACTIVE', 10, admin), hello10);
show('GET /api/users (district, first page, not active)', 10, await run(address, '/api/users?page=1&itemsPerPage=10&status=NOT_ACTIVE', 10, admin), hello10);
const hello50 = await run(helloAddress, '/', 50);
show('bare Fastify hello-world', 50, hello50);
if (learner) show('GET /api/progress (educator)', 50, await run(address, '/api/progress', 50, learner), hello50);

// Let requests still in flight when autocannon stopped finish before the pool closes.
await new Promise((resolve) => setTimeout(resolve, 1000));
await hello.close();
await app.close();
await database.close();
