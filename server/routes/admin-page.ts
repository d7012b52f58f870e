import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { layout, STYLESHEET, STYLESHEET_PATH } from '../auth/provider/pages.ts';
import type { Context } from './types.ts';

/**
 * GET /admin: where platform admins are sent (the separate admin site). It does not exist yet,
 * so this plain server page (never the SPA) says so, links to the one app page meant for
 * platform admins (the statechart viewer) and offers to sign out. Signing out goes
 * through the identity provider's /v2/logout back to /login, and clears this origin's storage
 * so the app does not keep a cached token of the admin.
 */
export function adminPage({ config }: Context) {
  const { clientId, embedded, issuer } = config.provider;
  const logoutUrl = new URL(embedded ? '/v2/logout' : 'v2/logout', embedded ? config.publicUrl : issuer);
  logoutUrl.searchParams.set('client_id', clientId);
  logoutUrl.searchParams.set('returnTo', `${config.publicUrl}/login`);

  return async (app: FastifyInstance) => {
    // Encapsulated: the sign-out form's body is parsed here only.
    await app.register(formbody, { bodyLimit: 1024 });
    // The provider's pages serve the stylesheet when the provider is embedded; else it is served here.
    if (!embedded) {
      app.get(STYLESHEET_PATH, async (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
      );
    }

    app.get('/admin', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          layout(
            'Platform administration',
            `<h1>Platform administration</h1>
<p class="lead">The platform admin site is not available yet.</p>
<p>Your account is a platform administrator account, so the learning platform itself is not shown here. Sign out to use another account.</p>
<p>Staff tools: <a href="/statecharts">Statecharts</a>, every flow of the learning platform drawn as a statechart.</p>
<form method="post" action="/admin/sign-out">
<div class="actions"><button type="submit">Sign out</button></div>
</form>`,
          ),
        ),
    );

    // A plain form post (no body needed): answered with a redirect to the provider's logout.
    app.post('/admin/sign-out', async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('clear-site-data', '"storage"')
        .redirect(logoutUrl.href, 303),
    );
  };
}
