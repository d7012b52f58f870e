import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { appWide } from './app-wide.ts';

/**
 * The built single-page app (when there is one) and what every unknown path gets: the app for
 * a page the browser asks for (it shows its own 404), the error body for anything else.
 */
export const spa = (staticDir: string) =>
  appWide('spa', async (app: FastifyInstance) => {
    const hasSpa = existsSync(join(staticDir, 'index.html'));
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: staticDir,
        wildcard: false,
        // Paid videos are served by server/routes/media.ts, to signed addresses only. The build's
        // compressed copies (vite.config.ts, `precompress`) are not addresses of their own: a file
        // is sent as its `.br` or `.gz` copy when the browser accepts that encoding.
        globIgnore: ['media/videos/**', '**/*.br', '**/*.gz'],
        preCompressed: true,
        index: false,
        maxAge: '1h',
        immutable: false,
        // Vite names every file under /assets/ by its content hash: it never changes, so browsers
        // keep it for a year without asking again. Everything else (index.html, icons) is 1 h.
        setHeaders: (reply, path) => {
          if (/[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(?:\.br|\.gz)?$/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
          // Names this build's files, as index.html does: asked again (a 304 while unchanged) every time.
          else if (/[\\/]screen-preloads\.json(?:\.br|\.gz)?$/.test(path)) reply.header('cache-control', 'no-cache');
          // The service worker and the web manifest: a new build reaches installed apps on their next visit.
          else if (/[\\/](?:sw\.js|manifest\.webmanifest)(?:\.br|\.gz)?$/.test(path)) reply.header('cache-control', 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
      if (hasSpa && wantsPage) {
        // History fallback: every app route answers with the SPA, which shows its own 404 page.
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${path}` } });
    });
  });
