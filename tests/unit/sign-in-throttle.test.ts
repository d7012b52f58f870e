import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, createSignInThrottle, type SignInLimits, type SignInThrottle } from '../../server/auth/sign-in-throttle.ts';
import { HttpError } from '../../server/errors.ts';

/**
 * The sign-in throttle's rules, in this process's memory and in Redis (127.0.0.1:6379, or
 * TEST_REDIS_URL, under a prefix of its own): the same steps must give the same answers. Time is
 * the throttle's own clock, moved by the test.
 */
const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DEFAULTS: SignInLimits = { failuresBeforeWait: 5, attemptsPerAddress: 1000, failuresPerAddress: 100 };
const MINUTE = 60_000;
const prefixes: string[] = [];
let redis: Redis;
let other: Redis;

beforeAll(async () => {
  redis = new Redis(url);
  other = new Redis(url);
  await Promise.all([redis.ping(), other.ping()]);
});

afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
  other.disconnect();
});

type Clock = { now: number };
type Make = (limits?: Partial<SignInLimits>) => { throttle: SignInThrottle; clock: Clock; again: () => SignInThrottle };

const stores: [string, Make][] = [
  [
    'in memory',
    (limits) => {
      const clock = { now: Date.UTC(2026, 10, 25, 8) };
      const throttle = createSignInThrottle({ limits: { ...DEFAULTS, ...limits }, now: () => clock.now });
      return { throttle, clock, again: () => throttle };
    },
  ],
  [
    'in Redis',
    (limits) => {
      const clock = { now: Date.UTC(2026, 10, 25, 8) };
      const prefix = `test-${randomUUID()}:`;
      prefixes.push(prefix);
      const make = (connection: Redis) => createSignInThrottle({ limits: { ...DEFAULTS, ...limits }, redis: connection, prefix, now: () => clock.now });
      // Another process: its own connection and its own memory, the same Redis.
      return { throttle: make(redis), clock, again: () => make(other) };
    },
  ],
];

const account = () => `teacher-${randomUUID().slice(0, 8)}@school.example.org`;

/** Tries once: the status the sign-in would answer, and Retry-After when refused. */
async function attempt(throttle: SignInThrottle, email: string, address: string, right: boolean): Promise<{ status: number; retryAfter?: number; message?: string; checked: boolean }> {
  let checked = false;
  try {
    const user = await throttle.attempt(email, address, async () => {
      checked = true;
      return right ? { email } : null;
    });
    return { status: user ? 200 : 401, checked };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, retryAfter: error.retryAfterS, message: error.message, checked };
  }
}

