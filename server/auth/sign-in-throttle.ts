import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import { clock } from '../clock.ts';
import { HttpError } from '../errors.ts';

/**
 * Password sign-ins, throttled per account and per address (docs/decisions.md, "Throttling that
 * protects accounts, not addresses"):
 *
 * - an account waits after `failuresBeforeWait` failures in a row from one address, or four times
 *   as many from every address together: 1 minute, doubling with each further failure, at most
 *   15 minutes. A failure counts in the streak while it comes within 15 minutes of the previous one
 *   (or of the end of the wait it caused); the right password ends the streak. An attempt refused
 *   while it waits is not checked and not counted, so the wait never grows beyond 15 minutes and
 *   the right password works once it is over;
 * - an address may try `attemptsPerAddress` sign-ins in 10 minutes (a school's staff behind one
 *   NAT) and fail `failuresPerAddress` of them in an hour (a password spray, one guess per account).
 *   Both are leaky buckets: the budget comes back evenly over its period, with no window edge to
 *   burst at.
 *
 * An attempt is counted as a failure when it starts and taken back when the password proves right,
 * so guesses sent at once cannot all pass before the first of them fails. The counts live in Redis
 * (one script per step, atomic) while it answers, shared by every server process; in this process's
 * memory while it does not (server/redis.ts logs the outage). Times are the app's clock
 * (server/clock.ts): only their differences matter, and tests move it past a wait.
 */
export type SignInLimits = { failuresBeforeWait: number; attemptsPerAddress: number; failuresPerAddress: number };

export type SignInThrottle = {
  /**
   * Runs `check` (a password check answering the account, or null when the e-mail or the password
   * is wrong) unless the account or the address must wait first: then throws 429 RATE_LIMITED
   * with `retryAfterS`. An error thrown by `check` (the checks busy, the database away) counts as
   * neither a failure nor a success.
   */
  attempt<T>(email: string, address: string, check: () => Promise<T | null>): Promise<T | null>;
};

/** Failures from every address together that make an account wait, as a multiple of those from one. */
const ACCOUNT_FAILURES_FACTOR = 4;
const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 15 * 60_000;
/** A streak of failures ends after this long without one (counted from the end of its wait). */
const STREAK_QUIET_MS = 15 * 60_000;
const ATTEMPTS_PERIOD_MS = 10 * 60_000;
const FAILURES_PERIOD_MS = 60 * 60_000;

type Keys = { pair: string; account: string; attempts: string; failures: string };
/** Why and how long an attempt must wait; null: it may go ahead (and is counted). */
type Wait = { waitMs: number; reason: 'account' | 'address' } | null;
type Outcome = 'success' | 'release';
type Settings = {
  thresholds: [pair: number, account: number];
  buckets: [attempts: { capacity: number; periodMs: number }, failures: { capacity: number; periodMs: number }];
};

type Store = {
  begin(keys: Keys, now: number, settings: Settings): Promise<Wait>;
  settle(keys: Keys, now: number, outcome: Outcome, settings: Settings): Promise<void>;
};

export function createSignInThrottle(options: { limits: SignInLimits; redis?: Redis | null; prefix?: string; now?: () => number }): SignInThrottle {
  const { limits, redis = null, prefix = 'elp:', now = clock.ms } = options;
  const settings: Settings = {
    thresholds: [limits.failuresBeforeWait, limits.failuresBeforeWait * ACCOUNT_FAILURES_FACTOR],
    buckets: [
      { capacity: limits.attemptsPerAddress, periodMs: ATTEMPTS_PERIOD_MS },
      { capacity: limits.failuresPerAddress, periodMs: FAILURES_PERIOD_MS },
    ],
  };
  const local = memoryStore();
  const store = redis ? sharedOrLocal(redisStore(redis), local, redis) : local;
  // Whole seconds, as Retry-After counts: a wait of 60 s says 60, not 61 for the milliseconds
  // between two readings.
  const second = () => Math.floor(now() / 1000) * 1000;
  return {
    async attempt(email, address, check) {
      const keys = keysFor(`${prefix}signin:`, email, address);
      const wait = await store.begin(keys, second(), settings);
      if (wait) throw tooManyAttempts(wait);
      let result: Awaited<ReturnType<typeof check>>;
      try {
        result = await check();
      } catch (error) {
        await store.settle(keys, second(), 'release', settings);
        throw error;
      }
      if (result !== null) await store.settle(keys, second(), 'success', settings);
      return result;
    },
  };
}

