import pg from 'pg';
import { openDatabase, type Db } from '../../server/db/client.ts';

/** The same server, another database. */
export function databaseUrl(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export const adminUrl = (url: string) => databaseUrl(url, 'postgres');

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string, name: string) {
  await admin(url, (c) => c.query(`drop database if exists "${name}" with (force)`));
}

export async function createTemplate(url: string, name: string, fill: (db: Db) => Promise<void>) {
  await dropDatabase(url, name);
  await admin(url, (c) => c.query(`create database "${name}"`));
  const target = databaseUrl(url, name);
  const database = await openDatabase({ url: target, poolSize: 2 });
  await fill(database.db);
  await database.close();
  return target;
}

/** A fresh database copied from the template; the copy is dropped by the returned function. */
export async function cloneDatabase(url: string, template: string) {
  const name = `elp_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  // Several forks may clone at once and PostgreSQL refuses a busy template: retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(url, (c) => c.query(`create database "${name}" template "${template}"`));
      break;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { url: databaseUrl(url, name), drop: () => dropDatabase(url, name) };
}
