import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { clock, setClock } from '../../server/clock.ts';
import { openDatabase, rows, type Database } from '../../server/db/client.ts';
import { seedDemo } from '../../server/db/seed/seed.ts';
import { createMailer } from '../../server/services/mailer.ts';
import { readOutbox } from './outbox.ts';
import { cloneDatabase, createTemplate, dropDatabase } from './postgres.ts';

/** The password of every seeded account (README, "Demo accounts"). */
export const SEED_PASSWORD = 'Welcome-2026!';
export const ORIGIN = 'http://localhost:3000';

/** An RSA key pair standing in for the identity provider's signing key. */
export async function createTestProvider(config: Config) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const jwks = { keys: [jwk] };
  return {
    jwks,
    keys: createLocalJWKSet(jwks),
    privateKey,
    /** Signs an access token like the provider would; overrides let tests break one claim. */
    sign: (claims: JWTPayload & { email?: string }, options: { expiresIn?: string | number; header?: Record<string, unknown> } = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'at+jwt', ...options.header })
        .setIssuer((claims.iss as string) ?? config.provider.issuer)
        .setAudience((claims.aud as string) ?? config.provider.audience)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '10m')
        .sign(privateKey),
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** Verify provider tokens against the JWKS URL of the config (AUTH0_DOMAIN) instead of the test key. */
    useRemoteJwks?: boolean;
    /**
     * The NOW setting: the app's clock starts at this instant (server/clock.ts), on a database of
     * its own seeded then; the clock is real again once the app is closed.
     */
    now?: Date;
  } = {},
) {
  const template = inject('dbTemplate');
  let database: Database;
  let drop = async () => {};
  if (options.now) setClock(options.now);
  if (options.now && template.kind === 'pglite') {
    database = await openDatabase({ dataDir: 'memory://' });
    await seedDemo(database.db, { now: clock.now() });
  } else if (options.now && template.kind === 'postgres') {
    const name = `elp_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const url = await createTemplate(template.url, name, async (db) => void (await seedDemo(db, { now: clock.now() })));
    database = await openDatabase({ url, poolSize: 5 });
    drop = () => dropDatabase(template.url, name);
  } else if (template.kind === 'pglite') {
    database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(template.file)]) });
  } else {
    const clone = await cloneDatabase(template.url, template.template);
    database = await openDatabase({ url: clone.url, poolSize: 5 });
    drop = clone.drop;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'elp-test-'));
  const config = loadConfig({
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'info',
    LOCAL_TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    RATE_LIMIT_SIGN_IN: '10000',
    RATE_LIMIT_BEACONS_PER_ADDRESS: '1000000',
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-spa'),
    ...(options.now ? { NOW: options.now.toISOString() } : {}),
    ...options.env,
  });
  const provider = await createTestProvider(config);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config,
    database,
    ...(options.useRemoteJwks ? {} : { providerKeys: provider.keys }),
    mailer: createMailer({ from: config.mail.from, smtpUrl: null, outboxDir: config.mail.outboxDir }),
    logStream,
  });
  await app.ready();

  let databaseClosed = false;
  const tokens = new Map<string, string>();
  /** A local access token for a seeded account, signed in through the real login operation. */
  async function login(email: string, password = SEED_PASSWORD) {
    const cached = tokens.get(email);
    if (cached && password === SEED_PASSWORD) return cached;
    const res = await app.inject({ method: 'POST', url: '/api/identity/local/authorize', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    const token = res.json<{ accessToken: string }>().accessToken;
    tokens.set(email, token);
    return token;
  }

  /** The ticket of the newest demo link e-mailed to an address. */
  const demoTicket = (email: string) => {
    const ticket = /\/demo\?ticket=([A-Za-z0-9._-]+)/.exec(readOutbox(config.mail.outboxDir, email))?.[1];
    if (!ticket) throw new Error(`no demo link to ${email} in the outbox`);
    return ticket;
  };
  /** A demo session as a visitor gets one: the address asks for the link, the e-mailed link is followed. */
  async function demo(email: string) {
    const asked = await app.inject({ method: 'POST', url: '/api/identity/demo', payload: { email } });
    if (asked.statusCode !== 202) throw new Error(`demo link for ${email} refused: ${asked.statusCode} ${asked.body}`);
    const res = await app.inject({ method: 'POST', url: '/api/identity/demo/session', payload: { ticket: demoTicket(email) } });
    if (res.statusCode !== 200) throw new Error(`demo session for ${email} refused: ${res.statusCode} ${res.body}`);
    return res.json<{ accessToken: string }>().accessToken;
  }

  return {
    app,
    db: database.db,
    kind: database.kind,
    config,
    provider,
    logs,
    outboxDir: config.mail.outboxDir,
    login,
    demo,
    demoTicket,
    /** Drops a cached token (its sessions were ended): the next login signs in again. */
    forgetLogin: (email: string) => void tokens.delete(email),
    /** app.inject with an optional bearer token. */
    request: (token: string | null, opts: InjectOptions) =>
      app.inject({ ...opts, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(opts.headers ?? {}) } }),
    /** A query of the test's own, standing for another process's change. */
    query: <T>(q: ReturnType<typeof sql>) => rows<T>(database.db, q),
    /** Takes the database away under the running app (to provoke real server errors). */
    closeDatabase: async () => {
      await database.close();
      databaseClosed = true;
    },
    close: async () => {
      await app.close();
      if (!databaseClosed) await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (options.now) setClock(null);
    },
  };
}

export type { FastifyInstance };
