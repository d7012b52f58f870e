import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import type { IdentityRepository } from '../repositories/identity.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { SsoRepository } from '../repositories/sso.ts';
import type { TokenService, VerifiedToken } from './tokens.ts';
import { clock } from '../clock.ts';

export type UserRow = typeof users.$inferSelect;
export type Principal = {
  user: UserRow;
  /**
   * The token's id and expiry, so that signing out can revoke exactly this token, and the
   * embedded provider's grant it was issued under (its refresh tokens go too).
   */
  token: { kind: 'local' | 'provider'; jti: string | null; expiresAt: Date; grantId: string | null };
};

/**
 * A user's tokens stop working when the account is deactivated, or when they were issued before
 * the user's sessions were ended (password or role changed, "sign out everywhere").
 */
export function sessionRefusal(user: UserRow, issuedAtMs: number) {
  if (user.deactivatedAt) return unauthorized('This account has been deactivated', 'ACCOUNT_DEACTIVATED');
  if (user.sessionsNotBefore && issuedAtMs < user.sessionsNotBefore.getTime()) return unauthorized('This session has ended, please sign in again', 'SESSION_ENDED');
  return null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header);
  return match?.[1] ?? null;
}

type ProviderClaims = { email?: string; email_verified?: boolean; given_name?: string; family_name?: string; name?: string; org_id?: string };

/**
 * Resolves a verified token to the user it stands for. A provider user's first call creates
 * their record, or links an existing one with the same e-mail (for example an invited educator).
 */
export function createAuthenticator(
  repos: { users: UsersRepository; identity: IdentityRepository; sso: SsoRepository },
  tokens: TokenService,
  fetchUserInfo: (token: string) => Promise<ProviderClaims | null>,
) {
  const { users, identity } = repos;
  async function principalFor(verified: VerifiedToken): Promise<Principal> {
    const token = { kind: verified.kind, jti: verified.jti, expiresAt: verified.expiresAt, grantId: verified.kind === 'provider' ? verified.grantId : null };
    // The account and the token's revocation in one statement: a signed-out token stops at once.
    const found = await users.forToken(verified.kind === 'local' ? { id: verified.userId } : { ssoId: verified.subject }, verified.jti);
    const user = found?.user;
    const revoked = found ? found.revoked : verified.jti ? await identity.isRevoked(verified.jti) : false;
    if (revoked) throw unauthorized('This session has been signed out', 'TOKEN_REVOKED');
    if (user) {
      const refusal = sessionRefusal(user, verified.issuedAt);
      if (refusal) throw refusal;
      return { user, token };
    }
    if (verified.kind === 'local') throw unauthorized('This account no longer exists', 'UNKNOWN_USER');

    // Access tokens carry the e-mail as a claim, a namespaced custom claim, or not at all (then
    // the provider's userinfo tells).
    const namespaced = (name: string) => Object.entries(verified.payload).find(([k]) => k.endsWith(`/${name}`))?.[1];
    let claims: ProviderClaims & Record<string, unknown> = { ...(verified.payload as ProviderClaims) };
    if (typeof namespaced('email') === 'string') claims.email = namespaced('email') as string;
    if (typeof namespaced('email_verified') === 'boolean') claims.email_verified = namespaced('email_verified') as boolean;
    if (!claims.email) claims = { ...claims, ...((await fetchUserInfo(verified.token)) ?? {}) };
    const email = claims.email?.trim().toLowerCase();
    if (!email) throw unauthorized('The identity provider did not share an e-mail address', 'NO_EMAIL');

    const linked = await linkOrCreate(verified.subject, email, claims).catch(async (err: unknown) => {
      // Two first calls raced and the other one created the record: use it.
      if ((err as { code?: string })?.code !== '23505' && !String((err as { cause?: { code?: string } })?.cause?.code).includes('23505')) throw err;
      const created = await users.bySsoId(verified.subject);
      if (!created) throw err;
      return created;
    });
    const refusal = sessionRefusal(linked, verified.issuedAt);
    if (refusal) throw refusal;
    return { user: linked, token };
  }

  /**
   * Where an Auth0 Organization's teacher starts (its token's `org_id`, an AUTH0 connection):
   * the school its claim names (a namespaced claim of the connection's school claim), else the
   * organization itself. None without one.
   */
  async function organizationOf(claims: ProviderClaims & Record<string, unknown>): Promise<string | null> {
    const connection = typeof claims.org_id === 'string' ? await repos.sso.forAuth0Organization(claims.org_id) : undefined;
    // Only a verified address of the Organization's own domains joins it (a Database sign-up left on at Auth0 does not).
    const domain = claims.email?.trim().toLowerCase().split('@').pop() ?? '';
    if (!connection || claims.email_verified !== true || (await repos.sso.forDomain(domain))?.id !== connection.id) return null;
    const claim = connection.schoolClaim;
    const value = claim ? Object.entries(claims).find(([name]) => name === claim || name.endsWith(`/${claim}`))?.[1] : undefined;
    return (typeof value === 'string' ? await repos.sso.schoolOf(connection.organizationId, value) : undefined) ?? connection.organizationId;
  }

  async function linkOrCreate(subject: string, email: string, claims: ProviderClaims & Record<string, unknown>): Promise<UserRow> {
    // Read before the transaction: the embedded database has one connection, which it holds.
    const organizationId = await organizationOf(claims);
    return users.transaction(async (tx) => {
      const existing = await tx.byEmail(email);
      if (existing) {
        // A concurrent first call of the same subject created it a moment ago.
        if (existing.ssoId === subject) return existing;
        if (existing.ssoId && existing.ssoId !== subject) {
          throw unauthorized('This e-mail is linked to another sign-in', 'SSO_CONFLICT');
        }
        // The embedded provider names its accounts by their id: this is the account itself,
        // signing in for the first time (its address may still be unproven: the policy says what
        // it may do until then).
        if (existing.id === subject) return tx.linkSso(existing.id, subject, { accepts: false });
        // Linking hands the existing account over: only for an address the provider verified.
        if (claims.email_verified !== true) {
          throw unauthorized('Verify your e-mail address with your sign-in provider to use your existing account', 'EMAIL_NOT_VERIFIED');
        }
        return tx.linkSso(existing.id, subject);
      }
      const [first = '', ...rest] = (claims.name ?? '').split(' ');
      const created = await tx.create({
        ssoId: subject,
        role: 'USER',
        organizationId,
        email,
        firstName: claims.given_name ?? first,
        lastName: claims.family_name ?? rest.join(' '),
        verifiedAt: claims.email_verified === true ? clock.now() : null,
      });
      return created!;
    });
  }

  async function authenticate(request: FastifyRequest): Promise<Principal> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const principal = await principalFor(await tokens.verify(token));
    request.principal = principal;
    return principal;
  }

  return { authenticate, principalFor };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
