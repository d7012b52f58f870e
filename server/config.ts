import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseInstant } from './clock.ts';
import type { UploadKind } from './contract.ts';

/**
 * Every setting of the server, read from environment variables and validated at start.
 * The README's configuration table lists the same variables; keep the two together.
 */
/** The payment gateway adapters there are (server/gateways.ts builds each). */
export const PAYMENT_GATEWAY_NAMES = ['sandbox'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];

export type Config = {
  host: string;
  port: number;
  /** The public origin of the app, used for links in e-mails and for the beacon's Origin check. */
  publicUrl: string;
  /** Origins allowed to post learner events (the public origin is always allowed). */
  allowedOrigins: string[];
  /** The survey and analytics vendors' origins the pages may load from and talk to (the content security policy). */
  vendorOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  database: { url: string } | { dataDir: string };
  dataDir: string;
  seedOnStart: boolean;
  staticDir: string;
  localTokens: { secret: Uint8Array; issuer: string; ttlSeconds: number };
  provider: {
    /** Issuer of access tokens, with a trailing slash, e.g. https://tenant.auth0.com/ */
    issuer: string;
    audience: string;
    clientId: string;
    jwksUrl: string;
    /** True when the provider is the one mounted in this server (then passwords live here too). */
    embedded: boolean;
    /** Embedded provider: lifetime of its access tokens, seconds. */
    accessTokenTtl: number;
    /** External provider: e-mail domains whose addresses sign in there (the rest sign in locally). */
    domains: string[];
  };
  mail: { from: string; smtpUrl: string | null; outboxDir: string };
  billing: {
    amountCents: number;
    currency: string;
    trialDays: number;
    gateway: PaymentGatewayName;
    /** How often the trial-ending reminders are sent, in milliseconds; 0: never (server/main.ts). */
    trialReminderIntervalMs: number;
  };
  /** How often districts' roster endpoints are checked for their nightly pull, in milliseconds; 0: never (server/main.ts). */
  rosterPullIntervalMs: number;
  rateLimit: {
    /** Demo, sign-up, registration and verification e-mails, per minute per address (password sign-ins have their own, below). */
    signInPerMinute: number;
    enabled: boolean;
    /**
     * Password sign-ins (server/auth/sign-in-throttle.ts): failures of one account from one
     * address before it waits (from every address together, four times as many); password
     * sign-ins from one address in 10 minutes; failed ones from one address in an hour.
     */
    signIn: { failuresBeforeWait: number; attemptsPerAddress: number; failuresPerAddress: number };
    /** Learner-event beacons and page views from one address (a school behind one NAT sends many). */
    beaconsPerAddressPerMinute: number;
    /** Learner events one user may send in an hour (a full day of video sends ~400 an hour). */
    eventsPerUserPerHour: number;
    /** Page views one user may send in an hour. */
    pageViewsPerUserPerHour: number;
  };
  /** Shared state for several server processes (rate limits); null: each process keeps its own. */
  redisUrl: string | null;
  /** Prefix of this deployment's keys in Redis (several deployments, or test runs, may share one). */
  redisPrefix: string;
  /**
   * Server processes on this machine (WEB_CONCURRENCY): 1 runs today's single process; more
   * fork workers that share the port (server/cluster.ts), which needs PostgreSQL and Redis.
   */
  webConcurrency: number;
  /**
   * Password checks (argon2id, ~25 ms of CPU each) at once in this process
   * (PASSWORD_CHECKS_AT_ONCE; default: half the cores shared among the processes, at least one),
   * and how many may wait for their turn (PASSWORD_CHECKS_WAITING) before a sign-in is told 503.
   */
  passwordChecks: { atOnce: number; maxWaiting: number };
  shutdown: {
    /** How long readiness answers 503 before the server stops taking connections, ms (SHUTDOWN_DELAY). */
    delayMs: number;
    /** How long requests in flight may take to finish before the process exits anyway, ms (SHUTDOWN_TIMEOUT). */
    timeoutMs: number;
  };
  growthbook: { clientKey: string; featuresFile: string };
  /**
   * Proxies in front of the server whose X-Forwarded-For / -Proto are believed: none (false), the
   * number of them (hops), or their addresses (IPs and CIDR ranges). The client is the right-most
   * address that none of them is.
   */
  trustProxy: TrustProxy;
  media: MediaConfig;
  /**
   * NOW: the instant the app's clock reads when the process starts (it runs on from there);
   * null: the real clock (server/clock.ts).
   */
  now: Date | null;
};

