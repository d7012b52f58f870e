import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { adminUrl, cloneDatabase } from '../support/postgres.ts';
import { SEED_PASSWORD } from '../support/app.ts';
import { ACCOUNTS } from '../support/world.ts';

/**
 * The server as several processes: real `node server/main.ts` processes sharing one PostgreSQL
 * database and one Redis (a prefix of their own), as behind a load balancer. PGlite allows one
 * process per data directory, so these run on PostgreSQL only (`npm run test:api:postgres`).
 */
const template = inject('dbTemplate');
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

type Server = { base: string; child: ChildProcess; output: string[]; exited: Promise<number | null> };
const started: Server[] = [];
const dirs: string[] = [];

/** `node server/main.ts` on a port of its own and a DATA_DIR of its own (another machine). */
async function startServer(env: Record<string, string>, port?: number): Promise<Server> {
  port ??= await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'elp-process-'));
  dirs.push(dataDir);
  const output: string[] = [];
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-spa'),
      SEED_ON_START: 'false',
      TRIAL_REMINDER_INTERVAL: '0',
      LOCAL_TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'warn',
      PROVIDER_JWKS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { base: `http://127.0.0.1:${port}`, child, output, exited };
  started.push(server);
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
    const ok = await fetch(`${server.base}/api/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    if (i > 480) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exited));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A browser's cookie jar (names and paths; the host does not matter: both processes are one site). */
class Browser {
  cookies = new Map<string, { name: string; value: string; path: string }>();

  async request(target: string, init: { form?: Record<string, string> } = {}) {
    const url = new URL(target);
    const headers: Record<string, string> = {};
    const cookie = [...this.cookies.values()]
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.form ? 'POST' : 'GET', headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) || '/';
      const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='))?.slice(8);
      const gone = value === '' || (expires !== undefined && new Date(expires).getTime() < Date.now());
      if (gone) this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { name, value, path });
    }
    return response;
  }
}

/** The JSON lines a server process (and its workers) logged so far. */
const logOf = (server: Server) =>
  server.output
    .join('')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { pid: number; msg: string; role?: string; signal?: string }];
      } catch {
        return [];
      }
    });

/** Every worker that ever listened, oldest first. */
const workersOf = (server: Server) => [...new Set(logOf(server).filter((l) => l.msg === 'worker listening').map((l) => l.pid))];

async function waitUntil(server: Server, check: () => boolean, what: string) {
  for (let i = 0; !check(); i++) {
    if (i > 480) throw new Error(`${what}:\n${server.output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A status on a connection of its own (a pooled one may lead to a worker that was killed). */
const statusOf = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const request = get(url, { agent: false, timeout: 15_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within 15 s`)));
    request.on('error', reject);
  });

/** The same path on another process (the load balancer chose another one). */
const on = (server: Server, location: string) => {
  const url = new URL(location, server.base);
  return `${server.base}${url.pathname}${url.search}`;
};

describe.skipIf(template.kind !== 'postgres')('several server processes (PostgreSQL only: npm run test:api:postgres)', () => {
  let drop = async () => {};
  let databaseUrl = '';
  let a: Server;
  let b: Server;
  const prefix = `test-${randomUUID()}:`;

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    const clone = await cloneDatabase(template.url, template.template);
    databaseUrl = clone.url;
    drop = clone.drop;
    // Both answer for one public address, as behind a load balancer.
    const portA = await freePort();
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, WEB_CONCURRENCY: '1', PUBLIC_URL: `http://127.0.0.1:${portA}` };
    a = await startServer(env, portA);
    b = await startServer(env);
  }, 300_000);

  afterAll(async () => {
    for (const server of [a, b]) server?.child.kill('SIGTERM');
    await Promise.all([a, b].map((s) => s?.exited));
    await drop();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('makes an account wait after 5 wrong passwords, whichever process answers', async () => {
    const attempt = (server: Server) =>
      fetch(`${server.base}/api/identity/local/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ACCOUNTS.free, password: 'not-the-password' }),
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 ? b : a)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const server of [a, b]) {
      const refused = await attempt(server);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    }
  });

  const clientId = 'educator-learning-spa';

  /** A sign-in through the embedded provider like auth0-spa-js's: /authorize on A, the sign-in page and the password on B, the rest alternating. */
  async function signInAcross(browser: Browser) {
    const redirectUri = `${a.base}/callback`;
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(12).toString('base64url');
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      response_mode: 'query',
      scope: 'openid profile email offline_access',
      audience: `${a.base}/api`,
      state,
      nonce: randomBytes(12).toString('base64url'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    // /authorize on A; the sign-in page and the password on B; the resume on A.
    const started = await browser.request(`${a.base}/authorize?${params}`);
    expect(started.status).toBe(303);
    const page = new URL(started.headers.get('location')!, a.base);
    const uid = page.pathname.split('/')[2]!;
    expect((await browser.request(on(b, page.pathname))).status).toBe(200);
    let response = await browser.request(`${b.base}/u/${uid}/login`, { form: { email: ACCOUNTS.educator, password: SEED_PASSWORD } });
    expect(response.status).toBe(303);
    let code: string | null = null;
    for (let hops = 0, server = a; hops < 5 && !code; hops++, server = server === a ? b : a) {
      const next = new URL(response.headers.get('location')!, a.base);
      if (next.pathname === '/callback') {
        expect(next.searchParams.get('state')).toBe(state);
        code = next.searchParams.get('code');
        break;
      }
      response = await browser.request(on(server, `${next.pathname}${next.search}`));
    }
    expect(code).toBeTruthy();
    return { code: code!, verifier, params, redirectUri };
  }

  const tokenAt = async (server: Server, form: Record<string, string>) => {
    const res = await fetch(`${server.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, ...form }).toString(),
    });
    return { status: res.status, body: (await res.json()) as { access_token: string; refresh_token: string; error?: string } };
  };
  const me = async (server: Server, accessToken: string) => (await fetch(`${server.base}/api/identity/me`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

  it('continues a sign-in through the embedded provider on the other process, and refreshes on either', async () => {
    const browser = new Browser();
    const { code, verifier, params, redirectUri } = await signInAcross(browser);
    // The code issued through A is redeemed at B; the token B signed is accepted by A and B.
    const tokens = await tokenAt(b, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(await me(a, tokens.body.access_token)).toBe(200);
    expect(await me(b, tokens.body.access_token)).toBe(200);
    // Both publish the same signing keys (shared through Redis, not each machine's own file).
    const [jwksA, jwksB] = await Promise.all([a, b].map(async (s) => (await fetch(`${s.base}/.well-known/jwks.json`)).json()));
    expect(jwksA).toEqual(jwksB);

    // Refresh-token rotation across processes: the refresh token from B works at A, and the
    // one A rotated it into works at B.
    const first = await tokenAt(a, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await tokenAt(b, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await me(a, second.body.access_token)).toBe(200);
    // A spent one coming back is taken for a stolen one: refused, and its whole grant with it
    // (the newest refresh token too), whichever process sees it.
    expect((await tokenAt(b, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token })).body.error).toBe('invalid_grant');
    expect((await tokenAt(a, { grant_type: 'refresh_token', refresh_token: second.body.refresh_token })).body.error).toBe('invalid_grant');

    // The provider session made through B signs in silently on A.
    const silentVerifier = randomBytes(32).toString('base64url');
    const silentParams = new URLSearchParams({ ...Object.fromEntries(params), prompt: 'none', state: 'silent', code_challenge: createHash('sha256').update(silentVerifier).digest('base64url') });
    const silent = await browser.request(`${a.base}/authorize?${silentParams}`);
    const back = new URL(silent.headers.get('location')!, a.base);
    expect(back.pathname).toBe('/callback');
    expect(back.searchParams.get('error')).toBeNull();
    const again = await tokenAt(b, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: redirectUri, code_verifier: silentVerifier });
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    // "Sign out everywhere" on A ends the provider's grants and sessions for B too.
    const ended = await fetch(`${a.base}/api/identity/sign-out-everywhere`, { method: 'POST', headers: { authorization: `Bearer ${again.body.access_token}` } });
    expect(ended.status).toBeLessThan(300);
    expect((await tokenAt(b, { grant_type: 'refresh_token', refresh_token: again.body.refresh_token })).body.error).toBe('invalid_grant');
    const afterwards = await browser.request(`${b.base}/authorize?${new URLSearchParams({ ...Object.fromEntries(silentParams), state: 'after' })}`);
    expect(new URL(afterwards.headers.get('location')!, a.base).searchParams.get('error')).toBe('login_required');
  });

  it("signs out at /v2/logout on one process: the other's refresh tokens and silent sign-in stop too", async () => {
    const browser = new Browser();
    const { code, verifier, params, redirectUri } = await signInAcross(browser);
    const tokens = await tokenAt(a, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    const out = await browser.request(`${b.base}/v2/logout?${new URLSearchParams({ client_id: clientId, returnTo: `${a.base}/login` })}`);
    expect(out.status).toBe(302);
    expect((await tokenAt(a, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token })).body.error).toBe('invalid_grant');
    const silent = await browser.request(`${a.base}/authorize?${new URLSearchParams({ ...Object.fromEntries(params), prompt: 'none', state: 'after-logout' })}`);
    expect(new URL(silent.headers.get('location')!, a.base).searchParams.get('error')).toBe('login_required');
  });

  it("signs out through the API on one process: that sign-in's refresh token stops on the other", async () => {
    const { code, verifier, redirectUri } = await signInAcross(new Browser());
    const tokens = await tokenAt(a, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    const out = await fetch(`${b.base}/api/identity/logout`, { method: 'POST', headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(out.status).toBe(204);
    expect((await tokenAt(a, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token })).body.error).toBe('invalid_grant');
    expect(await me(a, tokens.body.access_token)).toBe(401);
  });

  it('runs as a cluster: workers share the port, a dead one is replaced, and SIGTERM drains them all', async () => {
    const server = await startServer({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${prefix}cluster:`,
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      SHUTDOWN_DELAY: '2',
    });
    const lines = () => logOf(server);
    const waitFor = (check: () => boolean, what: string) => waitUntil(server, check, what);
    const workers = () => workersOf(server);
    await waitFor(() => lines().some((l) => l.msg.includes('2 processes')) && workers().length === 2, 'both workers did not start');
    const primary = lines().find((l) => l.role === 'primary')!.pid;
    expect(primary).toBe(server.child.pid);

    // One worker dies: once the primary knows, the other answers everything, and the primary
    // starts another.
    const [victim] = workers();
    process.kill(victim!, 'SIGKILL');
    await waitFor(() => lines().some((l) => new RegExp(`^worker \\d+ \\(pid ${victim}\\) was killed \\(SIGKILL\\) after [\\d.]+ s; starting another now$`).test(l.msg)), 'the primary did not see the worker die');
    for (let i = 0; i < 10; i++) expect(await statusOf(`${server.base}/api/healthz`)).toBe(200);
    await waitFor(() => lines().some((l) => l.msg === 'worker replaced') && workers().length === 3, 'the dead worker was not replaced');

    // Workers that cannot start (the database refuses new connections) are tried again 1 s, 2 s,
    // 4 s… apart for as long as it takes: the primary never gives up on them, and the worker that
    // still runs goes on serving.
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    const database = new URL(databaseUrl).pathname.slice(1);
    try {
      await admin.query(`alter database "${database}" allow_connections false`);
      const [, second] = workers().filter((pid) => pid !== victim);
      process.kill(second!, 'SIGKILL');
      await waitFor(() => lines().some((l) => /^worker \d+ \(pid \d+\) exited with code 1 after [\d.]+ s; starting another in 4 s \(3 in a row failed to start\)$/.test(l.msg)), 'the primary did not keep trying');
      expect(() => process.kill(primary, 0)).not.toThrow();
      for (let i = 0; i < 5; i++) expect(await statusOf(`${server.base}/api/healthz`)).toBe(200);
    } finally {
      await admin.query(`alter database "${database}" allow_connections true`);
      await admin.end();
    }
    await waitFor(() => lines().filter((l) => l.msg === 'worker replaced').length === 2, 'no worker started once the database took connections again');

    // SIGTERM: readiness says no first, while requests are still served, then every worker exits.
    server.child.kill('SIGTERM');
    await waitFor(() => lines().filter((l) => l.msg === 'shutting down' && l.role === undefined).length === 2, 'the workers did not start draining');
    expect(await statusOf(`${server.base}/api/readyz`)).toBe(503);
    expect(await statusOf(`${server.base}/api/healthz`)).toBe(200);
    expect(await server.exited).toBe(0);
    for (const pid of workers()) expect(() => process.kill(pid, 0)).toThrow();
  }, 480_000);

  it('loses no connection to a worker killed while connections arrive: each is answered or refused at once', async () => {
    const server = await startServer({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${prefix}kills:`,
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    });
    await waitUntil(server, () => workersOf(server).length === 2, 'both workers did not start');

    // Fresh connections without pause, as a load balancer opens them, around each kill; each must
    // end (answered, or reset by the dying worker) well within the 5 s a caller waits, never hang.
    // Only around the kills: a steady stream of fresh connections (90,000 in 45 s) used up the
    // machine's ephemeral ports and starved the tests running beside this one.
    const outcomes = { answered: 0, reset: 0, hung: 0 };
    const once = () =>
      new Promise<void>((resolve) => {
        const request = get(`${server.base}/api/healthz`, { agent: false, timeout: 5000 }, (res) => {
          res.resume();
          res.on('end', () => {
            outcomes.answered += 1;
            resolve();
          });
          res.on('error', () => {
            outcomes.reset += 1;
            resolve();
          });
        });
        request.on('timeout', () => {
          outcomes.hung += 1;
          request.destroy();
          resolve();
        });
        request.on('error', () => {
          outcomes.reset += 1;
          resolve();
        });
      });
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Node's round robin (server/cluster.ts) left a connection hanging at every one of the twelve
    // kills here (its primary waits for a reply from the dead worker): the hang shows if it comes back.
    for (let kill = 1; kill <= 12; kill++) {
      let loading = true;
      const clients = Array.from({ length: 64 }, async () => {
        while (loading) await once();
      });
      await pause(150);
      const victim = workersOf(server).find((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
      process.kill(victim!, 'SIGKILL');
      await pause(150);
      loading = false;
      await Promise.all(clients);
      await waitUntil(server, () => logOf(server).filter((l) => l.msg === 'worker replaced').length === kill, `worker ${kill} was not replaced`);
    }
    expect(outcomes.hung).toBe(0);
    expect(outcomes.answered).toBeGreaterThan(100);
  }, 240_000);
});
