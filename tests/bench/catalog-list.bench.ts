/**
 * Benchmark of the catalogue list and search at scale with autocannon (not a timed test: it prints figures).
 *
 *   DATABASE_URL=postgres://… npm run bench:catalog        # a database seeded with `npm run seed -- --size district`
 *   npm run bench:catalog -- --duration 5 --connections 50 --warm 2
 *
 * Each kind of request rotates through several variants (every sort key and direction, filter
 * combinations, one word, two words, a quoted phrase), first on one connection (each request waits
 * for none other: the uncached latency of one request), then on many. Latencies on a shared machine
 * are noisy, so the same run also measures a bare Fastify hello-world and an authenticated
 * /api/identity/me, and prints each median as a ratio of those.
 *
 * Each line is measured twice: with the response cache (cached) and without it (CATALOG_CACHE=off,
 * uncached), two servers over the same database. `--cache on|off` measures only one of them.
 *
 * Each line on many connections is measured after a warm-up of `--warm` seconds (2) with the same
 * requests and connections, not counted: a running server has prepared and planned its kept
 * statements on every pooled database connection (each plans a statement its first five runs),
 * which a short line would otherwise count against the first seconds of every line.
 *
 * Requests carry no Accept-Encoding, so every response is sent whole, as in earlier rounds.
 * `--accept-encoding gzip` sends what a browser does: the kept responses are then sent in their
 * gzip encoding (made once), the others compressed per response.
 */
import { parseArgs } from 'node:util';
import { fire } from './load-generator.ts';
import Fastify from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { seedDemo } from '../../server/db/seed/seed.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    warm: { type: 'string', default: '2' },
    'accept-encoding': { type: 'string' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    cache: { type: 'string' },
  },
});
const duration = Number(values.duration);
const warm = Number(values.warm);
if (!(warm >= 0)) {
  console.error(`--warm is a number of seconds, 0 for none (got "${values.warm}")`);
  process.exit(1);
}
const connections = Number(values.connections);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', SEED_ON_START: 'false' });
const database = process.env.DATABASE_URL
  ? await openDatabase({ url: process.env.DATABASE_URL, poolSize: Number(process.env.DB_POOL_SIZE ?? 10) })
  : await openDatabase({ dataDir: 'memory://' });
await seedDemo(database.db);

const app = await buildApp({ config: { ...config, catalogCache: true }, database });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const uncachedApp = await buildApp({ config: { ...config, catalogCache: false }, database });
const uncachedAddress = await uncachedApp.listen({ host: '127.0.0.1', port: 0 });
const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
const helloAddress = await hello.listen({ host: '127.0.0.1', port: 0 });

const login = await fetch(`${address}/api/identity/local/authorize`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'educator01@northwind.example.org', password: 'Welcome-2026!' }),
});
const { accessToken } = (await login.json()) as { accessToken: string };
const encoding = values['accept-encoding'];
const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, ...(encoding ? { 'accept-encoding': encoding } : {}) };
const get = <T>(path: string) => fetch(`${address}${path}`, { headers }).then((r) => r.json() as Promise<T>);

const audiences = (await get<{ data: { id: string }[] }>('/api/catalog/audiences')).data;
const nasot = (await get<{ data: { id: string; type: string }[] }>('/api/catalog/nasot/items')).data;
const category = nasot.find((n) => n.type === 'CATEGORY')!.id;
const strategy = nasot.find((n) => n.type === 'STRATEGY')!.id;
const total = await get<{ total: number; totalIsCapped?: boolean }>('/api/catalog/items?limit=1');
const deep = await get<{ nextCursor: string }>('/api/catalog/items?limit=10&offset=490');
const deepByTitle = await get<{ nextCursor: string }>('/api/catalog/items?limit=10&offset=490&sortBy=title');

const q = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) search.append(k, one);
  return search.toString();
};
const list = (params: Record<string, string | string[]>) => `/api/catalog/items?${q({ limit: '10', ...params })}`;
const search = (params: Record<string, string | string[]>) => `/api/catalog/search?${q({ limit: '10', ...params })}`;

