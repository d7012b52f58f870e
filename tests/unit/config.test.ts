import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'elp-config-'));

function problems(env: Record<string, string>) {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration', () => {
  it('runs on the embedded defaults with no variables', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toHaveProperty('dataDir');
    expect(config.provider).toMatchObject({ issuer: 'http://localhost:3000/', embedded: true, jwksUrl: 'http://localhost:3000/.well-known/jwks.json' });
    expect(config.billing).toMatchObject({ amountCents: 14900, currency: 'USD', trialDays: 14 });
    expect(config.localTokens.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated development secret across restarts', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir }).localTokens.secret;
    const b = loadConfig({ DATA_DIR: dir }).localTokens.secret;
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set and a real tenant when AUTH0_DOMAIN is set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@db:5432/app',
      AUTH0_DOMAIN: 'https://tenant.example.auth0.com',
      AUTH0_AUDIENCE: 'https://api.example.org',
    });
    expect(config.database).toEqual({ url: 'postgres://u@db:5432/app' });
    expect(config.provider).toMatchObject({ issuer: 'https://tenant.example.auth0.com/', audience: 'https://api.example.org', embedded: false });
  });

  it('names every bad value with a clear message', () => {
    const found = problems({
      PORT: 'eighty',
      PUBLIC_URL: 'not a url',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
      LOCAL_TOKEN_SECRET: 'short',
      RATE_LIMIT_ENABLED: 'maybe',
      ALLOWED_ORIGINS: 'https://ok.example.org,https://bad.example.org/path',
      TRIAL_DAYS: '-1',
      PAYMENT_GATEWAY: 'paypal',
      NOW: '2026-11-25',
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'PORT must be a whole number from 1 to 65535 (got "eighty")',
        'PUBLIC_URL must be a URL (got "not a url")',
        expect.stringContaining('LOG_LEVEL must be one of'),
        'DATABASE_URL must be a postgres: or postgresql: URL (got "mysql://x")',
        'LOCAL_TOKEN_SECRET must be at least 32 characters',
        'RATE_LIMIT_ENABLED must be true or false (got "maybe")',
        expect.stringContaining('ALLOWED_ORIGINS entries must be bare origins'),
        'TRIAL_DAYS must be a whole number from 0 to 365 (got "-1")',
        expect.stringContaining('PAYMENT_GATEWAY must be "sandbox"'),
        'NOW must be an ISO 8601 instant with its time zone, like 2026-11-25T15:00:00Z (got "2026-11-25")',
      ]),
    );
  });

  it('reads NOW as the instant the app clock starts at, and none by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).now).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), NOW: '' }).now).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), NOW: '2026-11-25T10:00:00-05:00' }).now?.toISOString()).toBe('2026-11-25T15:00:00.000Z');
  });

  it('requires a token secret in production', () => {
    expect(problems({ NODE_ENV: 'production' })).toContain('LOCAL_TOKEN_SECRET is required when NODE_ENV=production');
  });

  describe('WEB_CONCURRENCY', () => {
    const postgres = { DATABASE_URL: 'postgres://u@db:5432/app' };
    const redis = { REDIS_URL: 'redis://cache:6379' };
    const load = (env: Record<string, string>, cores = 8) => loadConfig({ DATA_DIR: dataDir(), ...env }, process.cwd(), cores);

    it('runs one process on PGlite, and one per core on PostgreSQL with Redis', () => {
      expect(load({}).webConcurrency).toBe(1);
      expect(load({ ...redis }).webConcurrency).toBe(1);
      expect(load({ ...postgres, ...redis }).webConcurrency).toBe(8);
      expect(load({ ...postgres, ...redis }, 3).webConcurrency).toBe(3);
      // Without Redis the processes would not share sign-in sessions nor rate limits.
      expect(load({ ...postgres }).webConcurrency).toBe(1);
    });

    it('lets half the cores check passwords, shared among the processes, at least one at a time', () => {
      expect(load({}).passwordChecks).toEqual({ atOnce: 4, maxWaiting: 1000 });
      expect(load({}, 2).passwordChecks.atOnce).toBe(1);
      expect(load({}, 1).passwordChecks.atOnce).toBe(1);
      expect(load({ ...postgres, ...redis }).passwordChecks.atOnce).toBe(1);
      expect(load({ ...postgres, ...redis, WEB_CONCURRENCY: '2' }).passwordChecks.atOnce).toBe(2);
      expect(load({ PASSWORD_CHECKS_AT_ONCE: '3', PASSWORD_CHECKS_WAITING: '10' }).passwordChecks).toEqual({ atOnce: 3, maxWaiting: 10 });
    });

    it('takes a number of processes, and 1 anywhere', () => {
      expect(load({ ...postgres, ...redis, WEB_CONCURRENCY: '2' }).webConcurrency).toBe(2);
      expect(load({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
      expect(load({ ...postgres, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    });

    it('refuses more than one process on PGlite or without Redis, saying why', () => {
      expect(problems({ WEB_CONCURRENCY: '2', ...redis })).toEqual([
        'WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL): the embedded PGlite database allows one process per data directory',
      ]);
      expect(problems({ WEB_CONCURRENCY: '4', ...postgres })).toEqual(['WEB_CONCURRENCY=4 needs REDIS_URL: the processes share sign-in sessions and rate limits through Redis']);
    });

    it('names a value that is not a number of processes', () => {
      for (const bad of ['0', '-1', 'two', '1.5', '257']) {
        expect(problems({ ...postgres, ...redis, WEB_CONCURRENCY: bad })).toEqual([`WEB_CONCURRENCY must be a whole number from 1 to 256 (got "${bad}")`]);
      }
    });
  });

  describe('TRUST_PROXY', () => {
    const trustProxy = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;

    it('believes no proxy by default, a number of them, or those at these addresses', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
      expect(trustProxy('false')).toBe(false);
      expect(trustProxy('0')).toBe(false);
      expect(trustProxy('1')).toBe(1);
      expect(trustProxy('2')).toBe(2);
      expect(trustProxy('10.0.0.5')).toEqual(['10.0.0.5']);
      expect(trustProxy('127.0.0.1, 10.0.0.0/8,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    });

    it('refuses true, which would believe whatever X-Forwarded-For a client writes, in one line', () => {
      for (const value of ['true', 'TRUE', 'yes', 'on']) {
        expect(problems({ TRUST_PROXY: value })).toEqual([
          `TRUST_PROXY=${value} would believe any X-Forwarded-For a client writes: give the number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8)`,
        ]);
      }
    });

    it('names anything else', () => {
      for (const value of ['11', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', 'fd00::/129', '10.0.0.1,']) {
        expect(problems({ TRUST_PROXY: value })).toEqual([
          `TRUST_PROXY must be false, a number of proxies from 1 to 10, or their IP addresses or CIDR ranges separated by commas (got "${value}")`,
        ]);
      }
    });
  });

  it('throttles password sign-ins per account and per address, sized for a school behind one address', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).rateLimit.signIn).toEqual({ failuresBeforeWait: 5, attemptsPerAddress: 1000, failuresPerAddress: 100 });
    expect(
      loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_SIGN_IN_FAILURES: '3', RATE_LIMIT_SIGN_INS_PER_ADDRESS: '5000', RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS: '400' }).rateLimit.signIn,
    ).toEqual({ failuresBeforeWait: 3, attemptsPerAddress: 5000, failuresPerAddress: 400 });
    expect(problems({ RATE_LIMIT_SIGN_IN_FAILURES: '0' })).toEqual(['RATE_LIMIT_SIGN_IN_FAILURES must be a whole number from 1 to 1000 (got "0")']);
  });

  it('reads the shutdown timings', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdown).toEqual({ delayMs: 0, timeoutMs: 10_000 });
    expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DELAY: '5', SHUTDOWN_TIMEOUT: '30' }).shutdown).toEqual({ delayMs: 5000, timeoutMs: 30_000 });
    expect(problems({ SHUTDOWN_DELAY: 'soon', SHUTDOWN_TIMEOUT: '0' })).toEqual([
      'SHUTDOWN_DELAY must be a whole number from 0 to 300 (got "soon")',
      'SHUTDOWN_TIMEOUT must be a whole number from 1 to 3600 (got "0")',
    ]);
  });
});
