/**
 * Benchmark of GET /api/catalog/search with autocannon (not a timed test: it prints figures).
 *
 *   npm run bench                                   # seeded demo content, in-memory PGlite
 *   npm run bench -- --items 5000 --educators 20000 --events 2000000   # the district seed first
 *   DATABASE_URL=postgres://… npm run bench         # an existing PostgreSQL database
 *
 * Latencies on this shared machine are noisy, so it also measures GET /api/healthz in the same
 * run and prints the search median as a ratio of that baseline.
 */
import { parseArgs } from 'node:util';
import { fire } from './load-generator.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { seedDemo } from '../../server/db/seed/seed.ts';
import { seedDistrict } from '../../server/db/seed/district.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string' },
    educators: { type: 'string' },
    events: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', SEED_ON_START: 'false' });
const database = process.env.DATABASE_URL ? await openDatabase({ url: process.env.DATABASE_URL }) : await openDatabase({ dataDir: 'memory://' });
let started = Date.now();
await seedDemo(database.db);
console.log(`demo seed: ${Date.now() - started} ms`);
if (values.items || values.educators || values.events) {
  started = Date.now();
  await seedDistrict(database.db, { items: Number(values.items ?? 0), educators: Number(values.educators ?? 0), events: Number(values.events ?? 0) });
  console.log(`district seed: ${Date.now() - started} ms`);
}

const app = await buildApp({ config, database });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const login = await fetch(`${address}/api/identity/local/authorize`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'educator01@northwind.example.org', password: 'Welcome-2026!' }),
});
const { accessToken } = (await login.json()) as { accessToken: string };
const headers = { authorization: `Bearer ${accessToken}` };

const queries = ['feedback', 'questions', 'vocabulary practice', 'student discussion', 'exit ticket', 'routines', 'goals', '"think aloud"'];
const total = await fetch(`${address}/api/catalog/items?limit=1`, { headers }).then((r) => r.json() as Promise<{ total: number }>);

async function run(title: string, paths: string[], connections = Number(values.connections)) {
  const result = await fire({
    url: address,
    connections,
    duration: Number(values.duration),
    requests: paths.map((path) => ({ method: 'GET', path, headers })),
  });
  const bad = result.non2xx + result.errors;
  console.log(
    `${`${title} ×${connections}`.padEnd(30)} mean ${result.latency.mean.toFixed(2)} ms  p50 ${result.latency.p50} ms  p90 ${result.latency.p90} ms  p99 ${result.latency.p99} ms  ${Math.round(result.requests.average)} req/s  (${result.requests.total} requests, ${bad} failed)`,
  );
  if (bad) throw new Error(`${title}: ${bad} requests failed`);
  return result;
}

console.log(`catalogue: ${total.total} items, database: ${database.kind}, ${values.connections} connections, ${values.duration} s each`);
const searches = queries.map((q) => `/api/catalog/search?q=${encodeURIComponent(q)}&limit=10`);
// Baseline: an authenticated call with one small query (token check + user lookup).
const baseline = await run('GET /api/identity/me', ['/api/identity/me'], 1);
const single = await run('GET /api/catalog/search', searches, 1);
const loaded = await run('GET /api/catalog/search', searches);
const ratio = (a: number, b: number) => (a / Math.max(b, 0.01)).toFixed(1);
console.log(`search median, 1 connection: ${single.latency.p50} ms; mean ${ratio(single.latency.mean, baseline.latency.mean)} × the /identity/me mean of this run`);
console.log(`search median, ${values.connections} connections: ${loaded.latency.p50} ms (${Math.round(loaded.requests.average)} req/s)`);

// Let requests still in flight when autocannon stopped finish before the pool closes.
await new Promise((resolve) => setTimeout(resolve, 1000));
await app.close();
await database.close();