const groups: Record<string, string[]> = {
  'list, default order': [list({})],
  'list, each sort': ['createdAt', 'title', 'startDate', 'rating'].flatMap((sortBy) => ['ASC', 'DESC'].map((sortOrder) => list({ sortBy, sortOrder }))),
  'list, two sort keys': [list({ sortBy: ['rating', 'title'], sortOrder: 'DESC' }), list({ sortBy: ['startDate', 'createdAt'] }), list({ sortBy: ['title', 'rating'] })],
  'list, filters': [
    list({ featured: 'true' }),
    list({ resourceType: 'LIVESTREAM' }),
    list({ resourceType: ['LEARNING_OBJECT', 'PLAYLIST'], sortBy: 'title' }),
    list({ audienceIds: audiences[0]!.id }),
    list({ nasotItemIds: category, sortBy: 'rating', sortOrder: 'DESC' }),
    list({ nasotItemIds: strategy, audienceIds: audiences[1]!.id }),
    list({ progress: 'IN_PROGRESS' }),
    list({ progress: 'NOT_STARTED', featured: 'false', sortBy: 'title' }),
  ],
  'list, page 50': [list({ offset: '500' }), list({ offset: '500', sortBy: 'title' })],
  'list, page 50 by cursor': [list({ cursor: deep.nextCursor }), list({ cursor: deepByTitle.nextCursor, sortBy: 'title' })],
  'search, one word': [search({ q: 'feedback' }), search({ q: 'questions' }), search({ q: 'routines' })],
  'search, two words': [search({ q: 'vocabulary practice' }), search({ q: 'student discussion' }), search({ q: 'exit ticket' })],
  'search, phrase': [search({ q: '"think aloud"' }), search({ q: '"exit ticket"' })],
  'search, with filters': [
    search({ q: 'feedback', audienceIds: audiences[0]!.id }),
    search({ q: 'practice', nasotItemIds: category, resourceType: 'LEARNING_OBJECT' }),
    search({ q: 'questions', progress: 'NOT_STARTED' }),
  ],
};

type Figures = { p50: number; p99: number; rps: number; failed: number };
async function run(url: string, paths: string[], conns: number, extraHeaders: Record<string, string> = headers, seconds = duration): Promise<Figures> {
  const result = await fire({ url, connections: conns, duration: seconds, requests: paths.map((path) => ({ method: 'GET', path, headers: extraHeaders })) });
  // Timeouts (10 s) and errors are reported, not thrown: they are what a slow query looks like.
  const failed = result.non2xx + result.errors + result.timeouts;
  return { p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), failed };
}
const show = (title: string, conns: number, f: Figures, base?: Figures) =>
  console.log(
    `${`${title} ×${conns}`.padEnd(44)} p50 ${String(f.p50).padStart(5)} ms  p99 ${String(f.p99).padStart(5)} ms  ${String(f.rps).padStart(6)} req/s` +
      (base ? `  p50 ${(f.p50 / Math.max(base.p50, 0.5)).toFixed(1)}× hello-world, ${(f.rps / Math.max(base.rps, 1)).toFixed(3)}× its req/s` : '') +
      (f.failed ? `  ${f.failed} failed or timed out` : ''),
  );

console.log(
  `catalogue: ${total.total}${total.totalIsCapped ? '+' : ''} items, database: ${database.kind}, ${duration} s per line` +
    (warm > 0 ? `, each line on ${connections} connections after ${warm} s of the same requests not counted` : '') +
    `, Accept-Encoding: ${encoding ?? '(none)'}`,
);
const helloOne = await run(helloAddress, ['/'], 1, {});
show('bare Fastify hello-world', 1, helloOne);
const helloMany = await run(helloAddress, ['/'], connections, {});
show('bare Fastify hello-world', connections, helloMany);
show('GET /api/identity/me', 1, await run(address, ['/api/identity/me'], 1), helloOne);
show('GET /api/identity/me', connections, await run(address, ['/api/identity/me'], connections), helloMany);
const servers = [
  { name: 'cached', url: address },
  { name: 'uncached', url: uncachedAddress },
].filter((s) => !values.cache || (values.cache === 'on') === (s.name === 'cached'));
for (const [title, paths] of Object.entries(groups)) {
  if (values.only && !title.includes(values.only)) continue;
  for (const server of servers) {
    // The cached lines measure the steady state: each response is computed once, before.
    if (server.name === 'cached') for (const path of paths) await fetch(`${server.url}${path}`, { headers }).then((r) => r.arrayBuffer());
    show(`${title}, ${server.name}`, 1, await run(server.url, paths, 1), helloOne);
    if (warm > 0) await run(server.url, paths, connections, headers, warm);
    show(`${title}, ${server.name}`, connections, await run(server.url, paths, connections), helloMany);
  }
}

// Let requests still in flight when autocannon stopped finish before the pool closes.
await new Promise((resolve) => setTimeout(resolve, 1000));
await hello.close();
await app.close();
await uncachedApp.close();
await database.close();
