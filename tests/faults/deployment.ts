/**
 * The reference deployment of docs/operations.md, on one machine, for the fault suite: a
 * throw-away PostgreSQL cluster, a Redis of its own, two instances of the server (each
 * `node server/main.ts` with WEB_CONCURRENCY=2, as two machines would run it) and HAProxy in
 * front of them, health-checking `/api/readyz`. Every piece can be stopped, killed and started
 * again; `close()` removes all of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startThrowAwayPostgres } from '../support/postgres-server.mjs';
import { requireRedisServer, startRedisServer } from '../support/redis-server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A line of a server process's JSON log, as much of it as the suite reads. */
export type LogLine = { level?: number; msg?: string; pid?: number; time?: number };

export type Instance = {
  name: string;
  port: number;
  /** The primary's pid while it runs (it leads a process group of its own with its workers). */
  pid: () => number | null;
  /** The workers' pids (the primary's children). */
  workers: () => number[];
  /** Every log line of every incarnation, with the time it was read. */
  log: { at: number; line: LogLine }[];
  /** Exits of the primary: code or signal, and whether the suite caused it. */
  exits: { at: number; code: number | null; signal: string | null; expected: boolean }[];
  start: () => Promise<void>;
  /** Kills the primary and its workers at once (a machine that loses power). */
  kill: () => void;
  /** SIGTERM to the primary (a deployment stopping it): answers once it has exited. */
  terminate: () => Promise<{ code: number | null; signal: string | null }>;
};

export type Deployment = {
  url: string;
  databaseUrl: string;
  instances: [Instance, Instance];
  postgres: { restart: () => Promise<void> };
  redis: { stop: () => Promise<void>; start: () => Promise<void> };
  close: () => Promise<void>;
};

/** HAProxy's own answer when no instance is up: a 503 in the API's error body, with Retry-After. */
const NO_SERVER = [
  'HTTP/1.1 503 Service Unavailable',
  'content-type: application/json',
  'cache-control: no-store',
  'retry-after: 2',
  'connection: close',
  '',
  '{"error":{"code":"SERVICE_UNAVAILABLE","message":"The service is briefly unavailable, please try again in a moment"}}',
  '',
].join('\r\n');

/** The configuration docs/operations.md describes, for two instances on this machine. */
export function haproxyConfig(options: { port: number; servers: { name: string; port: number }[]; errorFile: string }) {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  # A connection refused or reset before any answer goes to the other instance.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
  errorfile 503 ${options.errorFile}

frontend web
  bind 127.0.0.1:${options.port}
  default_backend app

backend app
  balance roundrobin
  # Only reads are sent again after the instance took them (empty answer): a write may have been done.
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  option httpchk
  http-check send meth GET uri /api/readyz
  http-check expect status 200
  default-server inter 500ms fastinter 250ms downinter 250ms rise 1 fall 2
${options.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

function requireCommand(command: string, install: string) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'pipe' });
  } catch {
    throw new Error(`${command} is not installed: ${install}`);
  }
}

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

