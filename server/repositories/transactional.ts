import type { Db } from '../db/client.ts';

export type Transactional<Q> = Q & {
  /** Runs `work` in one transaction, with the same queries bound to it; a throw rolls it all back. */
  transaction<T>(work: (tx: Q) => Promise<T>): Promise<T>;
};

/** A repository whose callers may group several of its queries (and their own checks) atomically. */
export function transactional<Q>(db: Db, queries: (db: Db) => Q): Transactional<Q> {
  return { ...queries(db), transaction: (work) => db.transaction((tx) => work(queries(tx))) };
}
