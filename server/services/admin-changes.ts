import type { Db } from '../db/client.ts';
import type { AuditActor, AuditChange } from '../repositories/audit.ts';
import { createRepositories, type Repositories } from '../repositories/repositories.ts';

/** What an admin change works with: every repository, bound to the change's transaction, and the audit log. */
export type AdminUnit = {
  repos: Repositories;
  /** Notes a change; the entries are written at the end of the same transaction. */
  record: (change: AuditChange) => void;
};

/**
 * Every change the admin site makes goes through `apply`: the work and its audit entries commit
 * together or not at all, so the log never lists a change that did not happen, nor misses one
 * that did. Catalogue, organization and subscription changes use it the same way as users do.
 */
export function createAdminChanges(db: Db) {
  return {
    apply<T>(actor: AuditActor, work: (unit: AdminUnit) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const repos = createRepositories(tx as unknown as Db);
        const changes: AuditChange[] = [];
        const result = await work({ repos, record: (change) => void changes.push(change) });
        await repos.audit.record(actor, changes);
        return result;
      });
    },
  };
}

export type AdminChanges = ReturnType<typeof createAdminChanges>;
