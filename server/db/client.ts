import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { clock } from '../clock.ts';
import * as schema from './schema.ts';
import { TEMPLATE_DIR, hasTemplate, migrationsFolder, readTemplate, removeTemplate, templateKey, writeTemplate } from './template.ts';

export type Schema = typeof schema;
/** The same type for both drivers, so services never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests clone databases from it). */
  dumpDataDir?: () => Promise<Blob>;
};

export { migrationsFolder };

export type DatabaseOptions =
  /** PostgreSQL connection string. */
  | { url: string; poolSize?: number; statementTimeoutMs?: number }
  /** PGlite data directory; `memory://` for an in-memory database. */
  | {
      dataDir: string;
      loadDataDir?: Blob;
      /** Where migrated templates are kept (server/db/template.ts). */
      templateDir?: string;
      /** How long a file operation waits for a busy file (server/db/patient-fs.ts). */
      busyPatienceMs?: number;
    };

/**
 * Makes sure a migrated PGlite template exists for the current migrations (the build step of
 * `npm start` calls it, so the first start on a new clone does not pay for an initdb).
 * Answers whether one was made.
 */
export async function ensurePgliteTemplate(dir = TEMPLATE_DIR): Promise<boolean> {
  if (hasTemplate(dir)) return false;
  const key = templateKey(migrationsFolder);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create('memory://');
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    return writeTemplate(key, new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()), dir);
  } finally {
    await client.close();
  }
}

/** How long one query of a request may run on PostgreSQL before it is cancelled. */
export const STATEMENT_TIMEOUT_MS = 15_000;
/** How long a new connection to PostgreSQL may take before the query that asked for it fails. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * SQLSTATEs of a database that is away for a moment rather than of a bad query: the connection
 * failed or was ended (class 08, 57P01-57P03 shutdown and start-up), too many connections
 * (53300), or the server could not read or write its files (class 58, 53100: a disk full or busy,
 * PGlite's files included; FILE_UNAVAILABLE below for the other codes a file error takes).
 */
const OUTAGE_STATES = /^(08...|57P0[1-3]|53[13]00|58...)$/;
/** What the drivers say when the connection itself failed (no SQLSTATE). */
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EBUSY', 'EIO', 'ENOSPC']);
const OUTAGE_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable)/;
/** PostgreSQL (PGlite included) could not use one of its files: "could not write … file "…": Resource busy" (SQLSTATE XX000, 42501 or 58030). */
const FILE_UNAVAILABLE = /^could not .*: (Resource busy|Device or resource busy|Operation not permitted|Permission denied|I\/O error|Input\/output error|No space left on device|Read-only file system|Too many open files)/;

/**
 * The error (or one it wraps: drizzle wraps the driver's) says the database could not be reached
 * or dropped the connection: a request that meets it is answered 503 with Retry-After, and a read
 * may be tried once more (server/plugins/api.ts).
 */
export function isDatabaseOutage(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (OUTAGE_STATES.test(code) || OUTAGE_CODES.has(code))) return true;
    if (typeof message === 'string' && (OUTAGE_MESSAGES.test(message) || FILE_UNAVAILABLE.test(message))) return true;
    // A connection tried on several addresses fails with all of their errors.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseOutage(inner))) return true;
  }
  return false;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Migrations get connections of their own, without the requests' statement timeout (an index
    // on a large table may take minutes).
    const migrator = new pg.Pool({ connectionString: options.url, max: 2 });
    try {
      // Several machines may start at once: one migrates while the others wait, then find nothing to do.
      const lock = await migrator.connect();
      try {
        await lock.query(`select pg_advisory_lock(hashtext('elp:migrations'))`);
        await migrate(drizzle(migrator, { schema }), { migrationsFolder });
      } finally {
        await lock.query(`select pg_advisory_unlock(hashtext('elp:migrations'))`).catch(() => {});
        lock.release();
      }
    } finally {
      await migrator.end();
    }
    // A request's query that runs longer than this is cancelled (pg error 57014, answered 503):
    // under overload a query nobody waits for any more must not hold a connection for minutes.
    // PostgreSQL's JIT compiles a plan before running it: 1-3 s more on the catalogue's larger
    // queries, never repaid by the app's short ones. Set when the connection starts (no query of its own).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      // A server that does not answer at all (a host gone, a partition) fails the request in 5 s
      // rather than holding it until the client gives up.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // The app clock's offset, read by app_now() (server/clock.ts), travels the same way.
      options: `-c jit=off -c app.clock_offset_ms=${clock.offsetMs()}`,
    });
    // A connection dropped by the server (a restart, a failover) must not end the process,
    // whether it sat idle in the pool (the pool's 'error') or was checked out between two
    // queries of a transaction (the client's own 'error', which nobody else listens to then):
    // the query that meets it fails (answered 503, server/plugins/validation.ts) and the pool
    // opens a new connection for the next one.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error(`database connection lost while in use: ${err.message}`));
      prepareRepeatedStatements(client);
    });
    const db = drizzle(pool, { schema });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const onDisk = !options.dataDir.startsWith('memory://');
  if (onDisk) mkdirSync(options.dataDir, { recursive: true });
  // A new data directory (or in-memory database) starts from the migrated template when there is
  // one (server/db/template.ts).
  // Only into an empty directory, which is also all that is removed if the template fails.
  const fresh = !options.loadDataDir && (!onDisk || readdirSync(options.dataDir).length === 0);
  const key = fresh ? templateKey(migrationsFolder) : null;
  const { templateDir = TEMPLATE_DIR } = options;
  let loadDataDir = options.loadDataDir ?? (key ? readTemplate(key, templateDir) : null);
  let client;
  try {
    client = await PGlite.create(options.dataDir, { ...(onDisk && { fs: await patientFs(options.dataDir, options.busyPatienceMs) }), ...(loadDataDir && { loadDataDir }) });
  } catch (err) {
    if (!key || !loadDataDir) throw err;
    // A damaged template (a full disk, say) costs only the speed-up: drop it and run initdb.
    console.error(`database template unusable, creating the data directory without it: ${(err as Error).message}`);
    removeTemplate(key, templateDir);
    if (onDisk) {
      rmSync(options.dataDir, { recursive: true, force: true });
      mkdirSync(options.dataDir, { recursive: true });
    }
    loadDataDir = null;
    client = await PGlite.create(options.dataDir, onDisk ? { fs: await patientFs(options.dataDir, options.busyPatienceMs) } : {});
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // The app clock's offset for app_now() (server/clock.ts): one connection, set once.
  await client.exec(`set app.clock_offset_ms = '${clock.offsetMs()}'`);
  // Made here the first time (half a second more), so the next new data directory is quick.
  if (key && !loadDataDir) writeTemplate(key, new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()), templateDir);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** PGlite's files on disk, waiting a moment for a file that is busy (server/db/patient-fs.ts). */
