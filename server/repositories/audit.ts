import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntityType, QueryOf, Schemas } from '../contract.ts';
import { iso, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { auditLog } from '../db/schema.ts';
import type { UserRow } from '../auth/principal.ts';

/** One change to record: an `entity.verb` action, the entity, and its changed fields before and after. */
export type AuditChange = {
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  /** What the entity is called now (an e-mail, a title), so the entry reads well after a rename or deletion. */
  entityLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

type AuditQuery = QueryOf<'listAuditEntries'>;

/** Who made a change: an admin, or the product itself (a nightly roster pull, whose id is null). */
export type AuditActor = Pick<UserRow, 'email' | 'firstName' | 'lastName'> & { id: string | null };

/** The audit log: written by `AdminChanges` (server/services/admin-changes.ts), read by the admin site. */
export function createAuditRepository(db: Db) {
  return {
    async record(actor: AuditActor, changes: readonly AuditChange[]) {
      if (!changes.length) return;
      const actorName = `${actor.firstName} ${actor.lastName}`.trim();
      await db.insert(auditLog).values(changes.map((c) => ({ ...c, actorId: actor.id, actorEmail: actor.email, actorName })));
    },

    /** Newest first; `to` is a whole day (UTC), so a range of one day is `from = to`. */
    async list(q: AuditQuery): Promise<{ items: Schemas['AuditEntry'][]; total: number }> {
      const where: SQL[] = [];
      if (q.actorId) where.push(sql`a.actor_id = ${q.actorId}::uuid`);
      if (q.entityType) where.push(sql`a.entity_type = ${q.entityType}`);
      if (q.entityId) where.push(sql`a.entity_id = ${q.entityId}`);
      if (q.from) where.push(sql`a.at >= ${q.from}::date::timestamp at time zone 'UTC'`);
      if (q.to) where.push(sql`a.at < (${q.to}::date + 1)::timestamp at time zone 'UTC'`);
      const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const perPage = q.itemsPerPage ?? 25;
      const offset = ((q.page ?? 1) - 1) * perPage;
      const [items, [count]] = await Promise.all([
        rows<Schemas['AuditEntry']>(
          db,
          sql`select a.id::text as "id", ${iso(sql`a.at`)} as "at",
                json_build_object('id', a.actor_id::text, 'email', a.actor_email, 'fullName', a.actor_name) as "actor",
                a.action as "action", a.entity_type as "entityType", a.entity_id as "entityId", a.entity_label as "entityLabel",
                a.before as "before", a.after as "after"
              from audit_log a ${whereSql} order by a.at desc, a.id desc limit ${perPage} offset ${offset}`,
        ),
        rows<{ total: number }>(db, sql`select count(*)::int as total from audit_log a ${whereSql}`),
      ]);
      return { items, total: count?.total ?? 0 };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

declare module './repositories.ts' {
  interface Repositories {
    audit: AuditRepository;
  }
}

export default defineRepository('audit', createAuditRepository);
