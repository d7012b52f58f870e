import { randomUUID } from 'node:crypto';
import { SignJWT, createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';
import { HttpError, unauthorized } from '../errors.ts';

/**
 * The claim of the embedded provider's access tokens that names their grant: the sign-in whose
 * refresh tokens the API's logout revokes.
 */
export const GRANT_CLAIM = 'grant_id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `issuedAt` in milliseconds: local tokens and the embedded provider's carry it to the
 * millisecond (`iat_ms`); another provider's whole-second `iat` is read as the start of that
 * second, so a token of the very second its user's sessions were ended counts as older (and is
 * refused, to be safe).
 */
export type VerifiedToken =
  | { kind: 'local'; userId: string; jti: string; expiresAt: Date; issuedAt: number; payload: JWTPayload }
  | { kind: 'provider'; subject: string; jti: string | null; expiresAt: Date; issuedAt: number; payload: JWTPayload; token: string; grantId: string | null };

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * Issues local access tokens (HS256, short-lived, revocable by jti) and verifies both
 * kinds: local ones with the secret, provider ones with RS256 against the provider's JWKS,
 * each checked for issuer, audience, expiry and not-before.
 */
export function createTokenService(config: Config, providerKeys?: JWTVerifyGetKey) {
  const { secret, issuer: localIssuer, ttlSeconds } = config.localTokens;
  const { issuer: providerIssuer, audience } = config.provider;
  const keys = providerKeys ?? createRemoteJWKSet(new URL(config.provider.jwksUrl), { cooldownDuration: 30_000, timeoutDuration: 5_000 });

  async function issueLocal(userId: string, role: string, purpose: 'access' = 'access') {
    const jti = randomUUID();
    const issuedAtMs = Date.now();
    const now = Math.floor(issuedAtMs / 1000);
    const accessToken = await new SignJWT({ role, purpose, iat_ms: issuedAtMs })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(localIssuer)
      .setAudience(audience)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + ttlSeconds)
      .setJti(jti)
      .sign(secret);
    return { accessToken, tokenType: 'Bearer' as const, expiresIn: ttlSeconds, jti };
  }

  /**
   * Tokens whose signature and claims were checked, until they expire: a client sends the same
   * token with every request for minutes, and checking a signature costs more than the two indexed
   * lookups every authenticated request makes (server/auth/principal.ts). The key is the whole
   * token, signature included, so only the very same bytes are taken as checked. Signed-out tokens
   * and ended sessions are refused after this step, on every request.
   */
  const checked = new Map<string, VerifiedToken>();
  const CHECKED_MAX = 20_000;

  async function verify(token: string): Promise<VerifiedToken> {
    const known = checked.get(token);
    if (known) {
      if (known.expiresAt.getTime() > Date.now()) return known;
      checked.delete(token);
    }
    const verified = await verifyUncached(token);
    checked.set(token, Object.freeze(verified));
    if (checked.size > CHECKED_MAX) checked.delete(checked.keys().next().value!);
    return verified;
  }

  async function verifyUncached(token: string): Promise<VerifiedToken> {
    let claims: JWTPayload;
    try {
      claims = decodeJwt(token);
    } catch {
      throw unauthorized('The access token is malformed', 'INVALID_TOKEN');
    }
    try {
      if (claims.iss === localIssuer) {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: localIssuer,
          audience,
          requiredClaims: ['sub', 'exp', 'jti'],
        });
        if (payload.purpose !== 'access' || !UUID.test(payload.sub!)) throw unauthorized('The access token is not valid here', 'INVALID_TOKEN');
        const issuedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
        return { kind: 'local', userId: payload.sub!, jti: payload.jti!, expiresAt: new Date(payload.exp! * 1000), issuedAt, payload };
      }
      if (claims.iss === providerIssuer) {
        const { payload } = await jwtVerify(token, keys, {
          algorithms: ['RS256'],
          issuer: providerIssuer,
          audience,
          requiredClaims: ['sub', 'exp'],
          clockTolerance: 5,
        });
        return {
          kind: 'provider',
          subject: payload.sub!,
          jti: typeof payload.jti === 'string' && payload.jti.length <= 200 ? payload.jti : null,
          expiresAt: new Date(payload.exp! * 1000),
          issuedAt: typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000,
          payload,
          token,
          // The embedded provider's grant (the sign-in that holds the refresh tokens); none from another provider.
          grantId: typeof payload[GRANT_CLAIM] === 'string' && payload[GRANT_CLAIM].length <= 200 ? payload[GRANT_CLAIM] : null,
        };
      }
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('The access token has expired', 'TOKEN_EXPIRED');
      // The provider's keys could not be fetched: not the token's fault, so not a 401 that
      // would sign the user out.
      if (err instanceof joseErrors.JWKSTimeout || !(err instanceof joseErrors.JOSEError)) {
        throw new HttpError(503, 'AUTH_UNAVAILABLE', 'Sign-in is temporarily unavailable, please try again shortly');
      }
      if (err instanceof joseErrors.JOSEError) throw unauthorized('The access token is not valid', 'INVALID_TOKEN');
      throw err;
    }
    throw unauthorized('The access token was not issued for this application', 'INVALID_TOKEN');
  }

  /** Signed, expiring, single-use tickets for links (password change). */
  async function issueTicket(userId: string, purpose: string, ttl: number, extra: Record<string, string> = {}) {
    const jti = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const ticket = await new SignJWT({ purpose, ...extra })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(localIssuer)
      .setAudience(`${localIssuer}/${purpose}`)
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .setJti(jti)
      .sign(secret);
    return { ticket, expiresAt: new Date((now + ttl) * 1000) };
  }

  async function verifyTicket(ticket: string, purpose: string) {
    const { payload } = await jwtVerify(ticket, secret, {
      algorithms: ['HS256'],
      issuer: localIssuer,
      audience: `${localIssuer}/${purpose}`,
      requiredClaims: ['sub', 'exp', 'jti'],
    });
    if (payload.purpose !== purpose) throw unauthorized('This link is not valid', 'INVALID_TICKET');
    return payload as JWTPayload & { sub: string; jti: string; exp: number };
  }

  return { issueLocal, verify, issueTicket, verifyTicket };
}
