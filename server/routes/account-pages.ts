import formbody from '@fastify/formbody';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
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
.error{color:#b91c1c;font-weight:600}.hint{color:#4b5563;font-size:.9rem}`;

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

/** The page behind GET /identity/password-change-url: plain HTML, no scripts (strict CSP). */
export function accountPages({ repos, tokens, sessions }: Context) {
  // Encapsulated: form bodies are parsed for these pages only, never for the JSON API.
  return async (app: FastifyInstance) => {
    await app.register(formbody);
    app.get('/account/account.css', async (_req, reply) => reply.type('text/css').header('cache-control', 'public, max-age=3600').send(CSS));

    app.get<{ Querystring: { ticket?: string } }>('/account/password', async (request, reply) => {
      void reply.type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const ticket = request.query.ticket ?? '';
      try {
        await tokens.verifyTicket(ticket, 'password-change');
      } catch {
        return reply.code(400).send(page('Link expired', '<h1>This link has expired</h1><p>Ask for a new password link from your profile page.</p>'));
      }
      return reply.send(form(ticket));
    });

    app.post<{ Body: { ticket?: string; password?: string; confirm?: string } }>('/account/password', async (request, reply) => {
      void reply.type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const { ticket = '', password = '', confirm = '' } = request.body ?? {};
      let claims;
      try {
        claims = await tokens.verifyTicket(String(ticket), 'password-change');
      } catch {
        return reply.code(400).send(page('Link expired', '<h1>This link has expired</h1><p>Ask for a new password link from your profile page.</p>'));
      }
      if (typeof password !== 'string' || password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
        return reply.code(400).send(form(ticket, `The password must have between ${MIN_PASSWORD} and ${MAX_PASSWORD} characters`));
      }
      if (password !== confirm) return reply.code(400).send(form(ticket, 'The two passwords do not match'));
      // The link is single-use: its ticket id is revoked as it is used.
      const firstUse = await repos.identity.revoke(claims.jti, new Date(claims.exp * 1000));
      if (!firstUse) return reply.code(400).send(page('Link used', '<h1>This link was already used</h1><p>Ask for a new one if you need to change your password again.</p>'));
      await repos.users.setPassword(claims.sub, await hash(password));
      // Whoever knew the old password is signed out everywhere, this browser included.
      await sessions.endAll(claims.sub);
      const back = typeof claims.returnUrl === 'string' && claims.returnUrl.startsWith('/') && !claims.returnUrl.startsWith('//') ? claims.returnUrl : '/';
      return reply.send(page('Password changed', `<h1>Your password was changed</h1><p>You were signed out everywhere: sign in again with your new password.</p><p><a href="${escapeHtml(back)}">Continue</a></p>`));
    });
  };
}
