import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { ensurePgliteTemplate, migrationsFolder, openDatabase, rows } from '../../server/db/client.ts';
import { templateFile, templateKey, writeTemplate } from '../../server/db/template.ts';

// A new PGlite data directory is unpacked from a migrated template instead of running initdb
// (server/db/template.ts); these tests use their own template folder, never the real one.

let root: string;
const dir = (name: string) => join(root, name);

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'elp-db-template-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const appliedMigrations = async (dataDir: string, templateDir: string) => {
  const database = await openDatabase({ dataDir, templateDir });
  try {
    const [row] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const tables = await rows<{ t: string }>(database.db, sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`);
    return { migrations: Number(row!.n), tables: tables.map((r) => r.t) };
  } finally {
    await database.close();
  }
};

describe('PGlite template for new data directories', () => {
  const journal = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;

  it('keys the template by the migrations: changing one changes the key', () => {
    const copy = dir('migrations');
    cpSync(migrationsFolder, copy, { recursive: true });
    const before = templateKey(copy);
    expect(templateKey(copy)).toBe(before);
    writeFileSync(join(copy, '0000_init.sql'), '-- changed\n', { flag: 'a' });
    expect(templateKey(copy)).not.toBe(before);
  });

  it('makes the template on the first new data directory, and a later one starts from it migrated', async () => {
    const templates = dir('templates-a');
    const key = templateKey(migrationsFolder);
    const first = await appliedMigrations(dir('data-1'), templates);
    expect(first.migrations).toBe(journal);
    expect(existsSync(templateFile(key, templates))).toBe(true);

    const second = await appliedMigrations(dir('data-2'), templates);
    expect(second).toEqual(first);
    // PostgreSQL's own marker of an initialised cluster.
    expect(existsSync(join(dir('data-2'), 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('loads what the template holds (not an initdb of its own) and never overwrites an existing directory', async () => {
    const templates = dir('templates-b');
    const key = templateKey(migrationsFolder);
    // A template with a marker table: a directory made from it has the marker.
    const marked = await openDatabase({ dataDir: 'memory://' });
    await marked.db.execute(sql`create table template_marker (id int)`);
    expect(writeTemplate(key, gzipSync(new Uint8Array(await (await marked.dumpDataDir!()).arrayBuffer())), templates)).toBe(true);
    await marked.close();

    const fromTemplate = await appliedMigrations(dir('data-3'), templates);
    expect(fromTemplate.tables).toContain('template_marker');
    expect(fromTemplate.migrations).toBe(journal);

    // An existing cluster keeps its own contents.
    const existing = await appliedMigrations(dir('data-1'), templates);
    expect(existing.tables).not.toContain('template_marker');
  }, 120_000);

  it('a damaged template costs only the speed-up: the directory is made without it and the template dropped', async () => {
    const templates = dir('templates-d');
    const key = templateKey(migrationsFolder);
    expect(writeTemplate(key, new TextEncoder().encode('not a tarball'), templates)).toBe(true);
    const made = await appliedMigrations(dir('data-5'), templates);
    expect(made.migrations).toBe(journal);
    expect(made.tables).toContain('catalog_items');
    // Dropped, then made again from the directory just created.
    expect(readFileSync(templateFile(key, templates)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  }, 120_000);

  it('ensurePgliteTemplate makes one only when it is missing, and it holds no rows', async () => {
    const templates = dir('templates-c');
    expect(await ensurePgliteTemplate(templates)).toBe(true);
    expect(await ensurePgliteTemplate(templates)).toBe(false);
    const db = await PGlite.create(dir('data-4'), { loadDataDir: new Blob([readFileSync(templateFile(templateKey(migrationsFolder), templates))]) });
    const { rows: counts } = await db.query<{ n: number }>('select (select count(*) from users) + (select count(*) from catalog_items) as n');
    expect(Number(counts[0]!.n)).toBe(0);
    await db.close();
  }, 120_000);
});