function tooManyAttempts(wait: NonNullable<Wait>): HttpError {
  const seconds = Math.max(1, Math.ceil(wait.waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const message = wait.reason === 'account' ? `Too many failed sign-ins for this account, please try again in ${when}` : `Too many sign-in attempts from your network, please try again in ${when}`;
  return new HttpError(429, 'RATE_LIMITED', message, seconds);
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/** The e-mail as it signs in (never stored as such: a digest), and the address as budgets see it. */
function keysFor(base: string, email: string, address: string): Keys {
  const account = digest(email.trim().toLowerCase());
  const from = addressKey(address);
  return { pair: `${base}p:${account}:${from}`, account: `${base}a:${account}`, attempts: `${base}n:${from}`, failures: `${base}f:${from}` };
}

/**
 * IPv4 addresses as they are; IPv6 ones by their /64, the block one household or one office
 * gets (taking a new address inside it costs nothing).
 */
export function addressKey(address: string): string {
  const ip = address.replace(/%.*$/, '');
  if (isIPv4(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

// ─────────────────────────────── in this process ───────────────────────────────

/** Failures in the streak, when its wait ends (or its last failure), and that before the last attempt (to take it back). */
type Streak = { n: number; until: number; before: number };
type Bucket = { level: number; at: number };

/** The same steps as the Redis scripts below, on a map swept as its entries lapse. */
function memoryStore(): Store {
  const streaks = new Map<string, Streak & { expires: number }>();
  const buckets = new Map<string, Bucket & { expires: number }>();
  let lastSweep = -Infinity;
  const sweep = (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const map of [streaks, buckets]) for (const [key, entry] of map) if (entry.expires <= now) map.delete(key);
  };
  const streakOf = (key: string, now: number): Streak => {
    const s = streaks.get(key);
    return !s || now >= s.until + STREAK_QUIET_MS ? { n: 0, until: 0, before: 0 } : s;
  };
  const levelOf = (key: string, now: number, { capacity, periodMs }: { capacity: number; periodMs: number }) => {
    const b = buckets.get(key);
    return b ? Math.max(0, b.level - (Math.max(0, now - b.at) * capacity) / periodMs) : 0;
  };
  return {
    async begin(keys, now, { thresholds, buckets: budgets }) {
      sweep(now);
      const pair = [streakOf(keys.pair, now), streakOf(keys.account, now)] as const;
      const levels = [levelOf(keys.attempts, now, budgets[0]), levelOf(keys.failures, now, budgets[1])] as const;
      let wait: Wait = null;
      // Only a streak long enough waits: `until` is otherwise its last failure, which another
      // process's clock (or this one, set back) may see a moment ahead.
      pair.forEach((s, i) => {
        if (s.n >= thresholds[i]! && now < s.until && s.until - now > (wait?.waitMs ?? 0)) wait = { waitMs: s.until - now, reason: 'account' };
      });
      levels.forEach((level, i) => {
        const { capacity, periodMs } = budgets[i]!;
        const over = level + 1 - capacity;
        const waitMs = over > 0 ? Math.ceil((over * periodMs) / capacity) : 0;
        if (waitMs > (wait?.waitMs ?? 0)) wait = { waitMs, reason: 'address' };
      });
      if (wait) return wait;
      [keys.pair, keys.account].forEach((key, i) => {
        const n = pair[i]!.n + 1;
        const until = n >= thresholds[i]! ? now + Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(n - thresholds[i]!, 30)) : now;
        streaks.set(key, { n, until, before: pair[i]!.until, expires: until + STREAK_QUIET_MS });
      });
      [keys.attempts, keys.failures].forEach((key, i) => buckets.set(key, { level: levels[i]! + 1, at: now, expires: now + budgets[i]!.periodMs }));
      return null;
    },
    async settle(keys, now, outcome, { buckets: budgets }) {
      for (const key of [keys.pair, keys.account]) {
        const s = streaks.get(key);
        if (!s) continue;
        if (outcome === 'success') streaks.delete(key);
        else Object.assign(s, { n: Math.max(0, s.n - 1), until: s.before });
      }
      const b = buckets.get(keys.failures);
      if (b) Object.assign(b, { level: Math.max(0, levelOf(keys.failures, now, budgets[1]) - 1), at: now });
    },
  };
}

// ─────────────────────────────── in Redis ───────────────────────────────

// KEYS: pair and account streaks (n: failures, u: until, b: u before the last attempt), attempts
// and failures buckets (l: level, t: when).
// ARGV: now, pair and account thresholds, first and longest wait, quiet, then capacity and period
// of each bucket. Answers {0, 0} when the attempt may go ahead (and counts it), else {reason, wait}
// with reason 1 (account) or 2 (address).
const BEGIN = `
local now = tonumber(ARGV[1])
local firstWait, longestWait, quiet = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local wait, reason = 0, 0
local n, before, levels = {}, {}, {}
for i = 1, 2 do
  local s = redis.call('HMGET', KEYS[i], 'n', 'u')
  local count, untilMs = tonumber(s[1]) or 0, tonumber(s[2]) or 0
  if now >= untilMs + quiet then count = 0; untilMs = 0 end
  if count >= tonumber(ARGV[1 + i]) and now < untilMs and untilMs - now > wait then wait = untilMs - now; reason = 1 end
  n[i] = count
  before[i] = untilMs
end
for i = 3, 4 do
  local capacity, period = tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
  local b = redis.call('HMGET', KEYS[i], 'l', 't')
  local level = 0
  if b[1] then level = math.max(0, tonumber(b[1]) - math.max(0, now - tonumber(b[2])) * capacity / period) end
  local over = level + 1 - capacity
  if over > 0 then
    local w = math.ceil(over * period / capacity)
    if w > wait then wait = w; reason = 2 end
  end
  levels[i] = level
end
if wait > 0 then return {reason, wait} end
for i = 1, 2 do
  local count = n[i] + 1
  local threshold = tonumber(ARGV[1 + i])
  local untilMs = now
  if count >= threshold then untilMs = now + math.min(longestWait, firstWait * 2 ^ math.min(count - threshold, 30)) end
  redis.call('HSET', KEYS[i], 'n', count, 'u', untilMs, 'b', before[i])
  redis.call('PEXPIRE', KEYS[i], untilMs - now + quiet)
end
for i = 3, 4 do
  redis.call('HSET', KEYS[i], 'l', levels[i] + 1, 't', now)
  redis.call('PEXPIRE', KEYS[i], ARGV[2 * i + 2])
end
return {0, 0}
`;

// KEYS: pair and account streaks, failures bucket. ARGV: now, 's' (success: the streaks end) or
// 'r' (release: the attempt is taken back), the failures bucket's capacity and period.
const SETTLE = `
local now = tonumber(ARGV[1])
if ARGV[2] == 's' then
  redis.call('DEL', KEYS[1], KEYS[2])
else
  for i = 1, 2 do
    local s = redis.call('HMGET', KEYS[i], 'n', 'b')
    if s[1] then redis.call('HSET', KEYS[i], 'n', math.max(0, tonumber(s[1]) - 1), 'u', s[2]) end
  end
end
local b = redis.call('HMGET', KEYS[3], 'l', 't')
if b[1] then
  local capacity, period = tonumber(ARGV[3]), tonumber(ARGV[4])
  local level = math.max(0, tonumber(b[1]) - math.max(0, now - tonumber(b[2])) * capacity / period - 1)
  redis.call('HSET', KEYS[3], 'l', level, 't', now)
end
return 0
`;

function redisStore(redis: Redis): Store {
  return {
    async begin(keys, now, { thresholds, buckets }) {
      const [reason, waitMs] = (await redis.eval(
        BEGIN,
        4,
        keys.pair,
        keys.account,
        keys.attempts,
        keys.failures,
        now,
        thresholds[0],
        thresholds[1],
        FIRST_WAIT_MS,
        LONGEST_WAIT_MS,
        STREAK_QUIET_MS,
        buckets[0].capacity,
        buckets[0].periodMs,
        buckets[1].capacity,
        buckets[1].periodMs,
      )) as [number, number];
      return reason === 0 ? null : { waitMs, reason: reason === 1 ? 'account' : 'address' };
    },
    async settle(keys, now, outcome, { buckets }) {
      await redis.eval(SETTLE, 3, keys.pair, keys.account, keys.failures, now, outcome === 'success' ? 's' : 'r', buckets[1].capacity, buckets[1].periodMs);
    },
  };
}

/**
 * Redis while it answers, this process's memory while it does not: a Redis outage neither lifts
 * the limits nor refuses anybody because a counter could not be reached.
 */
function sharedOrLocal(shared: Store, local: Store, redis: Redis): Store {
  return {
    async begin(...args) {
      if (redis.status === 'ready') {
        try {
          return await shared.begin(...args);
        } catch {
          // Lost while asking: counted here until it is back.
        }
      }
      return local.begin(...args);
    },
    async settle(...args) {
      if (redis.status === 'ready') {
        try {
          return await shared.settle(...args);
        } catch {
          // As above.
        }
      }
      return local.settle(...args);
    },
  };
}
