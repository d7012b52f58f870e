import type { Redis } from 'ioredis';

// Fixed-window budgets for what clients may send (learner events, page views): per user and
// per address. In one process the counts live in memory; with REDIS_URL every process draws on
// the same counts, so N processes do not multiply a user's budget by N.

export type Budget = { limit: number; windowMs: number };

export type Limiter = {
  /** Takes up to `amount` from the budget of `key`; answers how much was granted (0..amount). */
  take(key: string, amount: number, budget: Budget): Promise<number>;
  close(): Promise<void>;
};

/** One process: counts in a map, swept as their windows end. */
export function memoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, { used: number; endsAt: number }>();
  let lastSweep = now();
  return {
    async take(key, amount, { limit, windowMs }) {
      const t = now();
      if (t - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.endsAt <= t) windows.delete(k);
        lastSweep = t;
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= t) windows.set(key, (window = { used: 0, endsAt: t + windowMs }));
      const granted = Math.max(0, Math.min(amount, limit - window.used));
      window.used += granted;
      return granted;
    },
    async close() {
      windows.clear();
    },
  };
}

// Atomic in Redis: add, start the window on first use, give back what went over the limit.
const TAKE = `
local used = redis.call('INCRBY', KEYS[1], ARGV[1])
if used == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
local over = used - tonumber(ARGV[2])
if over <= 0 then return tonumber(ARGV[1]) end
local refused = math.min(over, tonumber(ARGV[1]))
redis.call('DECRBY', KEYS[1], refused)
return tonumber(ARGV[1]) - refused
`;

/**
 * Shared by every process that uses the same Redis. While Redis is away, each process counts in
 * its own memory (`fallback`): a user's budget is then per process rather than shared, but never
 * unlimited, and nobody is refused because a counter could not be reached. The connection logs
 * the outage once (server/redis.ts).
 */
export function redisLimiter(redis: Redis, prefix = 'elp:limit:', fallback: Limiter = memoryLimiter()): Limiter {
  return {
    async take(key, amount, budget) {
      if (redis.status === 'ready') {
        try {
          return Number(await redis.eval(TAKE, 1, `${prefix}${key}`, amount, budget.limit, budget.windowMs));
        } catch {
          // Lost while asking: counted here like every request until it is back.
        }
      }
      return fallback.take(key, amount, budget);
    },
    async close() {
      // The connection belongs to whoever opened it.
      await fallback.close();
    },
  };
}
