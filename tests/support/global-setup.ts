import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { seedDemo } from '../../server/db/seed/seed.ts';
import { adminUrl, createTemplate, dropDatabase } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrates and seeds one database per test run; every test file then starts from a copy of it
 * (a PGlite data-directory dump, or a PostgreSQL TEMPLATE database), so files never share state.
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const template = `elp_template_${process.pid}`;
    const url = await createTemplate(postgresUrl, template, async (db) => void (await seedDemo(db)));
    project.provide('dbTemplate', { kind: 'postgres', url: adminUrl(postgresUrl), template });
    return async () => {
      await dropDatabase(postgresUrl, template);
      void url;
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'elp-template-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedDemo(database.db);
  const dump = await database.dumpDataDir!();
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', file });
  return () => rmSync(dir, { recursive: true, force: true });
}
