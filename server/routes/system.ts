import { readFile, stat } from 'node:fs/promises';
import { HttpError, notFound } from '../errors.ts';
import { redisReady } from '../redis.ts';
import type { Context, Handlers } from './types.ts';

type SystemOps = 'getHealth' | 'getReadiness' | 'getFeatures';

export function systemHandlers({ repos, isReady, config, redis }: Context): Handlers<SystemOps> {
  let features: { mtimeMs: number; payload: { features: Record<string, unknown>; dateUpdated: Date } } | null = null;

  return {
    async getHealth() {
      return { status: 'ok' };
    },

    async getReadiness() {
      if (!isReady()) throw new HttpError(503, 'NOT_READY', 'The server is still starting');
      try {
        await repos.ping();
      } catch {
        throw new HttpError(503, 'NOT_READY', 'The database is not reachable');
      }
      // Redis away is not a reason to stop sending requests here: everything but the embedded
      // provider's sign-in carries on (server/redis.ts).
      if (!redis) return { status: 'ok', dependencies: { database: 'ok' as const } };
      const up = redisReady(redis);
      return { status: up ? 'ok' : 'degraded', dependencies: { database: 'ok' as const, redis: up ? ('ok' as const) : ('unavailable' as const) } };
    },

    async getFeatures(request) {
      if (request.params.clientKey !== config.growthbook.clientKey) throw notFound('Unknown client key', 'UNKNOWN_CLIENT_KEY');
      const info = await stat(config.growthbook.featuresFile);
      if (!features || features.mtimeMs !== info.mtimeMs) {
        const parsed = JSON.parse(await readFile(config.growthbook.featuresFile, 'utf8')) as { features: Record<string, unknown> };
        features = { mtimeMs: info.mtimeMs, payload: { features: parsed.features, dateUpdated: info.mtime } };
      }
      return { status: 200, ...features.payload };
    },
  };
}
