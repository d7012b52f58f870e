/**
 * Benchmark of GET /api/catalog/search with autocannon (not a timed test: it prints figures).
 *
 *   npm run bench                                   # seeded demo content, in-memory PGlite
 *   npm run bench -- --items 100000 --educators 20000 --events 2000000   # large seed first
 *   DATABASE_URL=postgres://… npm run bench         # an existing PostgreSQL database
 *
 * Latencies on this shared machine are noisy, so it also measures GET /api/healthz in the same
 * run and prints the search median as a ratio of that baseline.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { seedDemo } from '../../server/db/seed/seed.ts';
import { seedLarge } from '../../server/db/seed/large.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string' },
    educators: { type: 'string' },
    events: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', PORT: '0', SEED_ON_START: 'false' });
const database = process.env.DATABASE_URL ? await openDatabase({ url: process.env.DATABASE_URL }) : await openDatabase({ dataDir: 'memory://' });
let started = Date.now();
await seedDemo(database.db);
console.log(`demo seed: ${Date.now() - started} ms`);
if (values.items || values.educators || values.events) {
  started = Date.now();
  await seedLarge(database.db, { items: Number(values.items ?? 0), educators: Number(values.educators ?? 0), events: Number(values.events ?? 0) });
  console.log(`large seed: ${Date.now() - started} ms`);
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

async function run(title: string, paths: string[]) {
  const result = await autocannon({
    url: address,
    connections: Number(values.connections),
    duration: Number(values.duration),
    requests: paths.map((path) => ({ method: 'GET', path, headers })),
  });
  const bad = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(22)} p50 ${result.latency.p50} ms  p90 ${result.latency.p90} ms  p99 ${result.latency.p99} ms  ${Math.round(result.requests.average)} req/s  (${result.requests.total} requests, ${bad} failed)`,
  );
  if (bad) throw new Error(`${title}: ${bad} requests failed`);
  return result;
}

console.log(`catalogue: ${total.total} items, database: ${database.kind}, ${values.connections} connections, ${values.duration} s each`);
const baseline = await run('GET /api/healthz', ['/api/healthz']);
const search = await run('GET /api/catalog/search', queries.map((q) => `/api/catalog/search?q=${encodeURIComponent(q)}&limit=10`));
console.log(`search median = ${search.latency.p50} ms = ${(search.latency.p50 / Math.max(baseline.latency.p50, 0.01)).toFixed(1)} × the healthz median of the same run`);

await app.close();
await database.close();
