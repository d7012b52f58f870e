import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { emailVerificationTokens, revokedTokens, users } from '../db/schema.ts';
import { clock } from '../clock.ts';

/** Revoked token ids (signed-out sessions, used one-time links) and e-mail verification tokens. */
export function createIdentityRepository(db: Db) {
  return {
    async isRevoked(jti: string) {
      const [revoked] = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti));
      return Boolean(revoked);
    },

    /** Revokes a token id until it expires; false when it was revoked already (a link used twice). */
    async revoke(jti: string, expiresAt: Date) {
      const revoked = await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing().returning();
      return revoked.length > 0;
    },

    /** Revocations are only needed until the token would have expired anyway. */
    async forgetExpiredRevocations(now = new Date()) {
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
    },

    async addVerification(tokenHash: string, userId: string, expiresAt: Date) {
      await db.insert(emailVerificationTokens).values({ tokenHash, userId, expiresAt });
    },

    async verification(tokenHash: string) {
      const [row] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, tokenHash));
      return row;
    },

    /**
     * Uses a verification token and marks its account verified, atomically; null when another
     * request used the token first.
     */
    consumeVerification(tokenHash: string, userId: string) {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(emailVerificationTokens)
          .set({ usedAt: clock.now() })
          .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), sql`${emailVerificationTokens.usedAt} is null`))
          .returning();
        if (!claimed.length) return null;
        const [user] = await tx.update(users).set({ verifiedAt: clock.now() }).where(eq(users.id, userId)).returning();
        return user!;
      });
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

declare module './repositories.ts' {
  interface Repositories {
    identity: IdentityRepository;
  }
}

export default defineRepository('identity', createIdentityRepository);
