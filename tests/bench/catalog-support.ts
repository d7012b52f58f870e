import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { fire } from './load-generator.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, rows, type Database } from '../../server/db/client.ts';
import { seedDemo } from '../../server/db/seed/seed.ts';

/** What the cases of a catalogue benchmark are built from: reference data read through the API. */
export type CatalogRefs = {
  audiences: string[];
  /** A category (many items under it) and a strategy (a few). */
  category: string;
  strategy: string;
  /** A GET of the API as the benchmark's educator, its JSON. */
  get: <T>(path: string) => Promise<T>;
};

/**
 * Runs each case (a name and the requests it rotates through) against the server as it answers
 * every request, nothing kept between them, and prints its p50 and p99: first an authenticated
 * /api/identity/me as the floor of this run, then every case, each after a warm-up not counted
 * (each pooled database connection plans a kept statement afresh its first five runs).
 *
 * Beside the latencies, what each request cost in CPU: the server's main thread and, on a
 * PostgreSQL server on this machine, the database backends of this run. On a shared machine the
 * latencies depend on the other processes; these costs much less, and they say what the
 * latencies become on a machine of its own (2 cores: some 2,000 req/s at 1 ms a request).
 *
 * The database is DATABASE_URL (seeded beforehand, e.g. `npm run seed -- --size district`), or
 * an in-memory PGlite with the demo content.
 */
export async function benchCatalog(title: string, casesOf: (refs: CatalogRefs) => Promise<[string, string[]][]>) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      warm: { type: 'string', default: '1' },
      connections: { type: 'string', default: '50' },
      only: { type: 'string' },
    },
  });
  const duration = Number(values.duration);
  const warm = Number(values.warm);
  const connections = Number(values.connections);
  if (!(duration > 0) || !(warm >= 0) || !(connections > 0)) throw new Error('--duration and --connections are positive numbers, --warm a number of seconds (0 for none)');

  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_ENABLED: 'false', SEED_ON_START: 'false' });
  const database = process.env.DATABASE_URL
    ? await openDatabase({ url: process.env.DATABASE_URL, poolSize: Number(process.env.DB_POOL_SIZE ?? 10) })
    : await openDatabase({ dataDir: 'memory://' });
  await seedDemo(database.db);
  const app = await buildApp({ config, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${address}/api/identity/local/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'educator01@northwind.example.org', password: 'Welcome-2026!' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const get = <T>(path: string) => fetch(`${address}${path}`, { headers }).then((r) => r.json() as Promise<T>);
    const audiences = (await get<{ data: { id: string }[] }>('/api/catalog/audiences')).data.map((a) => a.id);
    const nasot = (await get<{ data: { id: string; type: string }[] }>('/api/catalog/nasot/items')).data;
    const refs = { get, audiences, category: nasot.find((n) => n.type === 'CATEGORY')!.id, strategy: nasot.find((n) => n.type === 'STRATEGY')!.id };
    const total = await get<{ total: number; totalIsCapped?: boolean }>('/api/catalog/items?limit=1');

    const run = async (paths: string[], seconds: number) => {
      const [server, db] = [threadCpuUsage(), await databaseCpuMs(database)];
      const result = await fire({ url: address, connections, duration: seconds, requests: paths.map((path) => ({ method: 'GET', path, headers })) });
      const serverUs = threadCpuUsage(server);
      const dbMs = (await databaseCpuMs(database)) - db;
      const n = Math.max(result.requests.total, 1);
      return {
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: Math.round(result.requests.average),
        failed: result.non2xx + result.errors + result.timeouts,
        serverMs: (serverUs.user + serverUs.system) / 1000 / n,
        dbMs: Number.isNaN(dbMs) ? null : dbMs / n,
      };
    };
    console.log(
      `${title}: catalogue of ${total.total}${total.totalIsCapped ? '+' : ''} offered items, ${database.kind}, ${connections} connections, ` +
        `${duration} s per case after ${warm} s not counted, nothing kept between requests`,
    );
    const cases: [string, string[]][] = [['GET /api/identity/me (the floor)', ['/api/identity/me']], ...(await casesOf(refs))];
    for (const [name, paths] of cases) {
      if (values.only && !name.includes(values.only)) continue;
      if (warm > 0) await run(paths, warm);
      const f = await run(paths, duration);
      console.log(
        `${name.padEnd(48)} p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  ${String(f.rps).padStart(5)} req/s` +
          `  CPU a request: server ${f.serverMs.toFixed(2)} ms` +
          (f.dbMs === null ? '' : `, database ${f.dbMs.toFixed(2)} ms`) +
          (f.failed ? `  ${f.failed} failed or timed out` : ''),
      );
    }
  } finally {
    // Let requests still in flight when autocannon stopped finish before the pool closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await app.close();
    await database.close();
  }
}

/** A query string, a repeated key for each value of a list. */
export function query(path: string, params: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) search.append(k, one);
  return `${path}?${search}`;
}

/** This thread's CPU time (Node.js 22.19 and later; @types/node does not have it yet), not the load generator's. */
const threadCpuUsage = (process as unknown as { threadCpuUsage: (since?: NodeJS.CpuUsage) => NodeJS.CpuUsage }).threadCpuUsage;

/**
 * The CPU time (ms) the backends of this database have used so far, from /proc: NaN on PGlite or
 * when the server is not on this machine. Every backend of the database counts, so use a database
 * nothing else uses.
 */
async function databaseCpuMs(database: Database): Promise<number> {
  if (database.kind !== 'postgres') return NaN;
  const backends = await rows<{ pid: number }>(database.db, sql`select pid from pg_stat_activity where datname = current_database()`);
  let ticks = 0;
  for (const { pid } of backends) {
    try {
      // Fields 14 and 15 (utime, stime) after the command's closing parenthesis.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return NaN;
    }
  }
  // Clock ticks of 10 ms (USER_HZ is 100 on Linux).
  return ticks * 10;
}