describe.each(stores)('sign-in throttle %s', (_name, make) => {
  it('lets an account fail 5 times from one address, then makes it wait 1, 2, 4, 8 and at most 15 minutes, and takes the right password after the wait', async () => {
    const { throttle, clock } = make();
    const email = account();
    for (let i = 0; i < 5; i++) expect((await attempt(throttle, email, '203.0.113.7', false)).status).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 7; round++) {
      const refused = await attempt(throttle, email, '203.0.113.7', true);
      expect(refused).toMatchObject({ status: 429, checked: false });
      expect(refused.message).toMatch(/^Too many failed sign-ins for this account, please try again in \d+ minutes?$/);
      waits.push(refused.retryAfter!);
      // Refused attempts are not counted: the wait is the same however often one asks.
      expect((await attempt(throttle, email, '203.0.113.7', false)).retryAfter).toBe(refused.retryAfter);
      clock.now += refused.retryAfter! * 1000;
      if (round < 6) expect((await attempt(throttle, email, '203.0.113.7', false)).status).toBe(401);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900]);

    // After the wait the right password works, and the streak is over.
    expect((await attempt(throttle, email, '203.0.113.7', true)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(throttle, email, '203.0.113.7', false)).status).toBe(401);
    expect((await attempt(throttle, email, '203.0.113.7', false)).status).toBe(429);
  });

  it('does not refuse a short streak when the next attempt reads a clock a moment behind (another machine, or this one set back)', async () => {
    const { throttle, clock } = make();
    const email = account();
    for (let i = 0; i < 4; i++) {
      expect((await attempt(throttle, email, '203.0.113.14', false)).status).toBe(401);
      clock.now -= 2000;
    }
    expect((await attempt(throttle, email, '203.0.113.14', false)).status).toBe(401);
    expect((await attempt(throttle, email, '203.0.113.14', false)).status).toBe(429);
  });

  it('forgets a streak after 15 minutes without a failure', async () => {
    const { throttle, clock } = make();
    const email = account();
    for (let i = 0; i < 4; i++) expect((await attempt(throttle, email, '203.0.113.8', false)).status).toBe(401);
    clock.now += 15 * MINUTE;
    for (let i = 0; i < 4; i++) expect((await attempt(throttle, email, '203.0.113.8', false)).status).toBe(401);
    clock.now += 15 * MINUTE - 1;
    expect((await attempt(throttle, email, '203.0.113.8', false)).status).toBe(401);
    expect((await attempt(throttle, email, '203.0.113.8', false)).status).toBe(429);
  });

  it('does not let a guesser at one address make the account wait elsewhere, until 20 failures come from several', async () => {
    const { throttle } = make();
    const email = account();
    for (let i = 0; i < 5; i++) await attempt(throttle, email, '198.51.100.66', false);
    expect((await attempt(throttle, email, '198.51.100.66', true)).status).toBe(429);
    // The teacher at school signs in meanwhile, which ends the account's streak (not the guesser's).
    expect((await attempt(throttle, email, '203.0.113.9', true)).status).toBe(200);
    expect((await attempt(throttle, email, '198.51.100.66', true)).status).toBe(429);

    const other = account();
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      for (let i = 0; i < 5; i++) expect((await attempt(throttle, other, address, false)).status).toBe(401);
    }
    const refused = await attempt(throttle, other, '203.0.113.9', true);
    expect(refused).toMatchObject({ status: 429, retryAfter: 60, checked: false });
  });

  it('counts guesses sent at once before any of them fails', async () => {
    const { throttle } = make();
    const email = account();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const checks: number[] = [];
    const guesses = Array.from({ length: 12 }, (_, i) =>
      throttle
        .attempt(email, '203.0.113.10', async () => {
          checks.push(i);
          await held;
          return null;
        })
        .then(
          () => 401,
          (error: HttpError) => error.statusCode,
        ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const statuses = await Promise.all(guesses);
    expect(checks).toHaveLength(5);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('takes back an attempt whose check failed (the checks busy), counting it neither way', async () => {
    const { throttle } = make();
    const email = account();
    for (let i = 0; i < 4; i++) await attempt(throttle, email, '203.0.113.11', false);
    for (let i = 0; i < 3; i++) {
      await expect(throttle.attempt(email, '203.0.113.11', () => Promise.reject(new HttpError(503, 'BUSY', 'busy')))).rejects.toMatchObject({ statusCode: 503 });
    }
    expect((await attempt(throttle, email, '203.0.113.11', false)).status).toBe(401);
    expect((await attempt(throttle, email, '203.0.113.11', false)).status).toBe(429);
  });

  it('lets 500 teachers behind one address sign in, and stops a spray of one guess per account after 100 failures', async () => {
    const { throttle, clock, again } = make();
    for (let i = 0; i < 500; i++) expect((await attempt(i % 2 ? again() : throttle, account(), '192.0.2.50', true)).status).toBe(200);
    // A few typing mistakes among them cost nothing.
    for (let i = 0; i < 20; i++) expect((await attempt(throttle, account(), '192.0.2.50', false)).status).toBe(401);

    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await attempt(i % 2 ? again() : throttle, account(), '192.0.2.51', false)).status);
    expect(statuses).toEqual(Array(100).fill(401));
    const refused = await attempt(again(), account(), '192.0.2.51', true);
    expect(refused).toMatchObject({ status: 429, retryAfter: 36, checked: false });
    expect(refused.message).toBe('Too many sign-in attempts from your network, please try again in 36 seconds');
    // The budget comes back at 100 an hour: one more guess every 36 s.
    clock.now += 36_000;
    expect((await attempt(throttle, account(), '192.0.2.51', false)).status).toBe(401);
    expect((await attempt(throttle, account(), '192.0.2.51', false)).status).toBe(429);
  });

  it('limits every sign-in from one address to its budget for 10 minutes', async () => {
    const { throttle, clock } = make({ attemptsPerAddress: 20 });
    for (let i = 0; i < 20; i++) expect((await attempt(throttle, account(), '192.0.2.60', true)).status).toBe(200);
    expect(await attempt(throttle, account(), '192.0.2.60', true)).toMatchObject({ status: 429, retryAfter: 30 });
    clock.now += 30_000;
    expect((await attempt(throttle, account(), '192.0.2.60', true)).status).toBe(200);
  });

  it('shares the counts between processes', async () => {
    const { throttle, again } = make();
    const email = account();
    for (let i = 0; i < 5; i++) await attempt(i % 2 ? again() : throttle, email, '203.0.113.12', false);
    expect((await attempt(again(), email, '203.0.113.12', true)).status).toBe(429);
    expect((await attempt(throttle, email, '203.0.113.12', true)).status).toBe(429);
  });
});

describe('sign-in throttle while Redis is away', () => {
  it('counts in this process instead, never refusing for want of Redis nor lifting the limits', async () => {
    const away = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false });
    const throttle = createSignInThrottle({ limits: DEFAULTS, redis: away, prefix: 'away:', now: () => 0 });
    const email = account();
    for (let i = 0; i < 5; i++) expect((await attempt(throttle, email, '203.0.113.13', false)).status).toBe(401);
    expect((await attempt(throttle, email, '203.0.113.13', true)).status).toBe(429);
    away.disconnect();
  });
});

describe('addresses', () => {
  it('takes IPv4 as it is and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
