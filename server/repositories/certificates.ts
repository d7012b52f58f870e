import { and, desc, eq, sql } from 'drizzle-orm';
import { iso, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { certificates, type CertificateStrategy } from '../db/schema.ts';
import { completedSql } from '../services/progress.ts';

export type CertificateRow = typeof certificates.$inferSelect;
export type NewCertificate = Omit<typeof certificates.$inferInsert, 'id' | 'issuedAt'>;

/** Learning certificates and the completions they are issued for. */
export function createCertificatesRepository(db: Db) {
  return {
    /**
     * Learning objects the learner completed (the rule of services/progress.ts) on the days
     * `from` to `to` in the time zone, in the order they were completed, with their video's length and the seconds of it watched.
     */
    completedBetween(userId: string, from: string, to: string, timeZone: string): Promise<CertificateStrategy[]> {
      return rows<CertificateStrategy>(
        db,
        sql`select ci.id::text as "catalogItemId", ci.title, ${iso(sql`p.completed_at`)} as "completedAt",
              coalesce(v.duration_seconds, 0)::float8 as "durationSeconds",
              round((coalesce(v.duration_seconds, 0) * least(p.video_progress, 100) / 100)::numeric, 1)::float8 as "watchedSeconds"
            from learner_progress p
            join catalog_items ci on ci.id = p.catalog_item_id
            left join videos v on v.id = ci.video_id
            where p.user_id = ${userId} and ci.resource_type = 'LEARNING_OBJECT' and ${completedSql()}
              and p.completed_at >= (${from}::date)::timestamp at time zone ${timeZone}
              and p.completed_at < (${to}::date + 1)::timestamp at time zone ${timeZone}
            order by p.completed_at, lower(ci.title), ci.id`,
      );
    },

    /** Stores a certificate; null when its code is taken already (the caller draws another). */
    async issue(certificate: NewCertificate): Promise<CertificateRow | null> {
      const [row] = await db.insert(certificates).values(certificate).onConflictDoNothing({ target: certificates.code }).returning();
      return row ?? null;
    },

    /** The learner's certificates, newest first. */
    ofUser: (userId: string) => db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(desc(certificates.issuedAt), desc(certificates.id)),

    async byCode(code: string): Promise<CertificateRow | undefined> {
      const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
      return row;
    },

    /** The certificate with this code if it is the learner's own. */
    async ownedBy(userId: string, code: string): Promise<CertificateRow | undefined> {
      const [row] = await db
        .select()
        .from(certificates)
        .where(and(eq(certificates.code, code), eq(certificates.userId, userId)));
      return row;
    },
  };
}

export type CertificatesRepository = ReturnType<typeof createCertificatesRepository>;

declare module './repositories.ts' {
  interface Repositories {
    certificates: CertificatesRepository;
  }
}

export default defineRepository('certificates', createCertificatesRepository);
