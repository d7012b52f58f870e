/**
 * What the load tests (journey.load.ts, ingest.load.ts) share: the server as a real child
 * process, bare Fastify as the baseline of the same run, an HTTP client with keep-alive
 * connections, latency recording per request kind, CPU accounting and the printed tables.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fire } from './load-generator.ts';

// ───────────────────────────── processes ─────────────────────────────

export type Server = {
  url: string;
  origin: string;
  pid: number;
  /** CPU seconds used so far by the server and every process it started (workers). */
  cpuSeconds: () => number;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not ready after ${timeoutMs / 1000} s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The server the way it is deployed: `node server/main.ts`, production settings. */
export async function startServer(options: { databaseUrl: string; processes: number; env?: Record<string, string> }): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'elp-load-'));
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      SEED_ON_START: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOCAL_TOKEN_SECRET: randomBytes(36).toString('base64url'),
      LOG_LEVEL: 'warn',
      TRIAL_REMINDER_INTERVAL: '0',
      // Several processes: stop at once at the end of a run (no load balancer to drain).
      SHUTDOWN_DELAY: '0',
      WEB_CONCURRENCY: String(options.processes),
      // Several processes share rate limits and sign-in state through Redis; one process gets it
      // too, so both runs have the same settings. Keys of their own, removed by nothing else.
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `elp-load-${randomBytes(4).toString('hex')}:`,
      // Settings a run may compare (docs/operations.md), passed on when set.
      ...Object.fromEntries(['PASSWORD_CHECKS_AT_ONCE', 'PASSWORD_CHECKS_WAITING', 'NODE_OPTIONS'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : []))),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/readyz`, child, () => output);
  return {
    url,
    origin,
    pid: child.pid!,
    cpuSeconds: () => treeCpuSeconds(child.pid!),
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
      if (/error/i.test(output)) console.log(`server output (last lines):\n${output.split('\n').slice(-15).join('\n')}`);
    },
  };
}

const BARE_FASTIFY = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

/** A bare Fastify answering `{ ok: true }`, in its own process like the server: the run's yardstick. */
export async function startBareFastify(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_FASTIFY], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, child, () => output);
  return { url, origin: url, pid: child.pid!, cpuSeconds: () => treeCpuSeconds(child.pid!), stop: () => stopChild(child) };
}

/** Requests per second autocannon gets from `url` with `connections` keep-alive connections. */
export async function peakRate(url: string, options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}) {
  const result = await fire({ url, connections: options.connections ?? 50, duration: options.seconds ?? 5, headers: options.headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

// ───────────────────────────── CPU ─────────────────────────────

const TICKS = 100; // USER_HZ on Linux

function readStat(pid: number): { ppid: number; ticks: number; comm: string } | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = raw.lastIndexOf(')');
    const comm = raw.slice(raw.indexOf('(') + 1, close);
    const fields = raw.slice(close + 2).split(' ');
    // fields[0] is state (field 3); utime is field 14, stime 15 → indexes 11, 12.
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), comm };
  } catch {
    return null;
  }
}

function allStats() {
  const out = new Map<number, { ppid: number; ticks: number; comm: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) out.set(Number(name), stat);
  }
  return out;
}

/** CPU seconds of a process and its living descendants. */
export function treeCpuSeconds(root: number): number {
  const stats = allStats();
  const children = new Map<number, number[]>();
  for (const [pid, s] of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  let ticks = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks / TICKS;
}

/** CPU ticks of every PostgreSQL process on this machine, by pid. */
function postgresTicks(): Map<number, number> {
  const out = new Map<number, number>();
  for (const [pid, s] of allStats()) if (s.comm.startsWith('postgres')) out.set(pid, s.ticks);
  return out;
}

/**
 * CPU seconds PostgreSQL used since `since` (all its processes on this machine, other users'
 * too): processes alive now, less what they had used then. A backend that ended in between is
 * not counted (its time is gone from /proc), so this can only be low, never negative.
 */
function postgresCpuSince(since: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of postgresTicks()) ticks += now - (since.get(pid) ?? 0);
  return ticks / TICKS;
}

/** The whole machine: busy and total CPU seconds since boot (all cores). */
export function machineCpuSeconds(): { busy: number; total: number } {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const n = cpu!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** CPU used over a window, as a share of one core, for the server, PostgreSQL, this generator and the machine. */
export function cpuWindow(server: Pick<Server, 'cpuSeconds'>) {
  const start = { server: server.cpuSeconds(), pg: postgresTicks(), gen: process.cpuUsage(), machine: machineCpuSeconds(), at: performance.now() };
  return () => {
    const seconds = (performance.now() - start.at) / 1000;
    const gen = process.cpuUsage(start.gen);
    const machine = machineCpuSeconds();
    const share = (cpu: number) => Math.round((cpu / seconds) * 100);
    return {
      server: share(server.cpuSeconds() - start.server),
      postgres: share(postgresCpuSince(start.pg)),
      generator: share((gen.user + gen.system) / 1e6),
      machineBusy: share(machine.busy - start.machine.busy),
      machineCores: Math.round((machine.total - start.machine.total) / seconds),
    };
  };
}

export function describeCpu(cpu: ReturnType<ReturnType<typeof cpuWindow>>) {
  return `CPU (100 % = one core of ${cpu.machineCores}): server ${cpu.server} %, PostgreSQL ${cpu.postgres} %, load generator ${cpu.generator} %, whole machine ${cpu.machineBusy} %`;
}

// ───────────────────────────── HTTP client ─────────────────────────────

export type Reply = { status: number; body: string; json: <T>() => T };

/**
 * Keep-alive connections without a cap: every request in flight gets a connection, as each
 * browser keeps its own, so no request waits in the generator for a free one.
 */
export function createClient(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096 });
  const { hostname, port } = new URL(base);
  function request(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { accept: 'application/json', ...options.headers };
      if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
      const req = http.request({ agent, hostname, port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body, json: <T>() => JSON.parse(body) as T });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error('timeout after 30 s')));
      req.end(options.body);
    });
  }
  return { request, close: () => agent.destroy() };
}

// ───────────────────────────── recording ─────────────────────────────

type KindStats = { latencies: number[]; statuses: Map<string, number> };

/** Latency and outcome of every request, by kind, for the window it is open. */
export class Recorder {
  private kinds = new Map<string, KindStats>();
  private startedAt = performance.now();
  private endedAt: number | null = null;
  open = true;

  record(kind: string, ms: number, status: number | string) {
    if (!this.open) return;
    let stats = this.kinds.get(kind);
    if (!stats) this.kinds.set(kind, (stats = { latencies: [], statuses: new Map() }));
    stats.latencies.push(ms);
    const key = String(status);
    stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
  }

  close() {
    this.open = false;
    this.endedAt = performance.now();
  }

  get seconds() {
    return ((this.endedAt ?? performance.now()) - this.startedAt) / 1000;
  }

  rows(order: string[] = []): Row[] {
    const names = [...this.kinds.keys()].sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b));
    const rows = names.map((name) => summarize(name, this.kinds.get(name)!, this.seconds));
    const all: KindStats = { latencies: [], statuses: new Map() };
    for (const s of this.kinds.values()) {
      for (const l of s.latencies) all.latencies.push(l);
      for (const [k, v] of s.statuses) all.statuses.set(k, (all.statuses.get(k) ?? 0) + v);
    }
    if (rows.length) rows.push(summarize('all requests', all, this.seconds));
    return rows;
  }
}

const rank = (order: string[], name: string) => (order.includes(name) ? order.indexOf(name) : order.length);

export type Row = { kind: string; count: number; p50: number; p95: number; p99: number; max: number; errors: number; errorsByStatus: string; rps: number };

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarize(kind: string, stats: KindStats, seconds: number): Row {
  const sorted = Float64Array.from(stats.latencies).sort();
  const list = Array.from(sorted);
  const bad = [...stats.statuses].filter(([status]) => !/^2\d\d$/.test(status));
  return {
    kind,
    count: list.length,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.at(-1) ?? 0,
    errors: bad.reduce((n, [, c]) => n + c, 0),
    errorsByStatus: bad.map(([s, c]) => `${s}×${c}`).join(' '),
    rps: list.length / seconds,
  };
}

const ms = (v: number) => (v < 10 ? v.toFixed(1) : Math.round(v).toString());

/** One table: a line per request kind; req/s also as a share of bare Fastify's peak of the run. */
export function printTable(rows: Row[], bareRps: number) {
  const header = ['request kind', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'req/s', '× bare', 'errors'];
  const lines = rows.map((r) => [
    r.kind,
    String(r.count),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    ms(r.max),
    r.rps.toFixed(1),
    (r.rps / bareRps).toFixed(4),
    r.errors ? `${r.errors} (${r.errorsByStatus})` : '0',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(fmt(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
}

export function listOption(raw: string): number[] {
  return raw.split(',').map((s) => {
    const n = Number(s.trim());
    if (!Number.isInteger(n) || n < 1) throw new Error(`not a whole number: "${s}"`);
    return n;
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
