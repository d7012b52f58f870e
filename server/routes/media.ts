import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import { renderCaptions } from '../media/captions.ts';
import { renderPoster } from '../media/posters.ts';
import { parseRange } from '../media/ranges.ts';
import type { ByteRange } from '../media/storage.ts';
import type { Context } from './types.ts';

/** A public id as the catalogue writes them (slugs); anything else cannot be an item. */
const PUBLIC_ID = '[A-Za-z0-9_-]{1,200}';
const POSTER_FILE = new RegExp(`^(${PUBLIC_ID})\\.svg$`);
const CAPTIONS_FILE = new RegExp(`^(${PUBLIC_ID})\\.en\\.vtt$`);
/** The seeded clips (public/media/videos), served from the built app's folder. */
const CLIP_FILE = /^[A-Za-z0-9_-]{1,200}\.(webm|mp4)$/;
const CLIP_TYPES: Record<string, string> = { webm: 'video/webm', mp4: 'video/mp4' };

/**
 * Browsers and proxies keep a poster for a week without asking (titles of published items do not
 * change), then revalidate with the ETag.
 */
const CACHE = 'public, max-age=604800';
/** An upload's URL names its id, and an upload never changes. */
const UPLOAD_CACHE = 'public, max-age=31536000, immutable';
/** Paid files: this browser only, while the signed address lasts. */
const signedCache = (secondsLeft: number) => `private, max-age=${secondsLeft}`;

const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ error: { code, message } });
const notFound = (reply: FastifyReply, what: string) => refuse(reply, 404, 'NOT_FOUND', `No ${what} with this name`);

const matchesEtag = (request: FastifyRequest, etag: string) => request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;

/** Sends a generated file with its ETag, or 304 when the browser already holds this version. */
function sendGenerated(request: FastifyRequest, reply: FastifyReply, type: string, body: string, cache: string) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  reply.header('cache-control', cache).header('etag', etag).header('x-content-type-options', 'nosniff');
  if (matchesEtag(request, etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

type StoredFile = { what: string; size: number; etag: string; mimeType: string; cache: string; open: (range?: ByteRange) => Promise<Readable | null> };

/** Sends a stored file, or the byte range a player asks for to seek (206), 416 past its end. */
async function sendStored(request: FastifyRequest, reply: FastifyReply, file: StoredFile) {
  const range = parseRange(request.headers.range, file.size);
  reply
    .header('cache-control', file.cache)
    .header('etag', file.etag)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .type(file.mimeType.startsWith('text/') ? `${file.mimeType}; charset=utf-8` : file.mimeType);
  if (matchesEtag(request, file.etag)) return reply.code(304).send();
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).type('application/json').send({ error: { code: 'RANGE_NOT_SATISFIABLE', message: `The file has ${file.size} bytes` } });
  }
  const body = await file.open(range ?? undefined);
  if (!body) return notFound(reply, file.what);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  return reply.header('content-length', range ? range.end - range.start + 1 : file.size).send(body);
}

/**
 * The media the app shows, outside the API. Posters (generated per item, or uploaded) are public.
 * Videos, captions and reproducible files are paid content: each request needs the signed address
 * GET /catalog/items/{id}/video hands to a user with access (server/media/signed-urls.ts), byte
 * ranges included, else 403. No file is written for a generated poster or captions file, so a
 * catalogue of any size costs nothing until one is shown.
 */
export function mediaRoutes({ repos, uploads, config, mediaUrls }: Context) {
  const clipsDir = resolve(config.staticDir, 'media', 'videos');

  /** The seconds the request's signed address has left, or null once it was refused. */
  function signedFor(request: FastifyRequest, reply: FastifyReply): number | null {
    try {
      return mediaUrls.check(request.url);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      void refuse(reply, err.statusCode, err.code, err.message);
      return null;
    }
  }

  return async (app: FastifyInstance) => {
    app.get<{ Params: { file: string } }>('/media/posters/:file', async (request, reply) => {
      const publicId = POSTER_FILE.exec(request.params.file)?.[1];
      const item = publicId ? await repos.media.item(publicId) : undefined;
      if (!item) return notFound(reply, 'poster');
      const { category, strand } = await repos.media.place(item.id);
      return sendGenerated(request, reply, 'image/svg+xml; charset=utf-8', renderPoster({ title: item.title, kind: item.resourceType, category, strand }), CACHE);
    });

    /** GET /media/captions/{publicId}.en.vtt: the item's English captions, drawn from the item. */
    app.get<{ Params: { file: string } }>('/media/captions/:file', async (request, reply) => {
      const secondsLeft = signedFor(request, reply);
      if (secondsLeft === null) return reply;
      const publicId = CAPTIONS_FILE.exec(request.params.file)?.[1];
      const item = publicId ? await repos.media.item(publicId) : undefined;
      if (!item || item.videoSeconds === null) return notFound(reply, 'captions');
      const vtt = renderCaptions({ title: item.title, description: item.description, guide: item.implementationGuide, durationSeconds: item.videoSeconds });
      return sendGenerated(request, reply, 'text/vtt; charset=utf-8', vtt, signedCache(secondsLeft));
    });

    /**
     * GET /media/videos/{file}: a seeded demo clip, from the built app's folder (the app's static
     * files leave this folder to this route). Not compressed: a byte range counts the stored bytes.
     */
    app.get<{ Params: { file: string } }>('/media/videos/:file', { compress: false }, async (request, reply) => {
      const secondsLeft = signedFor(request, reply);
      if (secondsLeft === null) return reply;
      const kind = CLIP_FILE.exec(request.params.file)?.[1];
      const path = join(clipsDir, request.params.file);
      const info = kind ? await stat(path).catch(() => null) : null;
      if (!kind || !info?.isFile()) return notFound(reply, 'video');
      return sendStored(request, reply, {
        what: 'video',
        size: info.size,
        etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
        mimeType: CLIP_TYPES[kind]!,
        cache: signedCache(secondsLeft),
        open: async (range) => createReadStream(path, range ?? {}),
      });
    });

    /**
     * GET /media/uploads/{id}/{fileName}: a file the admin site uploaded, from the media storage
     * (local disk or S3, the same path for both), with byte ranges for seeking in a video. An
     * upload never changes: a poster is kept for a year without asking, a paid file while its
     * signed address lasts. Not compressed: videos and images are compressed already, and a byte
     * range must count the stored bytes.
     */
    app.get<{ Params: { id: string; file: string } }>('/media/uploads/:id/:file', { compress: false }, async (request, reply) => {
      const row = await uploads.find(request.params.id, request.params.file);
      if (!row) return notFound(reply, 'upload');
      let cache = UPLOAD_CACHE;
      if (row.kind !== 'poster') {
        const secondsLeft = signedFor(request, reply);
        if (secondsLeft === null) return reply;
        cache = signedCache(secondsLeft);
      }
      return sendStored(request, reply, {
        what: 'upload',
        size: row.size,
        etag: `"${row.id}"`,
        mimeType: row.mimeType,
        cache,
        open: (range) => uploads.open(row, range),
      });
    });
  };
}
