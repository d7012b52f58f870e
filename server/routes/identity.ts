import { badRequest, conflict, forbidden, gone, notFound, unauthorized } from '../errors.ts';
import { addressProof, sha256 } from '../services/address-proof.ts';
import { utcDay } from '../services/learner-events.ts';
import { toUser } from '../services/users.ts';
import type { UserRow } from '../auth/principal.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { defineRoutes, principalOf, type Context } from './types.ts';
import { clock } from '../clock.ts';
import { passwordVersion } from '../auth/passwords.ts';

/**
 * Where the sign-in form sends an address: with an external tenant, addresses of the domains it
 * serves (PROVIDER_DOMAINS) to the provider, where their passwords are; every other one, and every
 * one with the embedded provider (whose page checks the same local passwords), to the local form.
 */
export function loginMethodFor(email: string, config: Pick<Context['config'], 'provider'>): 'LOCAL' | 'PROVIDER' {
  if (config.provider.embedded) return 'LOCAL';
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

export default defineRoutes('identity', (ctx) => {
  const { repos, tokens, config, sessions, passwords, signIns } = ctx;
  const { users, identity } = repos;
  const proof = addressProof(ctx);

  return {
    async getCurrentUser(request) {
      return currentUserOf(repos, principalOf(request).user);
    },

    // The answer depends on the configuration and the address's domain only, never on whether
    // the address has an account: that is decided after the password step, where a miss and a
    // wrong password read the same.
    // A district's connected domain signs in at the district's provider, through the embedded one.
    async authorizeEmail(request) {
      const connection = await ctx.sso.connectionFor(request.body.email);
      if (connection && !connection.allowPasswords) return { loginMethod: 'PROVIDER' as const };
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
        pv: passwordVersion(user.passwordHash),
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

    // Nothing but an e-mailed link starts a demo: an address alone proves nobody owns it. The
    // account is made (or resumed) when the link is followed.
    async startDemo(request, reply) {
      const email = request.body.email.trim().toLowerCase();
      const user = await users.byEmail(email);
      if (user && user.role !== 'DEMO') throw conflict('This e-mail already has an account: sign in instead', 'ACCOUNT_EXISTS');
      await proof.allowMail(email);
      const { expiresAt } = await proof.sendDemoLink(email);
      reply.code(202);
      return { email, expiresAt };
    },

    async startDemoSession(request) {
      const email = await proof.useDemoLink(request.body.ticket);
      let user = await users.byEmail(email);
      // Following the link proved the address: a new demo account starts verified.
      user ??= (await users.create({ role: 'DEMO', email, firstName: '', lastName: '', verifiedAt: clock.now() }, { ifNew: true })) ?? (await users.byEmail(email));
      if (!user || user.role !== 'DEMO') throw conflict('This e-mail already has an account: sign in instead', 'ACCOUNT_EXISTS');
      if (user.deactivatedAt) throw unauthorized('This account has been deactivated', 'ACCOUNT_DEACTIVATED');
      if (!user.verifiedAt) user = (await users.markVerified(user.id)) ?? user;
      const { accessToken, tokenType, expiresIn } = await tokens.issueLocal(user.id, user.role);
      return { accessToken, tokenType, expiresIn };
    },

    // Demo registration (spec §4): the sign-up page turns a demo account into a full one only
    // with this ticket, which only the demo's own session can get.
    async issueDemoRegistrationTicket(request) {
      return proof.registrationTicket(principalOf(request).user);
    },

    async localLogin(request) {
      const { email, password } = request.body;
      // One way in per domain: a connected district's addresses sign in with the district.
      if (!(await ctx.sso.passwordAllowed(email))) {
        throw forbidden('Your school district signs you in with its own account: choose "Sign in with your school account"', 'SSO_REQUIRED');
      }
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
      // The address's owner was invited meanwhile: the invitation, not this account, is theirs.
      if (user.invitedAt && !user.invitationAcceptedAt) {
        throw conflict('This address was invited by a school: its owner accepts the invitation e-mailed to it', 'INVITATION_PENDING');
      }
      await proof.allowMail(user.email);
      await proof.sendVerification(user);
      reply.code(204);
    },

    async signOutEverywhere(request, reply) {
      await sessions.endAll(principalOf(request).user.id);
      reply.code(204);
    },
  };
});
