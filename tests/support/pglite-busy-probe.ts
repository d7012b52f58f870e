/**
 * Run by tests/unit/pglite-busy.test.ts in a process of its own (a wedged embedded database
 * would stop this thread for good, and with it any test timer): opens a PGlite data directory,
 * then makes its files busy (EBUSY) for the next `count` file writes under `target` (pg_wal or
 * base), as a backup or virus scanner holding them would, runs a write and a read, and prints
 * what happened as one JSON line.
 *   node --import tsx tests/support/pglite-busy-probe.ts <dataDir> <pg_wal|base> <count> <patience ms>
 */
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';

const [dataDir, target, count, patience] = process.argv.slice(2) as [string, string, string, string];
// The external edge: node's own fs, which PGlite's file system calls (descriptors are followed to their paths).
const fs = createRequire(import.meta.url)('fs') as typeof import('node:fs');
const paths = new Map<number, string>();
const openSync = fs.openSync;
fs.openSync = ((path: string, ...rest: never[]) => {
  const fd = (openSync as (...a: unknown[]) => number)(path, ...rest);
  paths.set(fd, String(path));
  return fd;
}) as typeof fs.openSync;
let busy = 0;
const writeSync = fs.writeSync;
fs.writeSync = ((fd: number, ...rest: never[]) => {
  if (busy > 0 && (paths.get(fd) ?? '').includes(`/${target}/`)) {
    busy -= 1;
    throw Object.assign(new Error('EBUSY: resource busy or locked, write'), { code: 'EBUSY', errno: -16 });
  }
  return (writeSync as (...a: unknown[]) => number)(fd, ...rest);
}) as typeof fs.writeSync;

const { openDatabase, isDatabaseOutage, rows } = await import('../../server/db/client.ts');
const database = await openDatabase({ dataDir, busyPatienceMs: Number(patience) });
await database.db.execute(sql`create table probe (x int)`);
busy = Number(count);
const started = Date.now();
const outcome: Record<string, unknown> = {};
const attempt = async (name: string, query: Parameters<typeof database.db.execute>[0]) => {
  try {
    await database.db.execute(query);
    outcome[name] = 'ok';
  } catch (err) {
    outcome[name] = isDatabaseOutage(err) ? 'outage' : `error: ${String((err as { cause?: unknown }).cause ?? err)}`;
  }
};
await attempt('insert', sql`insert into probe values (1)`);
// A checkpoint writes the data files (base/) now rather than at some later moment.
await attempt('checkpoint', sql`checkpoint`);
outcome.ms = Date.now() - started;
busy = 0;
outcome.rows = (await rows<{ x: number }>(database.db, sql`select x from probe`)).map((r) => r.x);
await database.close();
console.log(JSON.stringify(outcome));
