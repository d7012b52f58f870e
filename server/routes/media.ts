import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderCaptions } from '../media/captions.ts';
import { renderPoster } from '../media/posters.ts';
import { parseRange } from '../media/ranges.ts';
import type { Context } from './types.ts';

/** A public id as the catalogue writes them (slugs); anything else cannot be an item. */
const PUBLIC_ID = '[A-Za-z0-9_-]{1,200}';
const POSTER_FILE = new RegExp(`^(${PUBLIC_ID})\\.svg$`);
const CAPTIONS_FILE = new RegExp(`^(${PUBLIC_ID})\\.en\\.vtt$`);

/**
 * Browsers and proxies keep a poster or captions file for a week without asking (titles of
 * published items do not change), then revalidate with the ETag.
 */
const CACHE = 'public, max-age=604800';
/** An upload's URL names its id, and an upload never changes. */
const UPLOAD_CACHE = 'public, max-age=31536000, immutable';

const notFound = (reply: FastifyReply, what: string) =>
  reply.code(404).header('cache-control', 'no-store').send({ error: { code: 'NOT_FOUND', message: `No ${what} with this name` } });

/** Sends a generated file with its ETag, or 304 when the browser already holds this version. */
function sendGenerated(request: FastifyRequest, reply: FastifyReply, type: string, body: string) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  reply.header('cache-control', CACHE).header('etag', etag).header('x-content-type-options', 'nosniff');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

/**
 * GET /media/posters/{publicId}.svg and GET /media/captions/{publicId}.en.vtt: each catalogue
 * item's poster and its video's captions, drawn from the item (server/media). Public like the
 * video files beside them; no file is written, so a catalogue of any size costs nothing until a
 * poster is shown.
 */
export function mediaRoutes({ repos, uploads }: Context) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { file: string } }>('/media/posters/:file', async (request, reply) => {
      const publicId = POSTER_FILE.exec(request.params.file)?.[1];
      const item = publicId ? await repos.media.item(publicId) : undefined;
      if (!item) return notFound(reply, 'poster');
      const { category, strand } = await repos.media.place(item.id);
      return sendGenerated(request, reply, 'image/svg+xml; charset=utf-8', renderPoster({ title: item.title, kind: item.resourceType, category, strand }));
    });

    app.get<{ Params: { file: string } }>('/media/captions/:file', async (request, reply) => {
      const publicId = CAPTIONS_FILE.exec(request.params.file)?.[1];
      const item = publicId ? await repos.media.item(publicId) : undefined;
      if (!item || item.videoSeconds === null) return notFound(reply, 'captions');
      const vtt = renderCaptions({ title: item.title, description: item.description, guide: item.implementationGuide, durationSeconds: item.videoSeconds });
      return sendGenerated(request, reply, 'text/vtt; charset=utf-8', vtt);
    });

    /**
     * GET /media/uploads/{id}/{fileName}: a file the admin site uploaded, from the media storage
     * (local disk or S3, the same path for both), with byte ranges for seeking in a video. An
     * upload never changes, so it is kept for a year without asking. Not compressed: videos and
     * images are compressed already, and a byte range must count the stored bytes.
     */
    app.get<{ Params: { id: string; file: string } }>('/media/uploads/:id/:file', { compress: false }, async (request, reply) => {
      const row = await uploads.find(request.params.id, request.params.file);
      if (!row) return notFound(reply, 'upload');
      const range = parseRange(request.headers.range, row.size);
      const etag = `"${row.id}"`;
      reply
        .header('cache-control', UPLOAD_CACHE)
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        .type(row.mimeType.startsWith('text/') ? `${row.mimeType}; charset=utf-8` : row.mimeType);
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${row.size}`).type('application/json').send({ error: { code: 'RANGE_NOT_SATISFIABLE', message: `The file has ${row.size} bytes` } });
      }
      const body = await uploads.open(row, range ?? undefined);
      if (!body) return notFound(reply, 'upload');
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${row.size}`);
      return reply.header('content-length', range ? range.end - range.start + 1 : row.size).send(body);
    });
  };
}
