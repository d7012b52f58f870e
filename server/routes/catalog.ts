import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { accessRefusal } from '../auth/enforce.ts';
import { clock } from '../clock.ts';
import { notFound, unprocessable } from '../errors.ts';
import { offlineUntil } from '../services/offline.ts';
import { defineRoutes, principalOf } from './types.ts';

const gzipped = promisify(gzip);

/** Recommendation list sizes (spec §7/§9: recommended playlists and in-progress are cut to 3). */
export const RECOMMENDATION_LIMITS = { featured: 12, recommended: 12, playlists: 3, new: 12, inProgress: 3 } as const;

/**
 * Reference data every screen asks for at start and that changes only when an admin edits it:
 * sent with a validator and `no-cache`, so a browser that has it asks "changed?" and gets an
 * empty 304 when it is not. A weak ETag: the gzip and the plain bytes are the same data.
 */
type Revalidated = { body: Buffer; etag: string; gzip?: Buffer };
const revalidated = (json: string): Revalidated => {
  const body = Buffer.from(json);
  return { body, etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
};
function sendRevalidated(request: FastifyRequest, reply: FastifyReply, { body, etag, gzip }: Revalidated) {
  reply.header('cache-control', 'private, no-cache').header('etag', etag).header('vary', 'accept-encoding');
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.slice(2))) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  // Compressed once with the answer it belongs to (the compression plugin leaves an encoded body alone).
  if (gzip && acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(gzip);
  return reply.send(body);
}
const acceptsGzip = (header: string | undefined) =>
  (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });

/** Every archive entry has the same date, so the same files make the same archive. */
const ARCHIVE_DATE = new Date('2026-01-01T00:00:00Z');

