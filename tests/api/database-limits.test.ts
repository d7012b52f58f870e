import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { keptPlan, openDatabase, rows, type Database } from '../../server/db/client.ts';
import { validation } from '../../server/plugins/validation.ts';
import { cloneDatabase } from '../support/postgres.ts';

/**
 * What the server's PostgreSQL connections are set up with (server/db/client.ts): JIT off, and a
 * statement timeout after which a request's query is cancelled and answered 503, not 500 and not
 * a connection held for minutes; and marked statements prepared once per connection, so that
 * their plans can be kept. PGlite has none of these, so these run on PostgreSQL only.
 */
const template = inject('dbTemplate');

/** The statements prepared on this connection, and how often each ran on a custom or the kept plan. */
const preparedStatements = (tx: Parameters<typeof rows>[0]) =>
  rows<{ statement: string; generic: number; custom: number }>(
    tx,
    sql`select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements`,
  );

describe.runIf(template.kind === 'postgres')('PostgreSQL connections of the server', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    const clone = await cloneDatabase(template.url, template.template);
    drop = clone.drop;
    url = clone.url;
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

  it('prepares a marked statement once per connection and keeps its plan; an unmarked one is not prepared', async () => {
    await database.db.transaction(async (tx) => {
      const [item] = await rows<{ id: string }>(tx, sql`select id::text as id from catalog_items order by created_at limit 1`);
      const lookup = () => rows<{ id: string }>(tx, keptPlan(sql`select ci.id::text as id from catalog_items ci where ci.id = ${item!.id}::uuid`));
      for (let run = 0; run < 8; run++) expect(await lookup()).toEqual([item]);
      const prepared = await preparedStatements(tx);
      const marked = prepared.filter((p) => p.statement.startsWith('/* keep plan */ select ci.id::text as id from catalog_items ci'));
      expect(marked).toHaveLength(1);
      // Planned for its first five runs, then run on the plan kept.
      expect(marked[0]).toMatchObject({ custom: 5, generic: 3 });
      expect(prepared.some((p) => p.statement.includes('order by created_at limit 1'))).toBe(false);
    });
  });

  it('keeps the plans of the pages of the whole catalogue in a sort, of pages filtered by type, featured or progress and of searches read from their words, and plans a page filtered by audience for its values each time', async () => {
    // Statement names are given per process, first come first served: the other tests of this
    // process may have used up the pages' budget. A fresh copy of the modules starts with all of it.
    vi.resetModules();
    const client = await import('../../server/db/client.ts');
    const { createCatalogRepository } = await import('../../server/repositories/catalog.ts');
    const { keptPlan } = client;
    const fresh = await client.openDatabase({ url, poolSize: 1 });
    await fresh.db.transaction(async (tx) => {
      const catalog = createCatalogRepository(tx as unknown as Database['db']);
      const [user] = await rows<{ id: string }>(tx, sql`select id::text as id from users order by email limit 1`);
      const [audience] = await rows<{ id: string }>(tx, sql`select id::text as id from audiences order by position limit 1`);
      const first = await catalog.list(user!.id, { limit: 3, sortBy: ['title'] });
      for (let run = 0; run < 6; run++) expect(await catalog.list(user!.id, { limit: 3, sortBy: ['title'] })).toEqual(first);
      for (let run = 0; run < 6; run++) await catalog.list(user!.id, { limit: 3, sortBy: ['title'], audienceIds: [audience!.id] });
      const prepared = await preparedStatements(tx);
      const lists = prepared.filter((p) => p.statement.includes('lower(ci.title) asc nulls last'));
      // The plain page only: no parameter left, so PostgreSQL plans it once and keeps that plan.
      expect(lists).toHaveLength(1);
      expect(lists[0]).toMatchObject({ custom: 0, generic: 7 });
      expect(lists[0]!.statement).toContain('limit 4 offset 0');
      expect(lists[0]!.statement).not.toContain('audience_ids &&');

      // Pages filtered by type, featured or the learner's progress keep theirs too, under names of
      // their own: the first two are written into the text, the learner is a parameter.
      const filtered = { limit: 3, sortBy: ['title'] as 'title'[], resourceType: ['LEARNING_OBJECT' as const], featured: false, progress: 'NOT_STARTED' as const };
      const firstFiltered = await catalog.list(user!.id, filtered);
      for (let run = 0; run < 7; run++) expect(await catalog.list(user!.id, filtered)).toEqual(firstFiltered);
      const filteredPages = (await preparedStatements(tx)).filter((p) => p.statement.startsWith('/* keep filtered page plan */'));
      expect(filteredPages).toHaveLength(1);
      expect(filteredPages[0]!.statement).toContain("ci.resource_type in ('LEARNING_OBJECT')");
      expect(filteredPages[0]!.statement).toContain('not ci.featured');
      expect(filteredPages[0]).toMatchObject({ custom: 5, generic: 3 });

      // The next page, after the cursor: its values are parameters, and PostgreSQL keeps a
      // generic plan after five runs (the same page each time).
      const next = await catalog.list(user!.id, { limit: 3, sortBy: ['title'], cursor: first.nextCursor! });
      for (let run = 0; run < 7; run++) expect(await catalog.list(user!.id, { limit: 3, sortBy: ['title'], cursor: first.nextCursor! })).toEqual(next);
      const cursorPages = (await preparedStatements(tx)).filter((p) => p.statement.includes('union all') && p.statement.includes('lower(ci.title) asc nulls last'));
      expect(cursorPages.map(({ custom, generic }) => ({ custom, generic }))).toEqual([{ custom: 5, generic: 3 }]);

      // A search read from its words' rows keeps its plan (the words and the learner are
      // parameters, the numbers written in), with the same results on the kept plan as on the
      // first, planned ones; a search with a filter of the catalogue is planned each time.
      for (const q of ['feedback', 'student discussion', '"exit ticket"']) {
        const firstSearch = await catalog.search(user!.id, { q, limit: 5 });
        for (let run = 0; run < 7; run++) expect(await catalog.search(user!.id, { q, limit: 5 })).toEqual(firstSearch);
      }
      for (let run = 0; run < 6; run++) await catalog.search(user!.id, { q: 'feedback', limit: 5, audienceIds: [audience!.id] });
      const searches = (await preparedStatements(tx)).filter((p) => p.statement.includes('catalog_search_terms') || p.statement.includes('ci.search @@'));
      expect(searches.map(({ statement, custom, generic }) => ({ kept: statement.startsWith('/* keep word search plan */'), custom, generic, limit: statement.includes('limit 5 offset 0') }))).toEqual(
        [1, 2, 3].map(() => ({ kept: true, custom: 5, generic: 3, limit: true })),
      );

      // Pages have names of their own: a caller paging through 70 offsets uses up the pages'
      // budget, not the names of the learner's lookups.
      for (let offset = 1; offset <= 70; offset++) await catalog.list(user!.id, { limit: 1, offset });
      const lookup = () => rows<{ id: string }>(tx, keptPlan(sql`select u.id::text as id from users u where u.id = ${user!.id}::uuid and 70 = 70`));
      for (let run = 0; run < 3; run++) expect(await lookup()).toEqual([user]);
      const after = await preparedStatements(tx);
      expect(after.filter((p) => p.statement.includes('limit 2 offset')).length).toBeLessThanOrEqual(64);
      expect(after.some((p) => p.statement.includes('and 70 = 70'))).toBe(true);
    }).finally(() => fresh.close());
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
