import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Context } from './types.ts';

/**
 * /admin and everything under it: the platform admin site, a single-page app of its own
 * (admin.html and its chunks, built beside the educator app in the static folder). Its own
 * router shows its screens and its own 404; it signs in, and out, with the same session as the
 * educator app. Without a build there is nothing to show but why.
 */
export function adminPage({ config }: Context) {
  const file = join(config.staticDir, 'admin.html');
  return async (app: FastifyInstance) => {
    async function serve(_request: unknown, reply: FastifyReply) {
      if (!existsSync(file)) {
        return reply.code(503).send({ error: { code: 'ADMIN_SITE_NOT_BUILT', message: 'The admin site is not built yet (npm run build)' } });
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await readFile(file));
    }
    app.get('/admin', serve);
    app.get('/admin/*', serve);
  };
}