/** Where uploaded files live, and how large each kind may be. */
export type MediaConfig = {
  /** Local disk under DATA_DIR/media by default; S3-compatible object storage when MEDIA_S3_BUCKET is set. */
  storage:
    | { kind: 'local'; dir: string }
    | { kind: 's3'; bucket: string; prefix: string; endpoint: string | null; region: string; forcePathStyle: boolean };
  /** Largest file of each kind, in kB of 1000 bytes (spec §5 size rule). */
  maxKb: Record<UploadKind, number>;
  /** How long a signed address of a paid video, captions or reproducible file lasts, in seconds (server/media/signed-urls.ts). */
  signedUrlTtlSeconds: number;
};

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd = process.cwd(), cores: number = availableParallelism()): Config {
  const problems: string[] = [];
  const str = (name: string, fallback: string) => {
    const v = env[name];
    return v === undefined || v === '' ? fallback : v;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, fallback: string, protocols = ['http:', 'https:']) => {
    const raw = str(name, fallback);
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${raw}")`);
    } catch {
      problems.push(`${name} must be a URL (got "${raw}")`);
    }
    return raw;
  };

  const port = int('PORT', 3000, 1, 65535);
  const host = str('HOST', '0.0.0.0');
  const publicUrl = url('PUBLIC_URL', `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = resolve(cwd, str('DATA_DIR', './data'));

  const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
  const logLevel = str('LOG_LEVEL', 'info') as Config['logLevel'];
  if (!logLevels.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${logLevel}")`);

  const databaseUrl = env.DATABASE_URL;
  if (databaseUrl) url('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']);
  const database = databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'pglite') };

  const origins = (name: string) => {
    const list = str(name, '')
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean);
    for (const o of list) {
      try {
        if (new URL(o).origin !== o) problems.push(`${name} entries must be bare origins like https://app.example.org (got "${o}")`);
      } catch {
        problems.push(`${name} entries must be origins (got "${o}")`);
      }
    }
    return list;
  };
  const allowedOrigins = origins('ALLOWED_ORIGINS');
  const vendorOrigins = origins('VENDOR_ORIGINS');

  // Local tokens are signed with a secret; without one we keep a random secret in the data
  // directory so tokens survive restarts on a developer's machine.
  let secret: Uint8Array;
  const secretRaw = env.LOCAL_TOKEN_SECRET;
  if (secretRaw) {
    if (secretRaw.length < 32) problems.push('LOCAL_TOKEN_SECRET must be at least 32 characters');
    secret = new TextEncoder().encode(secretRaw);
  } else if (env.NODE_ENV === 'production') {
    problems.push('LOCAL_TOKEN_SECRET is required when NODE_ENV=production');
    secret = new Uint8Array();
  } else {
    secret = developmentSecret(dataDir);
  }

  const authDomain = env.AUTH0_DOMAIN ? url('AUTH0_DOMAIN', env.AUTH0_DOMAIN).replace(/\/$/, '') : publicUrl;
  const embedded = !env.AUTH0_DOMAIN;
  const provider = {
    issuer: `${authDomain}/`,
    audience: url('AUTH0_AUDIENCE', `${publicUrl}/api`, ['http:', 'https:', 'urn:']),
    clientId: str('AUTH0_CLIENT_ID', 'educator-learning-spa'),
    jwksUrl: url('AUTH0_JWKS_URL', `${authDomain}/.well-known/jwks.json`),
    embedded,
    // Short: a provider access token is a bearer credential for its whole life. Ten minutes,
    // renewed silently with the refresh token.
    accessTokenTtl: int('PROVIDER_ACCESS_TOKEN_TTL', 600, 60, 86400),
    domains: str('PROVIDER_DOMAINS', '')
      .split(',')
      .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean),
  };

  const redisUrl = env.REDIS_URL ? url('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']) : null;
  // One process per core on PostgreSQL when Redis holds what the processes share; PGlite
  // allows one process per data directory, and without Redis each process would keep its own
  // sign-in sessions and rate limits.
  const webConcurrency = int('WEB_CONCURRENCY', databaseUrl && redisUrl ? Math.max(1, cores) : 1, 1, 256);
  if (webConcurrency > 1 && env.WEB_CONCURRENCY) {
    if (!databaseUrl) problems.push(`WEB_CONCURRENCY=${webConcurrency} needs PostgreSQL (DATABASE_URL): the embedded PGlite database allows one process per data directory`);
    if (!redisUrl) problems.push(`WEB_CONCURRENCY=${webConcurrency} needs REDIS_URL: the processes share sign-in sessions and rate limits through Redis`);
  }

  const nowRaw = str('NOW', '');
  const now = nowRaw ? parseInstant(nowRaw) : null;
  if (nowRaw && !now) problems.push(`NOW must be an ISO 8601 instant with its time zone, like 2026-11-25T15:00:00Z (got "${nowRaw}")`);

  const smtpUrl = env.SMTP_URL ? url('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']) : null;

  const config: Config = {
    host,
    port,
    publicUrl,
    allowedOrigins: [publicUrl, ...allowedOrigins.filter((o) => o !== publicUrl)],
    vendorOrigins,
    logLevel,
    database,
    dataDir,
    seedOnStart: bool('SEED_ON_START', true),
    staticDir: resolve(cwd, str('STATIC_DIR', './dist')),
    localTokens: { secret, issuer: str('LOCAL_TOKEN_ISSUER', `${publicUrl}/local`), ttlSeconds: int('LOCAL_TOKEN_TTL', 3600, 60, 86400) },
    provider,
    mail: { from: str('MAIL_FROM', 'Educator Learning <no-reply@example.org>'), smtpUrl, outboxDir: join(dataDir, 'outbox') },
    billing: {
      amountCents: int('SUBSCRIPTION_AMOUNT', 149, 0, 100000) * 100,
      currency: str('SUBSCRIPTION_CURRENCY', 'USD'),
      trialDays: int('TRIAL_DAYS', 14, 0, 365),
      gateway: 'sandbox',
      trialReminderIntervalMs: int('TRIAL_REMINDER_INTERVAL', 60, 0, 24 * 60) * 60_000,
    },
    rosterPullIntervalMs: int('ROSTER_PULL_INTERVAL', 60, 0, 24 * 60) * 60_000,
    rateLimit: {
      signInPerMinute: int('RATE_LIMIT_SIGN_IN', 10, 1, 100000),
      enabled: bool('RATE_LIMIT_ENABLED', true),
      signIn: {
        failuresBeforeWait: int('RATE_LIMIT_SIGN_IN_FAILURES', 5, 1, 1000),
        attemptsPerAddress: int('RATE_LIMIT_SIGN_INS_PER_ADDRESS', 1000, 1, 10_000_000),
        failuresPerAddress: int('RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS', 100, 1, 10_000_000),
      },
      beaconsPerAddressPerMinute: int('RATE_LIMIT_BEACONS_PER_ADDRESS', 1200, 1, 10_000_000),
      eventsPerUserPerHour: int('RATE_LIMIT_EVENTS_PER_USER', 1200, 1, 10_000_000),
      pageViewsPerUserPerHour: int('RATE_LIMIT_PAGE_VIEWS_PER_USER', 600, 1, 10_000_000),
    },
    redisUrl,
    redisPrefix: str('REDIS_PREFIX', 'elp:'),
    webConcurrency,
    passwordChecks: {
      atOnce: int('PASSWORD_CHECKS_AT_ONCE', Math.max(1, Math.floor(cores / 2 / webConcurrency)), 1, 256),
      maxWaiting: int('PASSWORD_CHECKS_WAITING', 1000, 0, 1_000_000),
    },
    shutdown: { delayMs: int('SHUTDOWN_DELAY', 0, 0, 300) * 1000, timeoutMs: int('SHUTDOWN_TIMEOUT', 10, 1, 3600) * 1000 },
    growthbook: {
      clientKey: str('GROWTHBOOK_CLIENT_KEY', 'sdk-local'),
      featuresFile: resolve(cwd, str('FEATURES_FILE', './server/flags/features.json')),
    },
    trustProxy: trustProxy(str('TRUST_PROXY', 'false'), problems),
    media: {
      storage: env.MEDIA_S3_BUCKET
        ? {
            kind: 's3',
            bucket: env.MEDIA_S3_BUCKET,
            prefix: str('MEDIA_S3_PREFIX', '').replace(/^\/+/, ''),
            endpoint: env.MEDIA_S3_ENDPOINT ? url('MEDIA_S3_ENDPOINT', env.MEDIA_S3_ENDPOINT) : null,
            region: str('MEDIA_S3_REGION', str('AWS_REGION', 'us-east-1')),
            forcePathStyle: bool('MEDIA_S3_FORCE_PATH_STYLE', Boolean(env.MEDIA_S3_ENDPOINT)),
          }
        : { kind: 'local', dir: join(dataDir, 'media') },
      // Videos up to 500 MB, captions 1 MB, posters 5 MB, reproducible files 50 MB.
      maxKb: {
        video: int('UPLOAD_MAX_VIDEO_KB', 500_000, 1, 50_000_000),
        captions: int('UPLOAD_MAX_CAPTIONS_KB', 1_000, 1, 50_000_000),
        poster: int('UPLOAD_MAX_POSTER_KB', 5_000, 1, 50_000_000),
        reproducible: int('UPLOAD_MAX_REPRODUCIBLE_KB', 50_000, 1, 50_000_000),
      },
      // Six hours: a long video watched with pauses and seeks, without a new address.
      signedUrlTtlSeconds: int('MEDIA_URL_TTL', 6 * 3600, 60, 7 * 24 * 3600),
    },
    now,
  };
  if (env.MEDIA_S3_BUCKET && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(env.MEDIA_S3_BUCKET))
    problems.push(`MEDIA_S3_BUCKET must be an S3 bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got "${env.MEDIA_S3_BUCKET}")`);
  const gateway = str('PAYMENT_GATEWAY', 'sandbox');
  if ((PAYMENT_GATEWAY_NAMES as readonly string[]).includes(gateway)) config.billing.gateway = gateway as PaymentGatewayName;
  else problems.push(`PAYMENT_GATEWAY must be ${PAYMENT_GATEWAY_NAMES.map((n) => `"${n}"`).join(' or ')} (the adapters of server/gateways.ts; got "${gateway}")`);
  if (!/^[A-Z]{3}$/.test(config.billing.currency)) problems.push('SUBSCRIPTION_CURRENCY must be a 3-letter ISO code like USD');

  if (problems.length) throw new ConfigError(problems);
  return config;
}

/**
 * TRUST_PROXY: `false` (or 0), a number of proxies, or their addresses. `true` is refused: it would
 * take the left-most X-Forwarded-For address, which the client writes itself.
 */
function trustProxy(raw: string, problems: string[]): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) {
    problems.push(
      `TRUST_PROXY=${raw} would believe any X-Forwarded-For a client writes: give the number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8)`,
    );
    return false;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrRange)) return entries;
  problems.push(`TRUST_PROXY must be false, a number of proxies from 1 to 10, or their IP addresses or CIDR ranges separated by commas (got "${raw}")`);
  return false;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

function developmentSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'local-token-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