async function answers(url: string) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { stdio: 'pipe' })
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export async function startDeployment(options: { log: (line: string) => void }): Promise<Deployment> {
  requireCommand('haproxy', 'apt-get install -y haproxy');
  requireRedisServer();
  const dir = mkdtempSync(join(tmpdir(), 'elp-faults-'));
  const cleanups: (() => unknown)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const children = new Set<ChildProcess>();
  try {
    options.log('PostgreSQL: a throw-away cluster');
    const postgres = await startThrowAwayPostgres();
    cleanups.unshift(() => postgres.stop());

    const redisPort = await freePort();
    let redis: Awaited<ReturnType<typeof startRedisServer>> | null = null;
    const startRedis = async () => void (redis = await startRedisServer(redisPort, dir));
    const stopRedis = async () => redis?.stop();
    cleanups.unshift(() => stopRedis());
    await startRedis();

    const [lbPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const url = `http://localhost:${lbPort}`;
    const secret = randomBytes(36).toString('base64url');
    const instance = (name: string, port: number, seed: boolean): Instance => {
      const dataDir = join(dir, `instance-${name}`);
      let child: ChildProcess | null = null;
      let expectingExit = false;
      const self: Instance = {
        name,
        port,
        log: [],
        exits: [],
        pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid! : null),
        workers: () => {
          const pid = self.pid();
          return pid ? childrenOf(pid) : [];
        },
        async start() {
          expectingExit = false;
          child = spawn(process.execPath, ['server/main.ts'], {
            detached: true,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: {
              PATH: process.env.PATH ?? '',
              HOME: process.env.HOME ?? '',
              // A run under a shifted clock (faketime) shifts the servers' too, as it does the load's and PostgreSQL's.
              ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name === 'LD_PRELOAD' || name.startsWith('FAKETIME'))),
              NODE_ENV: 'production',
              HOST: '127.0.0.1',
              PORT: String(port),
              PUBLIC_URL: url,
              DATABASE_URL: postgres.url,
              REDIS_URL: `redis://127.0.0.1:${redisPort}`,
              WEB_CONCURRENCY: '2',
              DATA_DIR: dataDir,
              STATIC_DIR: join(dir, 'no-spa'),
              LOCAL_TOKEN_SECRET: secret,
              SEED_ON_START: seed ? 'true' : 'false',
              TRIAL_REMINDER_INTERVAL: '0',
              LOG_LEVEL: 'warn',
              // Readiness answers 503 this long before an instance told to stop stops taking requests.
              SHUTDOWN_DELAY: '2',
              SHUTDOWN_TIMEOUT: '10',
              // One address sends every request of the load: the limits are not what is tested here.
              RATE_LIMIT_SIGN_IN: '100000',
              RATE_LIMIT_SIGN_INS_PER_ADDRESS: '10000000',
              RATE_LIMIT_BEACONS_PER_ADDRESS: '10000000',
              RATE_LIMIT_EVENTS_PER_USER: '10000000',
            },
          });
          children.add(child);
          const current = child;
          let buffered = '';
          const read = (chunk: Buffer) => {
            buffered += chunk.toString();
            const lines = buffered.split('\n');
            buffered = lines.pop() ?? '';
            for (const text of lines) {
              if (!text.trim()) continue;
              let line: LogLine;
              try {
                line = JSON.parse(text) as LogLine;
              } catch {
                line = { level: 50, msg: text };
              }
              self.log.push({ at: Date.now(), line });
            }
          };
          current.stdout!.on('data', read);
          current.stderr!.on('data', read);
          current.on('exit', (code, signal) => self.exits.push({ at: Date.now(), code, signal, expected: expectingExit }));
          await waitUntil(`instance ${name} ready`, async () => {
            if (current.exitCode !== null) throw new Error(`instance ${name} exited (${current.exitCode}) while starting:\n${self.log.map((l) => l.line.msg).join('\n')}`);
            return (await answers(`http://127.0.0.1:${port}/api/readyz`)) && childrenOf(current.pid!).length === 2;
          }, 120_000);
        },
        kill() {
          const pid = self.pid();
          if (!pid) return;
          expectingExit = true;
          process.kill(-pid, 'SIGKILL');
        },
        async terminate() {
          const current = child;
          if (!current || current.exitCode !== null) return { code: current?.exitCode ?? null, signal: null };
          expectingExit = true;
          const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => current.once('exit', (code, signal) => resolve({ code, signal })));
          current.kill('SIGTERM');
          return exited;
        },
      };
      return self;
    };
    const a = instance('a', portA, true);
    const b = instance('b', portB, false);
    cleanups.unshift(() => {
      for (const i of [a, b]) {
        const pid = i.pid();
        if (pid) {
          try {
            process.kill(-pid, 'SIGKILL');
          } catch {
            // gone already
          }
        }
      }
    });
    options.log('instance a: migrates and seeds the demo content');
    await a.start();
    options.log('instance b');
    await b.start();

    const errorFile = join(dir, '503.http');
    writeFileSync(errorFile, NO_SERVER);
    const configFile = join(dir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig({ port: lbPort, servers: [{ name: 'a', port: portA }, { name: 'b', port: portB }], errorFile }));
    options.log('HAProxy in front of both');
    const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.add(haproxy);
    let haproxyErrors = '';
    haproxy.stderr!.on('data', (d) => (haproxyErrors += String(d)));
    await waitUntil('HAProxy answering', async () => {
      if (haproxy.exitCode !== null) throw new Error(`haproxy exited: ${haproxyErrors}`);
      return answers(`${url}/api/readyz`);
    }, 10_000);

    return {
      url,
      databaseUrl: postgres.url,
      instances: [a, b],
      postgres: { restart: () => postgres.restartAsync() },
      redis: { stop: stopRedis, start: startRedis },
      async close() {
        for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        for (const cleanup of cleanups) {
          try {
            await cleanup();
          } catch {
            // the rest is still removed
          }
        }
      },
    };
  } catch (err) {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch {
        // keep the first error
      }
    }
    throw err;
  }
}
