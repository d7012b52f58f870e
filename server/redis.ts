import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Redis answers right now: commands are sent to it, not refused at once. */
export const redisReady = (redis: Redis | null): redis is Redis => redis?.status === 'ready';

/** How long a client is told to wait (Retry-After, seconds) while Redis is away. */
export const REDIS_RETRY_AFTER_S = 2;

/**
 * The Redis client, once connected: the embedded provider reads its signing keys there at start,
 * so a server that cannot reach it within `timeoutMs` does not start. Afterwards Redis may go
 * away at any time and the process carries on: commands fail at once while it is away (no offline
 * queue), rate limits count in this process (server/services/limits.ts, plugins/security.ts,
 * auth/sign-in-throttle.ts), the embedded provider answers 503 (auth/provider/provider.ts), and
 * the client reconnects on its own (every 50 ms more, at most 2 s apart). Each outage is logged once when it starts and once
 * when it ends, never per request.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger, timeoutMs = 10_000): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  let lastError = '';
  let wasReady = false;
  let down = false;
  const lost = (reason: string) => {
    if (!wasReady || down) return;
    down = true;
    log.warn({ reason }, 'redis unavailable: rate limits count in each process, sign-in through the embedded provider answers 503 until it is back');
  };
  redis.on('error', (err: unknown) => {
    lastError = err instanceof Error ? err.message : String(err);
    lost(lastError);
  });
  // Closed for good ('end') is this server shutting down, not an outage.
  redis.on('close', () => redis.status !== 'end' && lost('connection closed'));
  redis.on('ready', () => {
    lastError = '';
    wasReady = true;
    if (down) log.info('redis available again: rate limits and provider sessions are shared again');
    down = false;
  });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`REDIS_URL: Redis did not answer within ${timeoutMs / 1000} s (${lastError || 'no connection'})`)), timeoutMs).unref());
  const ready = new Promise<void>((resolve) => redis.once('ready', resolve));
  // A refused first attempt is retried by the client (with a back-off) until the timeout.
  redis.connect().catch(() => {});
  try {
    await Promise.race([ready, timeout]);
  } catch (err) {
    redis.disconnect();
    throw err;
  }
  return redis;
}
