/**
 * A district's roster at full size (not a timed test: it prints figures): a OneRoster 1.2 zip of
 * 20,000 teachers and 40 schools (and their principals) read into a dry run, applied, imported
 * again (no changes), then a second roster with 5 % of the teachers moved and 2 % gone.
 *
 *   npm run bench:roster                                   # PGlite in memory, the demo seed
 *   DATABASE_URL=postgres://…/db npm run bench:roster      # PostgreSQL (migrated and seeded if empty)
 *   npm run bench:roster -- --teachers 5000 --schools 10
 *
 * Each step goes through the API as the platform admin (app.inject: the HTTP parsing is Fastify's
 * own, without a socket), on a district of its own made for the run.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, rows } from '../../server/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed/seed.ts';
import { districtRoster, oneRoster12, zipOf } from '../support/oneroster.ts';

const { values } = parseArgs({ options: { teachers: { type: 'string', default: '20000' }, schools: { type: 'string', default: '40' } } });
const teachers = Number(values.teachers);
const schools = Number(values.schools);

const database = process.env.DATABASE_URL ? await openDatabase({ url: process.env.DATABASE_URL, poolSize: 5 }) : await openDatabase({ dataDir: 'memory://' });
await seedDemo(database.db);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', SEED_ON_START: 'false' });
const app = await buildApp({ config, database });
await app.ready();

const signIn = await app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email: 'admin@example.org', password: DEMO_PASSWORD } });
const authorization = `Bearer ${signIn.json<{ accessToken: string }>().accessToken}`;
const call = async (method: 'GET' | 'POST', url: string, payload?: Buffer | object) => {
  const started = performance.now();
  const res = await app.inject({ method, url, headers: { authorization, ...(Buffer.isBuffer(payload) ? { 'content-type': 'application/zip' } : {}) }, ...(payload ? { payload } : {}) });
  const ms = performance.now() - started;
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return { body: res.json<{ id: string; counts: Record<string, number>; accounts: { items: unknown[] } }>(), ms, bytes: res.rawPayload.length };
};

const prefix = `bench${Date.now().toString(36)}`;
const district = (await call('POST', '/api/admin/organizations', { name: `${prefix} District`, type: 'DISTRICT' })).body.id;
const roster = districtRoster(prefix, schools, teachers);
const first = await zipOf(oneRoster12(roster.orgs, roster.people));
console.log(`database: ${database.kind}; ${teachers} teachers, ${schools} schools (+ ${schools} principals); zip ${(first.length / 1e6).toFixed(2)} MB`);

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(8);
const changed = (counts: Record<string, number>) =>
  `add ${counts.accountsToAdd}, move ${counts.accountsToMove}, change ${counts.accountsToChange}, deactivate ${counts.accountsToDeactivate}, unchanged ${counts.unchanged}, schools to create ${counts.schoolsToCreate}`;
async function step(title: string, zip: Buffer) {
  const dry = await call('POST', `/api/organizations/${district}/roster-imports?fileName=bench.zip`, zip);
  console.log(`${`${title}: dry run`.padEnd(34)} ${fmt(dry.ms)}   answer ${(dry.bytes / 1e6).toFixed(2)} MB   ${changed(dry.body.counts)}`);
  const applied = await call('POST', `/api/organizations/${district}/roster-imports/${dry.body.id}/apply`);
  console.log(`${`${title}: apply`.padEnd(34)} ${fmt(applied.ms)}`);
  return dry.body.counts;
}

await step('first import', first);
const again = await step('same file again', first);
if (['accountsToAdd', 'accountsToChange', 'accountsToMove', 'accountsToDeactivate'].some((kind) => again[kind] !== 0)) throw new Error('importing the same file again changed something');

// 5 % of the teachers move to the next school, 2 % leave.
const people = roster.people
  .filter((_, i) => i % 50 !== 1)
  .map((p, i) => (p.role === 'teacher' && i % 20 === 0 ? { ...p, org: `${prefix}-school-${(Number(p.org.split('-').at(-1)) % schools) + 1}` } : p));
await step('moves and removals', await zipOf(oneRoster12(roster.orgs, people)));

const [made] = await rows<{ active: number; gone: number }>(
  database.db,
  sql`select count(*) filter (where deactivated_at is null)::int as active, count(*) filter (where deactivated_at is not null)::int as gone
      from users where rostered_by = ${district}::uuid`,
);
console.log(`rostered accounts: ${made!.active} active, ${made!.gone} deactivated; heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB, rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
await app.close();
await database.close();
