import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { RepositoryDefinition } from './define.ts';

/**
 * Every query the server runs, one repository per aggregate, over one database. Each file of this
 * folder whose default export is `defineRepository(name, create)` is one: it adds its type here
 * (declaration merging, as fastify/demo's autoloaded plugins add their decorators) and is loaded
 * below by its file name. A new repository is a new file, listed nowhere else.
 */
export interface Repositories {
  /** Throws when the database does not answer. */
  ping: () => Promise<void>;
}

const camelCase = (file: string) => file.replace(/\.ts$/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

const definitions: RepositoryDefinition[] = [];
for (const file of readdirSync(new URL('.', import.meta.url)).sort()) {
  if (!file.endsWith('.ts') || file.endsWith('.d.ts') || file === 'repositories.ts') continue;
  const { default: definition } = (await import(`./${file}`)) as { default?: RepositoryDefinition };
  if (!definition) continue;
  if (definition.name !== camelCase(file)) throw new Error(`server/repositories/${file} defines the repository ${definition.name}: name it after its file, ${camelCase(file)}`);
  definitions.push(definition);
}

export function createRepositories(db: Db): Repositories {
  const repositories: Record<string, unknown> = { ping: async () => void (await db.execute(sql`select 1`)) };
  for (const { name, create } of definitions) repositories[name] = create(db);
  return repositories as unknown as Repositories;
}
