import { createHash, randomBytes } from 'node:crypto';
import { badRequest, conflict, gone, notFound, unauthorized } from '../errors.ts';
import { utcDay } from '../services/learner-events.ts';
import { toUser } from '../services/users.ts';
import type { UserRow } from '../auth/principal.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { principalOf, type Context, type Handlers } from './types.ts';
import { clock } from '../clock.ts';

type IdentityOps = 'getCurrentUser' | 'authorizeEmail' | 'getPasswordChangeUrl' | 'verifyEmail' | 'startDemo' | 'localLogin' | 'logout' | 'signOutEverywhere' | 'sendVerificationEmail';

/** How long an e-mail verification link stays valid. */
const VERIFICATION_TTL_MS = 7 * 24 * 3600 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Where an address signs in: the embedded provider's page takes every account (it checks local
 * passwords too); with an external tenant, addresses of the domains it serves go there
 * (PROVIDER_DOMAINS), every other one to the local password form.
 */
export function loginMethodFor(email: string, config: Pick<Context['config'], 'provider'>): 'LOCAL' | 'PROVIDER' {
  if (config.provider.embedded) return 'PROVIDER';
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return config.provider.domains.some((d) => domain === d || domain.endsWith(`.${d}`)) ? 'PROVIDER' : 'LOCAL';
}

/** The signed-in user as `GET /identity/me` answers it (and `GET /identity/start`'s `user`). */
export async function currentUserOf(repos: Pick<Repositories, 'organizations' | 'progress'>, user: UserRow) {
  const [organization, previousVisitOn] = await Promise.all([
    user.organizationId ? repos.organizations.byId(user.organizationId) : undefined,
    repos.progress.previousVisitOn(user.id, utcDay(clock.ms())),
  ]);
  return toUser(user, organization?.name ?? null, previousVisitOn);
}

export function identityHandlers({ repos, tokens, config, mailer, sessions, passwords, signIns }: Context): Handlers<IdentityOps> {
  const { users, identity } = repos;

  async function sendVerification(userId: string, email: string) {
    const token = randomBytes(32).toString('base64url');
    await identity.addVerification(sha256(token), userId, new Date(clock.ms() + VERIFICATION_TTL_MS));
    const link = `${config.publicUrl}/email-verification?verification-token=${token}`;
    await mailer.send({
      to: email,
      subject: 'Confirm your e-mail address',
      text: `Welcome to the Educator Learning Platform.\n\nConfirm your e-mail address by opening this link within 7 days:\n${link}\n\nIf you did not ask for this, you can ignore this message.`,
    });
  }

  return {
    async getCurrentUser(request) {
      return currentUserOf(repos, principalOf(request).user);
    },

    // The answer depends on the configuration and the address's domain only, never on whether
    // the address has an account: that is decided after the password step, where a miss and a
    // wrong password read the same.
    async authorizeEmail(request) {
      return { loginMethod: loginMethodFor(request.body.email, config) };
    },

    async getPasswordChangeUrl(request) {
      const { user } = principalOf(request);
      const returnUrl = URL.parse(request.query.returnUrl, config.publicUrl);
      // An address that is not one (`http://host:port.other/`) is as foreign as another site's.
      if (returnUrl?.origin !== new URL(config.publicUrl).origin) throw badRequest('returnUrl must be a page of this site', 'INVALID_RETURN_URL');
      if (!user.passwordHash && !config.provider.embedded) {
        throw conflict('Your password is managed by your sign-in provider: use "Forgot password" on its sign-in page', 'PROVIDER_MANAGED');
      }
      const { ticket, expiresAt } = await tokens.issueTicket(user.id, 'password-change', request.query.ttl ?? 900, {
        returnUrl: returnUrl.pathname + returnUrl.search,
      });
      return { url: `${config.publicUrl}/account/password?ticket=${ticket}`, expiresAt };
    },

    async verifyEmail(request) {
      const row = await identity.verification(sha256(request.params.token));
      if (!row) throw notFound('This verification link is not valid', 'TOKEN_NOT_FOUND');
      if (row.usedAt) throw gone('This verification link has already been used', 'TOKEN_USED');
      if (row.expiresAt < clock.now()) throw gone('This verification link has expired', 'TOKEN_EXPIRED');
      const user = await identity.consumeVerification(row.tokenHash, row.userId);
      if (!user) throw gone('This verification link has already been used', 'TOKEN_USED');
      return { verified: true as const, email: user.email };
    },

    async startDemo(request) {
      const email = request.body.email.trim().toLowerCase();
      let user = await users.byEmail(email);
      if (user && user.role !== 'DEMO') throw conflict('This e-mail already has an account: sign in instead', 'ACCOUNT_EXISTS');
      if (!user) {
        user = await users.create({ role: 'DEMO', email, firstName: '', lastName: '' }, { ifNew: true });
        // A concurrent request created it first: resume that account.
        if (!user) user = await users.byEmail(email);
        else await sendVerification(user.id, email);
      }
      const { accessToken, tokenType, expiresIn } = await tokens.issueLocal(user!.id, user!.role);
      return { accessToken, tokenType, expiresIn };
    },

    async localLogin(request) {
      const { email, password } = request.body;
      const user = await signIns.attempt(email, request.ip, async () => {
        const found = await users.byEmail(email);
        return (await passwords.verify(found?.passwordHash, password)) ? found! : null;
      });
      if (!user) throw unauthorized('Invalid e-mail or password', 'INVALID_CREDENTIALS');
      // Said only to whoever knows the password.
      if (user.deactivatedAt) throw unauthorized('This account has been deactivated', 'ACCOUNT_DEACTIVATED');
      const { accessToken, tokenType, expiresIn } = await tokens.issueLocal(user.id, user.role);
      return { accessToken, tokenType, expiresIn };
    },

    // Revokes the very token that calls, local or provider: it stops working at once instead
    // of at its expiry. An embedded provider's token takes its sign-in's refresh tokens along.
    async logout(request, reply) {
      const { token } = principalOf(request);
      if (token.jti) {
        await identity.revoke(token.jti, token.expiresAt);
        await identity.forgetExpiredRevocations();
      }
      if (token.grantId) await sessions.signOut(token.grantId);
      reply.code(204);
    },

    async sendVerificationEmail(request, reply) {
      const { user } = principalOf(request);
      if (user.verifiedAt) throw conflict('Your e-mail address is already verified', 'ALREADY_VERIFIED');
      await sendVerification(user.id, user.email);
      reply.code(204);
    },

    async signOutEverywhere(request, reply) {
      await sessions.endAll(principalOf(request).user.id);
      reply.code(204);
    },
  };
}