async function patientFs(dataDir: string, patienceMs?: number) {
  const { PatientNodeFS } = await import('./patient-fs.ts');
  return new PatientNodeFS(dataDir, patienceMs);
}

/**
 * A statement marked here is named after its text, so each connection parses it once and
 * PostgreSQL may keep its plan. Planning a query that reads catalog_items (30-odd indexes) takes
 * 0.2-1 ms, often longer than running a keyed lookup: in the journey load test, half of
 * PostgreSQL's time went to planning. A named statement is planned afresh for its first five
 * runs; after that PostgreSQL keeps a generic plan when that plan is estimated no dearer, else
 * goes on planning (plan_cache_mode auto).
 *
 * Only marked statements, because a generic plan can be estimated cheap and run slow: a ranked
 * catalogue page (runPage) went from 1.6 to 21 ms a call once it was named. Mark lookups whose
 * plan does not depend on the values (a learner's rows, items by id). The first `max` marked
 * texts of each kind in the process get names: a text built with a varying list of ids could
 * otherwise fill every connection with statements used once.
 */
const KEPT = {
  lookup: { marker: '/* keep plan */ ', max: 256, prefix: 'elp_', names: new Map<string, string>() },
  /**
   * Catalogue pages with no parameter left (repositories/catalog.ts `list`): a budget of their
   * own, because their texts vary with the sort, page size and offset a caller chooses, and must
   * not use up the names of the learner's lookups.
   */
  page: { marker: '/* keep page plan */ ', max: 64, prefix: 'elp_page_', names: new Map<string, string>() },
  /** Catalogue pages filtered by type, featured or the learner's progress: a budget of their own too. */
  filteredPage: { marker: '/* keep filtered page plan */ ', max: 64, prefix: 'elp_fpage_', names: new Map<string, string>() },
  /** Searches read from the words' rows (repositories/catalog.ts `search`): a text per word count, phrase or not, "not started" or not, page size and offset. */
  wordSearch: { marker: '/* keep word search plan */ ', max: 64, prefix: 'elp_words_', names: new Map<string, string>() },
};
export const keptPlan = (query: SQL, kind: keyof typeof KEPT = 'lookup') => sql`${sql.raw(KEPT[kind].marker)}${query}`;
type QueryConfig = { text?: unknown; name?: string };
function prepareRepeatedStatements(client: import('pg').PoolClient) {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: unknown, config: unknown, ...rest: unknown[]) {
    const text = config && typeof config === 'object' ? (config as QueryConfig).text : undefined;
    const kept = typeof text === 'string' && !(config as QueryConfig).name ? Object.values(KEPT).find((k) => text.startsWith(k.marker)) : undefined;
    if (kept) {
      let name = kept.names.get(text as string);
      if (!name && kept.names.size < kept.max) kept.names.set(text as string, (name = `${kept.prefix}${kept.names.size}`));
      if (name) config = { ...(config as object), name };
    }
    return query.call(this, config, ...rest);
  } as typeof client.query;
}

/**
 * A timestamp as the contract's ISO 8601 string. Raw queries get timestamps back as the
 * driver's text ("2026-01-02 03:04:05+00"), so raw selects format them in SQL.
 */
export const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Rows of a raw query, whichever driver ran it. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
