import type { Db } from '../db/client.ts';
import type { Repositories } from './repositories.ts';

export type RepositoryDefinition = { name: string; create: (db: Db) => unknown };

/**
 * A repository of this folder, its file's default export: its name in `Repositories` (the file's
 * name in camelCase; its file declares the type under that name) and how it is made over a
 * database or a transaction.
 */
export function defineRepository<K extends Exclude<keyof Repositories, 'ping'>>(name: K, create: (db: Db) => Repositories[K]): RepositoryDefinition {
  return { name, create };
}
