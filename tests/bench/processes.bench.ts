/**
 * Throughput of the built server as 1 and as N processes (WEB_CONCURRENCY), with autocannon (not a
 * timed test: it prints figures).
 *
 *   npm run build
 *   DATABASE_URL=postgres://… REDIS_URL=redis://127.0.0.1:6379 npm run bench:processes
 *   npm run bench:processes -- --duration 10 --connections 50 --processes 1,2
 *
 * Starts `node server/main.ts` on DATABASE_URL (use a copy of the district seed: it is not written
 * to, but the server migrates it) with SEED_ON_START=false and RATE_LIMIT_ENABLED=false, once per
 * process count, signs in as a seeded educator and loads an authenticated GET /api/identity/me and
 * GET /api/catalog/items?limit=10. A bare Fastify hello-world (one process) measured in the same
 * run gives the scale of the machine: the load generator runs on the same cores as the server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fire } from './load-generator.ts';
import Fastify from 'fastify';
import { Redis } from 'ioredis';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    processes: { type: 'string', default: '1,2' },
    port: { type: 'string', default: '3270' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const counts = values.processes.split(',').map(Number);
const port = Number(values.port);
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.error('DATABASE_URL (PostgreSQL) and REDIS_URL are required: more than one process needs both.');
  process.exit(1);
}

type Result = { label: string; requests: number; p50: number; p99: number; errors: number; non2xx: number };
const results: Result[] = [];

async function load(label: string, url: string, headers: Record<string, string> = {}) {
  const r = await fire({ url, connections, duration, headers });
  const result = { label, requests: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
  results.push(result);
  console.log(`${label.padEnd(46)} ${result.requests.toFixed(0).padStart(7)} req/s   p50 ${String(result.p50).padStart(5)} ms   p99 ${String(result.p99).padStart(5)} ms${result.errors || result.non2xx ? `   errors ${result.errors}, non-2xx ${result.non2xx}` : ''}`);
  return result;
}

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
const bare = await load('bare Fastify hello-world (1 process)', await hello.listen({ host: '127.0.0.1', port: 0 }));
await hello.close();

for (const count of counts) {
  const dataDir = mkdtempSync(join(tmpdir(), 'elp-bench-processes-'));
  const output: string[] = [];
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: String(count),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_ON_START: 'false',
      RATE_LIMIT_ENABLED: 'false',
      TRIAL_REMINDER_INTERVAL: '0',
      LOG_LEVEL: 'warn',
      REDIS_PREFIX: `bench-${process.pid}-${count}:`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => output.push(String(d)));
  child.stderr.on('data', (d) => output.push(String(d)));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  // Ready when every worker answers: a few dozen readiness checks in a row all succeed.
  for (let i = 0, ok = 0; ok < 20; i++) {
    if (child.exitCode !== null || i > 1200) throw new Error(`the server did not start:\n${output.join('')}`);
    const status = await fetch(`${base}/api/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    ok = status === 200 ? ok + 1 : 0;
    if (status !== 200) await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`${base}/api/identity/local/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'educator01@northwind.example.org', password: 'Welcome-2026!' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  // A short warm-up of both routes in every worker.
  await fire({ url: `${base}/api/catalog/items?limit=10`, connections: 10, duration: 2, headers });
  const me = await load(`GET /api/identity/me, ${count} process${count > 1 ? 'es' : ''}`, `${base}/api/identity/me`, headers);
  const items = await load(`GET /api/catalog/items?limit=10, ${count} process${count > 1 ? 'es' : ''}`, `${base}/api/catalog/items?limit=10`, headers);
  void me;
  void items;
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
  const redis = new Redis(process.env.REDIS_URL);
  const keys = await redis.keys(`bench-${process.pid}-${count}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

console.log(`\n${connections} connections, ${duration} s each; req/s as a share of the bare Fastify's ${bare.requests.toFixed(0)} req/s:`);
for (const r of results.slice(1)) console.log(`  ${r.label.padEnd(46)} ${(r.requests / bare.requests).toFixed(3)}`);
// Each process count's mean over its runs (--processes 1,2,1,2 alternates them against drift).
for (const label of ['GET /api/identity/me', 'GET /api/catalog/items?limit=10']) {
  const mean = (count: number) => {
    const runs = results.filter((r) => r.label === `${label}, ${count} process${count > 1 ? 'es' : ''}`);
    return runs.length ? runs.reduce((sum, r) => sum + r.requests, 0) / runs.length : null;
  };
  const one = mean(1);
  for (const count of [...new Set(counts)].filter((c) => c > 1)) {
    const many = mean(count);
    if (one && many) console.log(`  ${label}: ${count} processes ${many.toFixed(0)} req/s vs 1 process ${one.toFixed(0)} req/s: ×${(many / one).toFixed(2)}`);
  }
}
