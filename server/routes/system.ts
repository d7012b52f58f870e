import { HttpError } from '../errors.ts';
import { redisReady } from '../redis.ts';
import { defineRoutes } from './types.ts';

export default defineRoutes('system', ({ repos, isReady, redis }) => {
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
  };
});
