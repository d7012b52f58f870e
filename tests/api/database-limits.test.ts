import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rows, type Database } from '../../server/db/client.ts';
import { validation } from '../../server/plugins/validation.ts';
import { cloneDatabase } from '../support/postgres.ts';

/**
 * What the server's PostgreSQL connections are set up with (server/db/client.ts): JIT off, and a
 * statement timeout after which a request's query is cancelled and answered 503, not 500 and not
 * a connection held for minutes. PGlite has neither, so these run on PostgreSQL only.
 */
const template = inject('dbTemplate');

describe.runIf(template.kind === 'postgres')('PostgreSQL connections of the server', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    const clone = await cloneDatabase(template.url, template.template);
    drop = clone.drop;
    database = await openDatabase({ url: clone.url, poolSize: 2, statementTimeoutMs: 300 });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('runs without JIT and with the statement timeout it was given', async () => {
    const [settings] = await rows<{ jit: string; timeout: string }>(database.db, sql`select current_setting('jit') as jit, current_setting('statement_timeout') as timeout`);
    expect(settings).toEqual({ jit: 'off', timeout: '300ms' });
  });

  it('cancels a query past the timeout, and the API answers 503 BUSY with the error body', async () => {
    const app = Fastify({ logger: false });
    await app.register(validation);
    app.get('/slow', async () => rows(database.db, sql`select pg_sleep(2)`));
    app.get('/quick', async () => rows(database.db, sql`select 1 as one`));
    try {
      const started = Date.now();
      const slow = await app.inject({ method: 'GET', url: '/slow' });
      expect(Date.now() - started).toBeLessThan(1900);
      expect(slow.statusCode).toBe(503);
      expect(slow.json()).toEqual({ error: { code: 'BUSY', message: 'The server is busy: try again in a moment' } });
      // The connection is usable again at once.
      expect((await app.inject({ method: 'GET', url: '/quick' })).json()).toEqual([{ one: 1 }]);
    } finally {
      await app.close();
    }
  });
});
