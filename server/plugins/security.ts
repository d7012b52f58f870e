import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import compress from '@fastify/compress';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { OperationId } from '../contract.ts';
import { HttpError } from '../errors.ts';
import { appWide } from './app-wide.ts';

/**
 * Operations that create accounts or send e-mails: limited per client address. Password sign-ins
 * are throttled per account and per address instead (server/auth/sign-in-throttle.ts).
 */
const SIGN_IN: ReadonlySet<OperationId> = new Set(['startDemo', 'startDemoSession', 'register', 'verifyEmail', 'sendVerificationEmail']);
/**
 * What a page sends on its own, many times a minute, and the sign-in form's question before every
 * sign-in (a school's staff behind one address signs in at once; the answer reveals nothing but
 * the configuration): limited per address, more generously.
 */
const BEACONS: ReadonlySet<OperationId> = new Set(['recordLearnerEvents', 'recordPageView', 'authorizeEmail']);

/** Response headers for every route (a strict content security policy), compression, and sign-in rate limits. */
export const security = (config: Config, redis: Redis | null = null) =>
  appWide('security', async (app: FastifyInstance) => {
    const providerOrigin = new URL(config.provider.issuer).origin;
    const selfOrigin = new URL(config.publicUrl).origin;
    const extra = (origin: string) => (origin === selfOrigin ? [] : [origin]);
    // The survey's script and widget and the analytics' calls come from their vendors (VENDOR_ORIGINS).
    const vendors = config.vendorOrigins;
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...vendors],
          styleSrc: ["'self'", ...vendors],
          imgSrc: ["'self'", 'data:', 'blob:', ...vendors],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", ...vendors],
          connectSrc: ["'self'", ...extra(providerOrigin), ...vendors],
          frameSrc: ["'self'", ...extra(providerOrigin), ...vendors],
          frameAncestors: ["'none'"],
          formAction: ["'self'", ...extra(providerOrigin)],
          // auth0-spa-js runs its refresh-token worker from a blob: URL it creates itself.
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: config.publicUrl.startsWith('https:'),
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // On the raw response, as helmet does: the identity provider writes some of its pages itself.
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
    await app.register(compress, { threshold: 1024 });

    // Runs before the rate-limit plugin's own onRoute hook reads the route's config.
    app.addHook('onRoute', (route) => {
      const operationId = (route.schema as { operationId?: OperationId } | undefined)?.operationId;
      if (!operationId || !config.rateLimit.enabled) return;
      const max = SIGN_IN.has(operationId) ? config.rateLimit.signInPerMinute : BEACONS.has(operationId) ? config.rateLimit.beaconsPerAddressPerMinute : null;
      if (max !== null) route.config = { ...(route.config ?? {}), rateLimit: { max, timeWindow: '1 minute' } };
    });
    await app.register(rateLimit, {
      global: false,
      // Shared by every process when Redis is configured; while it is away each process counts
      // on its own (a Redis outage must neither sign everyone out nor lift the limits).
      ...(redis ? { store: sharedOrLocalStore(redis, `${config.redisPrefix}rate:`) } : {}),
      errorResponseBuilder: (_req, context) =>
        Object.assign(new HttpError(429, 'RATE_LIMITED', `Too many attempts, please try again in ${context.after}`), {
          statusCode: 429,
        }),
    });
  });

type StoreParams = { continueExceeding?: boolean; exponentialBackoff?: boolean };
type StoreCtor<Extra extends unknown[]> = new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, ...extra: Extra) => FastifyRateLimitStore;
// The plugin's own stores (it exports neither): counts in Redis, and counts in this process.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor<[redis: Redis, key: string]>;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor<[]>;

/**
 * Counts in Redis while it answers, in this process's memory while it does not (its outage is
 * logged once by the connection, server/redis.ts). Each route gets a child of both.
 */
function sharedOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class SharedOrLocalStore implements FastifyRateLimitStore {
    private readonly shared: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;
    constructor(params: StoreParams, stores?: { shared: FastifyRateLimitStore; local: FastifyRateLimitStore }) {
      this.shared = stores?.shared ?? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }
    incr(key: string, done: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
      if (redis.status !== 'ready') return this.local.incr(key, done, timeWindow, max);
      this.shared.incr(key, (err, result) => (err ? this.local.incr(key, done, timeWindow, max) : done(null, result)), timeWindow, max);
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new SharedOrLocalStore(routeOptions as StoreParams, { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) });
    }
  }
  return SharedOrLocalStore;
}

/**
 * The headers helmet sets for these options, worked out once. (@fastify/helmet built helmet's
 * middleware again for every request, parsing the content security policy each time: about 2 %
 * of the server's CPU in the journey load test.) None of the options depends on the request.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
}
