import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { isDatabaseOutage } from '../../server/db/client.ts';
import { serializeError } from '../../server/logging.ts';
import { readsTriedTwice } from '../../server/plugins/api.ts';
import { describeError } from '../../server/plugins/validation.ts';
import { memoryLimiter, redisLimiter } from '../../server/services/limits.ts';
import type { Redis } from 'ioredis';

// What keeps the server up and honest while PostgreSQL or Redis is away for a moment:
// server/db/client.ts, server/plugins/{api,validation}.ts, server/services/limits.ts, server/logging.ts.

/** An error as the pg driver gives it (a SQLSTATE or a socket code), wrapped by drizzle as its cause. */
const driverError = (fields: { code?: string; message: string }) => Object.assign(new Error(fields.message), fields.code ? { code: fields.code } : {});
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('a database outage', () => {
  it('is told from a bad query by its SQLSTATE, socket code or driver message, however it is wrapped', () => {
    for (const outage of [
      driverError({ code: '57P01', message: 'terminating connection due to administrator command' }),
      driverError({ code: '57P03', message: 'the database system is starting up' }),
      driverError({ code: '08006', message: 'connection failure' }),
      driverError({ code: '53300', message: 'sorry, too many clients already' }),
      driverError({ code: '58030', message: 'could not write to file: Device or resource busy' }),
      driverError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }),
      driverError({ message: 'Connection terminated unexpectedly' }),
      driverError({ message: 'timeout exceeded when trying to connect' }),
      Object.assign(new AggregateError([driverError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED ::1:5432' })]), { message: '' }),
    ]) {
      expect(isDatabaseOutage(outage), outage.message).toBe(true);
      expect(isDatabaseOutage(wrapped(outage)), outage.message).toBe(true);
    }
    for (const fault of [
      driverError({ code: '23505', message: 'duplicate key value violates unique constraint' }),
      driverError({ code: '42P01', message: 'relation "x" does not exist' }),
      driverError({ code: '57014', message: 'canceling statement due to statement timeout' }),
      new Error('Cannot use a pool after calling end on the pool'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ]) {
      expect(isDatabaseOutage(wrapped(fault)), fault.message).toBe(false);
    }
  });

  it('is answered 503 SERVICE_UNAVAILABLE with a message for the user, a bad query 500 with the generic one', () => {
    const outage = wrapped(driverError({ code: '57P01', message: 'terminating connection due to administrator command' }));
    expect(describeError(outage as never)).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable, please try again in a moment' });
    expect(describeError(wrapped(driverError({ code: '42P01', message: 'relation "x" does not exist' })) as never)).toEqual({
      status: 500,
      code: 'INTERNAL',
      message: 'Something went wrong, please try again later',
    });
  });
});

describe('reads tried twice', () => {
  const outage = () => wrapped(driverError({ message: 'Connection terminated unexpectedly' }));
  const call = async (method: string, handler: () => Promise<unknown>, reply: Partial<FastifyReply> = {}) => {
    const handlers = readsTriedTwice({ getProfile: handler } as never) as unknown as Record<string, (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>>;
    const request = { method, log: { info: () => {} } } as unknown as FastifyRequest;
    return handlers.getProfile!(request, { sent: false, raw: { headersSent: false }, ...reply } as unknown as FastifyReply);
  };

  it('runs a read once more when its first try met a lost connection', async () => {
    const handler = vi.fn().mockRejectedValueOnce(outage()).mockResolvedValueOnce({ ok: true });
    await expect(call('GET', handler)).resolves.toEqual({ ok: true });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('answers the second failure, and never runs a write, a bad query or a read already answering twice', async () => {
    const twice = vi.fn().mockRejectedValue(outage());
    await expect(call('GET', twice)).rejects.toThrow();
    expect(twice).toHaveBeenCalledTimes(2);
    for (const [method, error, reply] of [
      ['POST', outage(), {}],
      ['GET', new Error('relation "x" does not exist'), {}],
      ['GET', outage(), { raw: { headersSent: true } }],
    ] as const) {
      const handler = vi.fn().mockRejectedValue(error);
      await expect(call(method, handler, reply as never)).rejects.toThrow();
      expect(handler).toHaveBeenCalledTimes(1);
    }
  });
});

describe('limits while Redis is away', () => {
  const budget = { limit: 3, windowMs: 60_000 };
  const fakeRedis = (status: string, evalResult: () => Promise<unknown>) => ({ status, eval: vi.fn(evalResult) }) as unknown as Redis & { eval: ReturnType<typeof vi.fn> };

  it('count in the process instead, so a budget still ends, and go back to Redis once it answers', async () => {
    const away = fakeRedis('reconnecting', () => Promise.reject(new Error('Stream is not writeable')));
    const limiter = redisLimiter(away, 'p:', memoryLimiter());
    expect([await limiter.take('u', 2, budget), await limiter.take('u', 2, budget), await limiter.take('u', 1, budget)]).toEqual([2, 1, 0]);
    // Not even asked while it is known to be away.
    expect(away.eval).not.toHaveBeenCalled();

    const lostMidway = fakeRedis('ready', () => Promise.reject(new Error('Connection is closed.')));
    const second = redisLimiter(lostMidway, 'p:', memoryLimiter());
    expect([await second.take('u', 3, budget), await second.take('u', 1, budget)]).toEqual([3, 0]);

    const back = fakeRedis('ready', () => Promise.resolve(1));
    expect(await redisLimiter(back, 'p:').take('u', 1, budget)).toBe(1);
    expect(back.eval).toHaveBeenCalledTimes(1);
  });
});

describe('the log', () => {
  it('takes anything under `err`: a message string, a number, an error without a stack', () => {
    expect(serializeError('connect ECONNREFUSED 127.0.0.1:6379')).toEqual({ type: 'string', message: 'connect ECONNREFUSED 127.0.0.1:6379', stack: '' });
    expect(serializeError(42)).toMatchObject({ type: 'number', message: '42' });
    expect(serializeError(null)).toMatchObject({ type: 'object', message: 'null' });
    const error = Object.assign(new Error('Failed query: select $1\nparams: secret-token'), { query: 'select $1', code: '57P01' });
    expect(serializeError(error)).toMatchObject({ type: 'Error', message: 'Failed query: select $1\nparams: [redacted]', query: 'select $1', code: '57P01' });
  });
});
