/**
 * The admin site's lists at district scale (not a timed test: it prints figures): what the
 * platform admin's screens ask for on a database with the district seed (5,000 catalogue items,
 * 22,000 educators, thousands of framework tags and audit entries).
 *
 *   DATABASE_URL=postgres://…/db npm run bench:admin      # a database with the district seed
 *   npm run bench:admin -- --duration 10 --connections 5
 *
 * autocannon drives each list as admin@example.org with a few connections (a handful of platform
 * admins, not a crowd), beside a bare Fastify hello-world at the same number of connections in
 * the same run: latencies on a shared 2-core machine are noisy, the ratios less so.
 */
import { parseArgs } from 'node:util';
import { fire } from './load-generator.ts';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, rows } from '../../server/db/client.ts';
import { DEMO_PASSWORD } from '../../server/db/seed/seed.ts';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '5' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);
const ADMIN = 'admin@example.org';

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL database seeded with `npm run seed -- --size district`.');
  process.exit(1);
}
const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: Number(process.env.DB_POOL_SIZE ?? 10) });
const { db } = database;
const count = async (table: string) => (await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
const district = (await rows<{ id: string }>(db, sql`select id::text as id from organizations where name = 'Benchmark District'`))[0];

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', SEED_ON_START: 'false' });
const app = await buildApp({ config, database });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
const helloAddress = await hello.listen({ host: '127.0.0.1', port: 0 });

const signIn = await fetch(`${address}/api/identity/local/authorize`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: ADMIN, password: DEMO_PASSWORD }),
});
if (!signIn.ok) throw new Error(`sign-in of ${ADMIN}: ${signIn.status} ${await signIn.text()}`);
const headers = { authorization: `Bearer ${((await signIn.json()) as { accessToken: string }).accessToken}` };

type Figures = { p50: number; p99: number; rps: number; failed: number };
async function run(url: string, path: string, extra: Record<string, string> = {}): Promise<Figures> {
  const result = await fire({ url, connections, duration, requests: [{ method: 'GET', path, headers: extra }] });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), failed: result.non2xx + result.errors + result.timeouts };
}
const show = (title: string, f: Figures, base?: Figures) =>
  console.log(
    `${title.padEnd(58)} p50 ${String(f.p50).padStart(5)} ms  p99 ${String(f.p99).padStart(5)} ms  ${String(f.rps).padStart(6)} req/s` +
      (base ? `  ${(f.rps / Math.max(base.rps, 1)).toFixed(3)}×` : '') +
      (f.failed ? `  ${f.failed} failed or timed out` : ''),
  );

console.log(
  `database: ${database.kind}; ${duration} s per line, ${connections} connections; ` +
    `${await count('catalog_items')} catalogue items, ${await count('users')} users, ${await count('organizations')} organizations, ` +
    `${await count('nasot_items')} framework items, ${await count('audit_log')} audit entries`,
);
const base = await run(helloAddress, '/');
show('bare Fastify hello-world', base);
const lists: [string, string][] = [
  ['catalogue, first page (last changed first)', '/api/admin/catalog/items'],
  ['catalogue, by title, page 200', '/api/admin/catalog/items?sortBy=title&sortOrder=ASC&page=200'],
  ['catalogue, drafts of one type', '/api/admin/catalog/items?status=DRAFT&resourceType=LEARNING_OBJECT'],
  ['catalogue, search "feedback"', '/api/admin/catalog/items?q=feedback'],
  ['framework tree (with usage counts)', '/api/admin/framework/items'],
  ['audiences (with usage counts)', '/api/admin/audiences'],
  ['organizations, first page', '/api/admin/organizations'],
  ...(district ? ([['organizations, schools of a district', `/api/admin/organizations?parentId=${district.id}`]] as [string, string][]) : []),
  ['users, first page', '/api/admin/users'],
  ['users, search "smith"', '/api/admin/users?filter=smith'],
  ['audit log, first page', '/api/admin/audit-log'],
];
for (const [title, path] of lists) show(`GET ${title}`, await run(address, path, headers), base);

// Let requests still in flight when autocannon stopped finish before the pool closes.
await new Promise((resolve) => setTimeout(resolve, 1000));
await hello.close();
await app.close();
await database.close();
