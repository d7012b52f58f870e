import formbody from '@fastify/formbody';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { passwordVersion } from '../auth/passwords.ts';
import { createBackgroundMail, type Mail } from '../services/mailer.ts';
import { EMAIL_RULES } from '../../src/lib/validation/fields.ts';
import { validate } from '../../src/lib/validation/rules.ts';
import type { Context } from './types.ts';

const MIN_PASSWORD = 10;
const MAX_PASSWORD = 200;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f6fa;color:#1b1f2a}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin-top:0}label{display:block;font-weight:600;margin-top:1rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #6b7280;border-radius:6px;font:inherit}
input:focus,button:focus,a:focus{outline:3px solid #1d4ed8;outline-offset:2px}
button{margin-top:1.5rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.error{color:#b91c1c;font-weight:600}.hint{color:#4b5563;font-size:.9rem}
.switch{margin:1.5rem 0 0;text-align:center}a{color:#1d4ed8}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e5e7eb}main{background:#111827}input{background:#0b1220;color:inherit;border-color:#9ca3af}
.hint{color:#cbd5e1}.error{color:#fca5a5}a{color:#93c5fd}button{background:#2563eb}input:focus,button:focus,a:focus{outline-color:#93c5fd}}`;

/** How long an e-mailed reset link works. */
const RESET_TTL_SECONDS = 60 * 60;
/** Reset e-mails one address may be sent in an hour (more are not sent; the page reads the same). */
const RESETS_PER_EMAIL = 3;
/** Reset requests one network address may make in an hour (a school's staff behind one NAT). */
const RESETS_PER_ADDRESS = 30;
const HOUR_MS = 60 * 60 * 1000;

const expiredPage = () =>
  page(
    'Link expired',
    '<h1>This link has expired</h1><p>Password links work once, for a limited time, and stop when the password changes.</p><p><a href="/account/forgot-password">Ask for a new link</a></p>',
  );

function forgotForm(o: { email?: string; error?: string } = {}) {
  return page(
    'Forgot your password?',
    `<h1>Forgot your password?</h1>
<p>Enter the email address you sign in with. We will send it a link to choose a new password.</p>
${o.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(o.error)}</p>` : ''}
<form method="post" action="/account/forgot-password">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" spellcheck="false" autocapitalize="none"${o.email ? ` value="${escapeHtml(o.email)}"` : ''}${o.error ? ' aria-invalid="true" aria-describedby="form-error"' : ''} autofocus>
<button type="submit">Send the link</button>
</form>
<p class="switch"><a href="/login">Back to sign in</a></p>`,
  );
}

const sentPage = (email: string) =>
  page(
    'Check your email',
    `<h1>Check your email</h1>
<p>If an account uses <strong>${escapeHtml(email)}</strong>, we sent it a link to choose a new password. The link works once, within the next hour.</p>
<p class="hint">Nothing there after a few minutes? Look in your spam folder, or <a href="/account/forgot-password">try another address</a>.</p>
<p class="switch"><a href="/login">Back to sign in</a></p>`,
  );

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Educator Learning Platform</title><link rel="stylesheet" href="/account/account.css"></head>
<body><main>${body}</main></body></html>`;
}

function form(ticket: string, error?: string) {
  return page(
    'Change your password',
    `<h1>Change your password</h1>
${error ? `<p class="error" role="alert" id="form-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/account/password" ${error ? 'aria-describedby="form-error"' : ''}>
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD}" maxlength="${MAX_PASSWORD}" aria-describedby="password-hint">
<p class="hint" id="password-hint">At least ${MIN_PASSWORD} characters.</p>
<label for="confirm">Repeat the new password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD}" maxlength="${MAX_PASSWORD}">
<button type="submit">Change password</button>
</form>`,
  );
}

/**
 * The page behind GET /identity/password-change-url, and password recovery: "Forgot password?"
 * on both sign-in pages leads to /account/forgot-password, which e-mails a link to the same page.
 * Plain HTML, no scripts (strict CSP).
 */
export function accountPages({ repos, tokens, sessions, mailer, limiter, config, sso }: Context) {
  // Encapsulated: form bodies are parsed for these pages only, never for the JSON API.
  return async (app: FastifyInstance) => {
    await app.register(formbody);
    // Sent after the page is answered, so how long it takes says nothing about the address.
    const mail = createBackgroundMail(mailer, app.log.child({ service: 'password-reset' }));
    app.addHook('onClose', async () => mail.drain());

    /** The ticket's claims while it may still change the account's password; null when it may not. */
    async function usable(ticket: string) {
      try {
        const claims = await tokens.verifyTicket(ticket, 'password-change');
        const user = await repos.users.byId(claims.sub);
        return user && claims.pv === passwordVersion(user.passwordHash) ? claims : null;
      } catch {
        return null;
      }
    }

    app.get('/account/forgot-password', async (_request, reply) => {
      return reply.type('text/html').header('cache-control', 'no-store').send(forgotForm());
    });

    app.post<{ Body: { email?: unknown } }>('/account/forgot-password', async (request, reply) => {
      void reply.type('text/html').header('cache-control', 'no-store');
      const email = typeof request.body?.email === 'string' ? request.body.email.trim().toLowerCase() : '';
      const [problem] = validate(email, EMAIL_RULES, 'Email');
      if (problem) return reply.code(400).send(forgotForm({ email, error: problem }));
      // Said by the domain alone (the sign-in page says as much): its password is the district's.
      const connection = await sso.connectionFor(email);
      if (connection && !connection.allowPasswords) {
        return reply
          .code(409)
          .send(forgotForm({ email, error: `${connection.organizationName} signs you in with ${connection.displayName}: its password is managed there. Sign in with your district account, or ask your district's IT team.` }));
      }
      if (!(await limiter.take(`reset:ip:${request.ip}`, 1, { limit: RESETS_PER_ADDRESS, windowMs: HOUR_MS }))) {
        return reply
          .code(429)
          .header('retry-after', '3600')
          .send(forgotForm({ email, error: 'Too many requests from your network: try again in an hour.' }));
      }
      // The answer goes out before the account is even looked up: the page, and how long it
      // takes, read the same whether or not a link was sent.
      mail.post(() => resetMail(email), { purpose: 'password-reset' });
      return reply.send(sentPage(email));
    });

    /**
     * The reset e-mail, or none: only an account with a password of its own gets a link (invited,
     * demo and school-provider accounts have none to reset), at most RESETS_PER_EMAIL an hour.
     */
    async function resetMail(email: string): Promise<Mail | null> {
      const user = await repos.users.byEmail(email);
      if (!user?.passwordHash || !(await limiter.take(`reset:email:${email}`, 1, { limit: RESETS_PER_EMAIL, windowMs: HOUR_MS }))) return null;
      const { ticket } = await tokens.issueTicket(user.id, 'password-change', RESET_TTL_SECONDS, {
        returnUrl: '/',
        pv: passwordVersion(user.passwordHash),
        via: 'email',
      });
      const link = `${config.publicUrl}/account/password?ticket=${ticket}`;
      return {
        to: user.email,
        subject: 'Choose a new password for the Educator Learning Platform',
        text: `Hello ${user.firstName || user.email},\n\nSomeone (we hope you) asked to reset the password of your Educator Learning Platform account. Choose a new one here (the link works once, within the next hour):\n${link}\n\nChoosing a new password signs you out everywhere.\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n`,
      };
    }

    app.get('/account/account.css', async (_req, reply) => reply.type('text/css').header('cache-control', 'public, max-age=3600').send(CSS));

    app.get<{ Querystring: { ticket?: string } }>('/account/password', async (request, reply) => {
      void reply.type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const ticket = request.query.ticket ?? '';
      if (!(await usable(ticket))) return reply.code(400).send(expiredPage());
      return reply.send(form(ticket));
    });

    app.post<{ Body: { ticket?: string; password?: string; confirm?: string } }>('/account/password', async (request, reply) => {
      void reply.type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const { ticket = '', password = '', confirm = '' } = request.body ?? {};
      const claims = await usable(String(ticket));
      if (!claims) return reply.code(400).send(expiredPage());
      if (typeof password !== 'string' || password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
        return reply.code(400).send(form(ticket, `The password must have between ${MIN_PASSWORD} and ${MAX_PASSWORD} characters`));
      }
      if (password !== confirm) return reply.code(400).send(form(ticket, 'The two passwords do not match'));
      // The link is single-use: its ticket id is revoked as it is used.
      const firstUse = await repos.identity.revoke(claims.jti, new Date(claims.exp * 1000));
      if (!firstUse) return reply.code(400).send(page('Link used', '<h1>This link was already used</h1><p>Ask for a new one if you need to change your password again.</p>'));
      await repos.users.setPassword(claims.sub, await hash(password));
      // A link that came by e-mail proves the address (an unproven sign-up's new owner, say).
      if (claims.via === 'email') await repos.users.markVerified(claims.sub);
      // Whoever knew the old password is signed out everywhere, this browser included.
      await sessions.endAll(claims.sub);
      const back = typeof claims.returnUrl === 'string' && claims.returnUrl.startsWith('/') && !claims.returnUrl.startsWith('//') ? claims.returnUrl : '/';
      return reply.send(page('Password changed', `<h1>Your password was changed</h1><p>You were signed out everywhere: sign in again with your new password.</p><p><a href="${escapeHtml(back)}">Continue to sign in</a></p>`));
    });
  };
}