export default defineRoutes('catalog', ({ repos, uploads, mediaUrls }) => {
  const { catalog, progress, profiles } = repos;
  /**
   * The framework tree's answer for the version the database holds: at six frameworks (4,500
   * items, 1.5 MB of JSON, 220 KB gzipped) reading, serializing and compressing it took about 35 ms
   * of server CPU per app start, the largest cost of a morning's sign-ins (docs/decisions.md).
   */
  let framework: { version: string; answer: Promise<Revalidated> } | null = null;
  async function frameworkAnswer(): Promise<Revalidated> {
    const version = await catalog.frameworkVersion();
    if (version !== null && framework?.version === version) return framework.answer;
    const answer = catalog.nasotItems().then(async (data) => {
      const made = revalidated(JSON.stringify({ data }));
      return { ...made, gzip: await gzipped(made.body) };
    });
    if (version !== null) {
      framework = { version, answer };
      // A failed read is not kept.
      answer.catch(() => {
        if (framework?.answer === answer) framework = null;
      });
    }
    return answer;
  }
  return {
    async searchCatalog(request) {
      const { user } = principalOf(request);
      // What is said in a video is paid content like its captions file: matched for those with access only.
      const spoken = (await accessRefusal(user, repos.billing)) === null;
      return catalog.search(user.id, request.query, { spoken });
    },

    async listCatalogItems(request) {
      return catalog.list(principalOf(request).user.id, request.query);
    },

    async getCatalogItem(request) {
      const { user } = principalOf(request);
      const { summary, item, reproducibles, entries, rating, rubricScore } = await catalog.detail(await catalog.findItem(request.params.id), user.id);
      return {
        ...summary,
        // Drafts are not found; an archived item opened directly still shows, marked as such.
        status: item.status === 'ARCHIVED' ? 'ARCHIVED' : 'PUBLISHED',
        hasVideo: item.videoId !== null,
        implementationGuide: item.implementationGuide,
        resources: item.resources,
        rubric: item.rubric,
        reproducibles,
        joinUrl: item.joinUrl,
        catalogItems: entries,
        userRating: rating ? { id: rating.id, catalogItemId: rating.catalogItemId, value: rating.value, createdAt: rating.createdAt } : null,
        userRubricScore: rubricScore?.value ?? null,
      };
    },

    async listAudiences(request, reply) {
      return sendRevalidated(request, reply, revalidated(JSON.stringify({ data: await catalog.audiences() })));
    },

    async listNasotItems(request, reply) {
      return sendRevalidated(request, reply, await frameworkAnswer());
    },

    async rateCatalogItem(request, reply) {
      const item = await catalog.findItem(request.params.id);
      const rating = await progress.rate(principalOf(request).user.id, item.id, request.body.value);
      reply.code(201);
      return { id: rating.id, catalogItemId: rating.catalogItemId, value: rating.value, createdAt: rating.createdAt };
    },

    async deleteRating(request, reply) {
      const item = await catalog.findItem(request.params.id);
      // Another learner's rating is reported as missing, so ids cannot be probed.
      if (!(await progress.deleteRating(principalOf(request).user.id, item.id, request.params.ratingId))) throw notFound('Rating not found');
      reply.code(204);
    },

    async getCatalogItemVideo(request) {
      const item = await catalog.findItem(request.params.id);
      const video = item.videoId ? await catalog.video(item.videoId) : undefined;
      if (!video) throw notFound('This item has no video');
      // A learner's play session starts here: what it covers counts as watched (services/watched.ts).
      const { user } = principalOf(request);
      const playSession = user.role === 'ADMIN' ? undefined : await progress.startPlaySession(user.id, item.id);
      return {
        catalogItemId: item.id,
        ...(playSession && { playSession }),
        url: mediaUrls.sign(video.url, user.id),
        mimeType: video.mimeType,
        durationSeconds: video.durationSeconds,
        posterUrl: video.posterUrl,
        captions: video.captions.map((track) => ({ ...track, src: mediaUrls.sign(track.src, user.id) })),
        offlineUntil: (await offlineUntil(user, repos.billing, clock.now())).toISOString(),
      };
    },

    async downloadReproducibles(request, reply) {
      const item = await catalog.findItem(request.params.id);
      const files = await catalog.reproducibles(item.id);
      if (!files.length) throw notFound('This item has no reproducibles');
      // Saved for offline use, the files are on the device but the teacher has not opened them yet.
      if (request.query.purpose !== 'offline') await progress.markReproduciblesDownloaded(principalOf(request).user.id, item.id);
      const zip = new yazl.ZipFile();
      const used = new Set<string>();
      for (const file of files) {
        let name = file.fileName;
        for (let n = 2; used.has(name); n++) name = file.fileName.replace(/(\.[^.]*)?$/, ` (${n})$1`);
        used.add(name);
        if (file.content) zip.addBuffer(file.content, name, { mtime: ARCHIVE_DATE });
        else if (file.storageKey) {
          // An uploaded file is read from the media storage when the archive reaches it.
          const key = file.storageKey;
          zip.addReadStreamLazy(name, { mtime: ARCHIVE_DATE }, (done) =>
            uploads.open({ storageKey: key }).then(
              (stream) => (stream ? done(null, stream) : done(new Error(`the media storage has no ${key}`), null as never)),
              (err: Error) => done(err, null as never),
            ),
          );
        }
      }
      zip.end();
      const filename = `${request.query.archiveName}.zip`;
      void reply
        .code(200)
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
      return reply.send(zip.outputStream);
    },

    async saveRubricScore(request) {
      const item = await catalog.findItem(request.params.id);
      if (item.resourceType !== 'LEARNING_OBJECT') throw unprocessable('Only learning objects have a reflection rubric', 'NO_RUBRIC');
      const saved = await progress.saveRubricScore(principalOf(request).user.id, item.id, request.body.value);
      return { catalogItemId: saved.catalogItemId, value: saved.value, updatedAt: saved.updatedAt };
    },

    async applyStrategy(request, reply) {
      const item = await catalog.findItem(request.params.id);
      if (item.resourceType !== 'LEARNING_OBJECT') throw unprocessable('Only strategies (learning objects) can be applied', 'NOT_A_STRATEGY');
      const applied = await progress.applyStrategy(principalOf(request).user.id, item.id);
      reply.code(201);
      return { catalogItemId: applied.catalogItemId, appliedAt: applied.appliedAt };
    },

    async removeStrategyApplication(request, reply) {
      const item = await catalog.findItem(request.params.id);
      await progress.removeStrategyApplication(principalOf(request).user.id, item.id);
      reply.code(204);
    },

    async getFeaturedItems() {
      return { data: await catalog.featured(RECOMMENDATION_LIMITS.featured) };
    },

    async getRecommendedItems(request) {
      const { user } = principalOf(request);
      const profile = await profiles.find(user.id);
      const taste = { relatedItemId: request.query.catalogItemId, interestIds: profile?.interestIds ?? [], audienceId: profile?.audienceId ?? null };
      return { data: await catalog.recommended(user.id, taste, RECOMMENDATION_LIMITS.recommended) };
    },

    async getRecommendedPlaylists(request) {
      const profile = await profiles.find(principalOf(request).user.id);
      return { data: await catalog.recommendedPlaylists(profile?.interestIds ?? [], RECOMMENDATION_LIMITS.playlists) };
    },

    async getNewItems() {
      return { data: await catalog.newest(RECOMMENDATION_LIMITS.new) };
    },

    async getInProgressItems(request) {
      const recent = await progress.inProgress(principalOf(request).user.id, RECOMMENDATION_LIMITS.inProgress);
      return { data: await catalog.summariesByIds(recent.map((p) => p.catalogItemId)) };
    },
  };
});
