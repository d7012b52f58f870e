import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { emailVerificationTokens, profiles, revokedTokens, users } from '../db/schema.ts';
import { badRequest, conflict, forbidden, gone, notFound, unauthorized } from '../errors.ts';
import { ROLES, requireRole } from '../auth/policy.ts';
import { toUser } from '../services/users.ts';
import { principalOf, type Context, type Handlers } from './types.ts';

type IdentityOps = 'getCurrentUser' | 'authorizeEmail' | 'getPasswordChangeUrl' | 'verifyEmail' | 'startDemo' | 'localLogin' | 'logout';

/** How long an e-mail verification link stays valid. */
const VERIFICATION_TTL_MS = 7 * 24 * 3600 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function identityHandlers({ db, tokens, config, mailer }: Context): Handlers<IdentityOps> {
  // Compared against when the e-mail is unknown, so a miss takes as long as a wrong password.
  const decoyHash = hash('decoy-password-for-timing');

  async function userByEmail(email: string) {
    const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
    return user;
  }

  async function sendVerification(userId: string, email: string) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(emailVerificationTokens).values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS) });
    const link = `${config.publicUrl}/email-verification?verification-token=${token}`;
    await mailer.send({
      to: email,
      subject: 'Confirm your e-mail address',
      text: `Welcome to the Educator Learning Platform.\n\nConfirm your e-mail address by opening this link within 7 days:\n${link}\n\nIf you did not ask for a demo account, you can ignore this message.`,
    });
  }

  return {
    async getCurrentUser(request) {
      return toUser(principalOf(request).user);
    },

    async authorizeEmail(request) {
      const user = await userByEmail(request.body.email);
      return { loginMethod: user?.passwordHash ? 'LOCAL' : 'PROVIDER' };
    },

    async getPasswordChangeUrl(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.anyone);
      if (user.role === 'DEMO') throw forbidden('Demo accounts have no password; register for a full account first', 'DEMO_ACCOUNT');
      const returnUrl = new URL(request.query.returnUrl, config.publicUrl);
      if (returnUrl.origin !== new URL(config.publicUrl).origin) throw badRequest('returnUrl must be a page of this site');
      if (!user.passwordHash && !config.provider.embedded) {
        throw conflict('Your password is managed by your sign-in provider: use "Forgot password" on its sign-in page', 'PROVIDER_MANAGED');
      }
      const { ticket, expiresAt } = await tokens.issueTicket(user.id, 'password-change', request.query.ttl ?? 900, {
        returnUrl: returnUrl.pathname + returnUrl.search,
      });
      return { url: `${config.publicUrl}/account/password?ticket=${ticket}`, expiresAt };
    },

    async verifyEmail(request) {
      const [row] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, sha256(request.params.token)));
      if (!row) throw notFound('This verification link is not valid', 'TOKEN_NOT_FOUND');
      if (row.usedAt) throw gone('This verification link has already been used', 'TOKEN_USED');
      if (row.expiresAt < new Date()) throw gone('This verification link has expired', 'TOKEN_EXPIRED');
      const [user] = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(emailVerificationTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(emailVerificationTokens.tokenHash, row.tokenHash), sql`${emailVerificationTokens.usedAt} is null`))
          .returning();
        if (!claimed.length) throw gone('This verification link has already been used', 'TOKEN_USED');
        return tx.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, row.userId)).returning();
      });
      return { verified: true as const, email: user!.email };
    },

    async startDemo(request) {
      const email = request.body.email.trim().toLowerCase();
      let user = await userByEmail(email);
      if (user && user.role !== 'DEMO') throw conflict('This e-mail already has an account: sign in instead', 'ACCOUNT_EXISTS');
      if (!user) {
        user = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({ role: 'DEMO', email, firstName: '', lastName: '' })
            .onConflictDoNothing()
            .returning();
          if (!created) return undefined;
          await tx.insert(profiles).values({ userId: created.id });
          return created;
        });
        // A concurrent request created it first: resume that account.
        if (!user) user = await userByEmail(email);
        else await sendVerification(user.id, email);
      }
      const { accessToken, tokenType, expiresIn } = await tokens.issueLocal(user!.id, user!.role);
      return { accessToken, tokenType, expiresIn };
    },

    async localLogin(request) {
      const user = await userByEmail(request.body.email);
      const ok = await verify(user?.passwordHash ?? (await decoyHash), request.body.password).catch(() => false);
      if (!user?.passwordHash || !ok) throw unauthorized('Invalid e-mail or password', 'INVALID_CREDENTIALS');
      const { accessToken, tokenType, expiresIn } = await tokens.issueLocal(user.id, user.role);
      return { accessToken, tokenType, expiresIn };
    },

    async logout(request, reply) {
      const { token } = principalOf(request);
      if (token.kind === 'local') {
        await db.insert(revokedTokens).values({ jti: token.jti, expiresAt: token.expiresAt }).onConflictDoNothing();
        // Revocations are only needed until the token would have expired anyway.
        await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
      }
      reply.code(204);
    },
  };
}
