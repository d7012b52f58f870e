import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rows } from '../../server/db/client.ts';
import { freePort } from '../support/postgres-server.mjs';
import { requireRedisServer, startRedisServer } from '../support/redis-server.ts';
import { cloneDatabase } from '../support/postgres.ts';
import { createTestApp, ORIGIN, type TestApp } from '../support/app.ts';
import { ACCOUNTS } from '../support/world.ts';

/**
 * A dependency that goes away while the server runs costs seconds of 503s with Retry-After, never
 * the process: Redis stopped and started under a running app (a Redis of this test's own, on a
 * port of its own), and PostgreSQL ending a connection that a request holds.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

requireRedisServer();

describe('Redis going away and coming back', () => {
  let t: TestApp;
  let port: number;
  let redis: Awaited<ReturnType<typeof startRedisServer>> | null = null;
  const prefix = `elp-outage-${randomUUID()}:`;

  const startRedis = async () => void (redis = await startRedisServer(port));
  const stopRedis = async () => redis?.stop();
  const readiness = async () => (await t.app.inject({ method: 'GET', url: '/api/readyz' })).json();
  const authorize = (accept: string) =>
    t.app.inject({
      method: 'GET',
      url: `/authorize?${new URLSearchParams({ client_id: t.config.provider.clientId, response_type: 'code', scope: 'openid', redirect_uri: `${ORIGIN}/callback`, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 's', nonce: 'n' })}`,
      headers: { accept },
    });
  const wrongPassword = () => t.app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email: ACCOUNTS.educator, password: 'not-the-password' }, remoteAddress: '10.9.8.7' });

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: prefix, RATE_LIMIT_SIGN_IN_FAILURES: '3', RATE_LIMIT_EVENTS_PER_USER: '2' } });
  });
  afterAll(async () => {
    await t?.close();
    await stopRedis();
  });

  it('says so at /readyz, answers 503 with Retry-After where the provider needs it, keeps every limit in the process, logs the outage once, and carries on once it is back', async () => {
    expect(await readiness()).toEqual({ status: 'ok', dependencies: { database: 'ok', redis: 'ok' } });
    expect((await authorize('text/html')).statusCode).toBe(303);
    const token = await t.login(ACCOUNTS.educator);

    await stopRedis();
    await eventually(async () => (await readiness()).status === 'degraded', 'readiness reporting Redis away');
    expect(await readiness()).toEqual({ status: 'degraded', dependencies: { database: 'ok', redis: 'unavailable' } });

    // The embedded provider keeps its sessions in Redis: a browser gets a page, a client the error body.
    const page = await authorize('text/html');
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('2');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Sign-in is briefly unavailable');
    const json = await authorize('application/json');
    expect(json.statusCode).toBe(503);
    expect(json.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Sign-in is briefly unavailable. Please try again in a moment.' } });
    // Its keys do not need Redis.
    expect((await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).statusCode).toBe(200);

    // Sign-in attempts are still limited (an account waits after 3 failures here), counted in this process.
    expect([(await wrongPassword()).statusCode, (await wrongPassword()).statusCode, (await wrongPassword()).statusCode]).toEqual([401, 401, 401]);
    expect((await wrongPassword()).statusCode).toBe(429);
    // So is a learner's hourly budget of events (2 here).
    const [item] = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' order by public_id limit 1`);
    const events = Array.from({ length: 3 }, () => ({ id: randomUUID(), type: 'CATALOG_ITEM_VISITED', timeStamp: new Date().toISOString(), data: { catalogItemId: item!.id } }));
    const sent = await t.app.inject({ method: 'POST', url: '/api/learner/events', headers: { origin: ORIGIN }, payload: { accessToken: token, data: events } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().results.filter((r: { reason?: string }) => r.reason === 'RATE_LIMITED')).toHaveLength(1);
    // Everything else is served.
    expect((await t.request(token, { method: 'GET', url: '/api/profile' })).statusCode).toBe(200);

    await startRedis();
    await eventually(async () => (await readiness()).status === 'ok', 'readiness reporting Redis back');
    expect((await authorize('text/html')).statusCode).toBe(303);
    // Redis came back empty: the provider's signing keys are put back for processes started later.
    const probe = new Redis({ port, host: '127.0.0.1' });
    try {
      expect(JSON.parse((await probe.get(`${prefix}provider:jwks`))!).keys).toHaveLength(1);
    } finally {
      probe.disconnect();
    }

    const log = t.logs.join('');
    expect(log.match(/redis unavailable: rate limits count in each process/g)).toHaveLength(1);
    expect(log.match(/redis available again/g)).toHaveLength(1);
  });
});

const template = inject('dbTemplate');

describe.runIf(template.kind === 'postgres')('PostgreSQL ending the connections of the server (PostgreSQL only)', () => {
  it('fails the query that meets a connection ended in the middle of a transaction, without an uncaught error event, and serves the next one', async () => {
    if (template.kind !== 'postgres') return;
    const clone = await cloneDatabase(template.url, template.template);
    const database = await openDatabase({ url: clone.url, poolSize: 2 });
    const admin = await openDatabase({ url: clone.url, poolSize: 1 });
    try {
      const failure = await database.db
        .transaction(async (tx) => {
          const [{ pid }] = (await rows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
          // The connection is checked out and idle in its transaction when the server ends it: its
          // 'error' event fires with no query waiting (which ended the process before).
          await rows(admin.db, sql`select pg_terminate_backend(${pid}::int)`);
          await sleep(300);
          await rows(tx, sql`select 1`);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(failure).not.toBeNull();
      const { isDatabaseOutage } = await import('../../server/db/client.ts');
      expect(isDatabaseOutage(failure)).toBe(true);
      expect(await rows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await admin.close();
      await database.close();
      await clone.drop();
    }
  });
});
