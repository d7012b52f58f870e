/**
 * Benchmark of the progress table, GET /api/profile/interactions, with autocannon (not a timed
 * test: it prints figures).
 *
 *   npm run bench:progress                          # in-memory PGlite
 *   DATABASE_URL=postgres://… npm run bench:progress   # a PostgreSQL database (it is seeded)
 *   npm run bench:progress -- --rows 2000 --duration 5
 *
 * One educator gets `--rows` progress rows (a quarter of them saved too); the listing is asked
 * for a page of 10 under several sort keys, filters and offsets. GET /api/healthz runs in the same
 * process and run as the baseline, and the listing's median is printed as a ratio of it, since
 * latencies on a shared machine are noisy. The CSV export of the same rows is measured too.
 */
import { parseArgs } from 'node:util';
import { fire } from './load-generator.ts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, rows } from '../../server/db/client.ts';
import { seedDemo } from '../../server/db/seed/seed.ts';
import { seedDistrict } from '../../server/db/seed/district.ts';
import { stampBulkCompletions } from '../../server/repositories/progress.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '500' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const rowCount = Number(values.rows);
const EDUCATOR = 'educator01@northwind.example.org';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', SEED_ON_START: 'false' });
const database = process.env.DATABASE_URL ? await openDatabase({ url: process.env.DATABASE_URL }) : await openDatabase({ dataDir: 'memory://' });
const { db } = database;
await seedDemo(db);
const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(db, q))[0]?.n ?? 0);
const missing = rowCount - (await count(sql`select count(*)::int as n from catalog_items where resource_type = 'LEARNING_OBJECT'`));
// The district seed's catalogue is 84 % learning objects.
if (missing > 0) await seedDistrict(db, { items: Math.ceil((missing + 50) / 0.84), educators: 0, events: 0 });

// The educator's table: exactly `rowCount` learning objects in every state, a quarter saved.
const [educator] = await rows<{ id: string }>(db, sql`select id::text as id from users where email = ${EDUCATOR}`);
const userId = educator!.id;
await db.execute(sql`delete from learner_progress where user_id = ${userId}`);
await db.execute(sql`delete from bookmarks where user_id = ${userId}`);
const chosen = sql`select id, row_number() over (order by public_id) as n from catalog_items where resource_type = 'LEARNING_OBJECT' order by public_id limit ${rowCount}`;
await db.execute(sql`
  insert into learner_progress (user_id, catalog_item_id, last_interaction_at, video_progress, are_reproducibles_downloaded,
    is_catalog_item_rated, is_rubric_score_saved, is_strategy_applied)
  select ${userId}::uuid, c.id, now() - c.n * interval '37 minutes', least(100, (c.n * 37) % 130), c.n % 2 = 0, c.n % 3 <> 0, c.n % 5 <> 0, c.n % 7 <> 0
  from (${chosen}) c`);
await db.execute(sql`insert into bookmarks (user_id, catalog_item_id) select ${userId}::uuid, c.id from (${chosen}) c where c.n % 4 = 0`);
await stampBulkCompletions(db);
await db.execute(sql`analyze`);

const app = await buildApp({ config, database });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const login = await fetch(`${address}/api/identity/local/authorize`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: EDUCATOR, password: 'Welcome-2026!' }),
});
const { accessToken } = (await login.json()) as { accessToken: string };
const headers = { authorization: `Bearer ${accessToken}` };
const total = ((await (await fetch(`${address}/api/profile/interactions?limit=1`, { headers })).json()) as { total: number }).total;
if (total !== rowCount) throw new Error(`the educator has ${total} rows, not ${rowCount}`);

async function run(title: string, paths: string[], connections = Number(values.connections)) {
  const result = await fire({
    url: address,
    connections,
    duration: Number(values.duration),
    requests: paths.map((path) => ({ method: 'GET', path, headers })),
  });
  const bad = result.non2xx + result.errors;
  console.log(
    `${`${title} ×${connections}`.padEnd(40)} p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  mean ${result.latency.mean.toFixed(2)} ms  ${Math.round(result.requests.average)} req/s  (${result.requests.total} requests, ${bad} failed)`,
  );
  if (bad) throw new Error(`${title}: ${bad} requests failed`);
  return result;
}

const listings = [
  'sortBy=strategyTitle&sortOrder=ASC',
  'sortBy=progress&sortOrder=DESC',
  'sortBy=categoryTitle&sortOrder=ASC&offset=240',
  'sortBy=watched&sortOrder=DESC&filter=IN_PROGRESS',
  'sortBy=elementTitle&sortOrder=DESC&filter=SAVED',
  'sortBy=rated&sortOrder=ASC&filter=COMPLETED&offset=10',
].map((q) => `/api/profile/interactions?limit=10&${q}`);

console.log(`progress table: ${total} rows for one educator; database: ${database.kind}; ${values.duration} s per run`);
const ratio = (a: number, b: number) => (a / Math.max(b, 0.5)).toFixed(1);
for (const connections of [1, Number(values.connections)]) {
  const health = await run('GET /api/healthz', ['/api/healthz'], connections);
  const listing = await run('GET /api/profile/interactions', listings, connections);
  console.log(
    `  ×${connections}: listing p50 ${listing.latency.p50} ms / p99 ${listing.latency.p99} ms next to healthz p50 ${health.latency.p50} ms / p99 ${health.latency.p99} ms (p50 ratio ${ratio(listing.latency.p50, health.latency.p50)})`,
  );
}
await run('GET …/interactions/export (all rows)', ['/api/profile/interactions/export?sortBy=progress&sortOrder=DESC'], 1);

// Let requests still in flight when autocannon stopped finish before the pool closes.
await new Promise((resolve) => setTimeout(resolve, 1000));
await app.close();
await database.close();
