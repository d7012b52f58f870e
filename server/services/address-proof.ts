import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors } from 'jose';
import type { UserRow } from '../auth/principal.ts';
import { clock } from '../clock.ts';
import { gone, HttpError, notFound } from '../errors.ts';
import type { Context } from '../routes/types.ts';

/** How long an e-mail verification link stays valid. */
export const VERIFICATION_TTL_MS = 7 * 24 * 3600 * 1000;
/** How long a demo's sign-in link stays valid (single use). */
export const DEMO_LINK_TTL_SECONDS = 24 * 3600;
/** How long the ticket a demo session hands to the sign-up page (demo registration) stays valid. */
export const DEMO_REGISTRATION_TTL_SECONDS = 15 * 60;
/** E-mails one address may be sent in an hour by asking for them (a demo link, a new verification link). */
export const PROOF_MAILS_PER_HOUR = 5;

const DEMO_LINK = 'demo-link';
const DEMO_REGISTRATION = 'demo-registration';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

type Deps = Pick<Context, 'repos' | 'mailer' | 'tokens' | 'config' | 'limiter'>;

/**
 * Proof that whoever acts for an address can read its mail: the link that confirms a new
 * account's address, the link that starts a demo, and the short ticket a demo session hands to
 * the sign-up page so that only it can turn its demo account into a full one.
 */
export function addressProof({ repos, mailer, tokens, config, limiter }: Deps) {
  /** Sent only this often to one address, whoever asks: nobody can flood an inbox through us. */
  async function allowMail(email: string) {
    if (!config.rateLimit.enabled) return;
    const granted = await limiter.take(`proof-mail:${email}`, 1, { limit: PROOF_MAILS_PER_HOUR, windowMs: 3600 * 1000 });
    if (!granted) throw new HttpError(429, 'RATE_LIMITED', 'We already e-mailed this address several times in the last hour; please check your inbox or try again later');
  }

  async function ticketClaims(ticket: string, purpose: string) {
    try {
      return await tokens.verifyTicket(ticket, purpose);
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw gone('This link has expired: ask for a new one', 'TOKEN_EXPIRED');
      throw notFound('This link is not valid: ask for a new one', 'TOKEN_NOT_FOUND');
    }
  }

  return {
    allowMail,

    /** E-mails a new single-use link that confirms the account's address. */
    async sendVerification(user: Pick<UserRow, 'id' | 'email'>) {
      const token = randomBytes(32).toString('base64url');
      await repos.identity.addVerification(sha256(token), user.id, new Date(clock.ms() + VERIFICATION_TTL_MS));
      const link = `${config.publicUrl}/email-verification?verification-token=${token}`;
      await mailer.send({
        to: user.email,
        subject: 'Confirm your e-mail address',
        text: `Welcome to the Educator Learning Platform.\n\nConfirm your e-mail address by opening this link within 7 days:\n${link}\n\nIf you did not ask for this, you can ignore this message.`,
      });
    },

    /** E-mails a single-use link that starts (or resumes) the demo account of an address. */
    async sendDemoLink(email: string) {
      const { ticket, expiresAt } = await tokens.issueTicket(email, DEMO_LINK, DEMO_LINK_TTL_SECONDS);
      await mailer.send({
        to: email,
        subject: 'Your link to the Educator Learning Platform demo',
        text: `Open this link to start your demo of the Educator Learning Platform (it works once, within 24 hours):\n${config.publicUrl}/demo?ticket=${ticket}\n\nIf you did not ask for this, you can ignore this message.`,
      });
      return { expiresAt };
    },

    /** The address a demo link was sent to; the link is used up by this call. */
    async useDemoLink(ticket: string): Promise<string> {
      const claims = await ticketClaims(ticket, DEMO_LINK);
      if (!(await repos.identity.revoke(claims.jti, new Date(claims.exp * 1000)))) throw gone('This link has already been used: ask for a new one', 'TOKEN_USED');
      return claims.sub;
    },

    /** A ticket naming a demo account, for the sign-up page of its registration. */
    registrationTicket: (user: Pick<UserRow, 'id'>) => tokens.issueTicket(user.id, DEMO_REGISTRATION, DEMO_REGISTRATION_TTL_SECONDS),

    /** The demo account a registration ticket names, or null for anything else. */
    async registeringDemoId(ticket: unknown): Promise<string | null> {
      if (typeof ticket !== 'string' || !ticket) return null;
      try {
        return (await tokens.verifyTicket(ticket, DEMO_REGISTRATION)).sub;
      } catch {
        return null;
      }
    },
  };
}
