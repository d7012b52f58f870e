import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { notFound, unprocessable } from '../errors.ts';
import { SEARCH_CANDIDATES, type RelatedCandidates, type SearchMatches, type TaggedCandidates } from '../repositories/catalog.ts';
import { acceptsGzip, canonical, createCatalogCache, createCatalogMemo, keptCatalogVersion, type CachedBody } from '../services/catalog-cache.ts';
import { defineRoutes, principalOf } from './types.ts';

/** How many strategies' related candidates each process keeps (about 160 KB each at 100,000 items, 40 MB at most). */
const RELATED_CANDIDATES_KEPT = 256;
/** More than the framework has elements and strategies (200 in the demo and large seeds). */
const TAGGED_CANDIDATES_KEPT = 1024;
/**
 * How many of a search's newest matches are kept for the searches of items not started: enough
 * for a learner who started up to 999 of them (the rest are searched in the database).
 */
const SEARCH_MATCHES = 2 * SEARCH_CANDIDATES;
/** How many searches' matches each process keeps (2,000 ids and ranks, about 150 KB, and up to 100 summaries, about 100 KB: 32 MB at most). */
const SEARCH_MATCHES_KEPT = 128;

/** Recommendation list sizes (spec §7/§9: recommended playlists and in-progress are cut to 3). */
export const RECOMMENDATION_LIMITS = { featured: 12, recommended: 12, playlists: 3, new: 12, inProgress: 3 } as const;

/**
 * A kept catalogue response: its bytes, or its gzip encoding made once for every client that
 * takes it (the compression plugin leaves a response that already has an encoding alone).
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (body.raw.length >= 1024 && acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(body.gzip());
  return reply.send(body.raw);
}

/**
 * Reference data every screen asks for at start (the framework's items are 69 KB, 19 KB gzip, for
 * the demo content) and that changes only when an admin edits it: sent with a validator and
 * `no-cache`, so a browser that has it asks "changed?" and gets an empty 304 when it is not.
 * A weak ETag: the gzip and the plain bytes are the same data.
 */
function sendRevalidated(request: FastifyRequest, reply: FastifyReply, value: unknown) {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', 'private, no-cache').header('etag', etag);
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.slice(2))) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Every archive entry has the same date, so the same files make the same archive. */
const ARCHIVE_DATE = new Date('2026-01-01T00:00:00Z');

export default defineRoutes('catalog', ({ repos, config, redis, changes, uploads, ownLists, mediaUrls }) => {
  const { catalog, progress, profiles } = repos;
  // Lists and searches are the same for everyone unless filtered by the caller's own progress,
  // and their items carry nothing of the caller's: those are cached (see services/catalog-cache.ts).
  const version = keptCatalogVersion(catalog.version, changes);
  const cache = createCatalogCache({ enabled: config.catalogCache, version, redis, prefix: config.redisPrefix });
  // A strategy's related learning objects are the same for every learner: each one's "related"
  // list is ranked from them in memory (server/repositories/catalog.ts). A few thousand at most
  // per strategy, for the strategies opened most; each made from the learning objects of the
  // framework items the strategy is tagged with, kept for every framework item (a few hundred).
  const taggedCandidates = createCatalogMemo<TaggedCandidates>({ version, entries: TAGGED_CANDIDATES_KEPT });
  const taggedOf = (frameworkItemId: string) => taggedCandidates(frameworkItemId, () => catalog.taggedCandidates(frameworkItemId));
  const relatedCandidates = createCatalogMemo<RelatedCandidates>({ version, entries: RELATED_CANDIDATES_KEPT });
  // A search's newest matches with their ranks, for the searches of items not started.
  const searchMatches = createCatalogMemo<SearchMatches>({ version, entries: SEARCH_MATCHES_KEPT });
  /** A body that is the same for everyone: sent as kept when the cache is on, else computed. */
  const sendKept = async <T,>(request: FastifyRequest, reply: FastifyReply, kind: Parameters<typeof cache.json>[0], key: Parameters<typeof cache.json>[1], compute: () => Promise<T>) =>
    cache.enabled ? sendCached(request, reply, await cache.json(kind, key, compute)) : compute();
  /** A body filtered by the caller's own progress or bookmarks: kept for them alone (services/own-lists.ts). */
  const sendOwn = async <T,>(request: FastifyRequest, reply: FastifyReply, kind: string, key: unknown, compute: () => Promise<T>) =>
    cache.enabled ? sendCached(request, reply, await ownLists.json(principalOf(request).user.id, kind, key, compute)) : compute();
  return {
    async searchCatalog(request, reply) {
      const userId = principalOf(request).user.id;
      const { progress, limit: _limit, offset: _offset, ...matching } = request.query;
      const search = () => catalog.search(userId, request.query);
      if (!progress) return sendKept(request, reply, 'search', request.query, search);
      // Filtered by the caller's own progress: theirs alone, kept for them.
      if (progress !== 'NOT_STARTED' || !cache.enabled) return sendOwn(request, reply, 'search', request.query, search);
      // "Not started" is most of the catalogue: read from the search's matches, kept for everyone,
      // less the caller's own started items (docs/decisions.md, "Not started, from the kept matches").
      return sendOwn(request, reply, 'search', request.query, async () => {
        const matches = await searchMatches(canonical(matching), () => catalog.searchMatches(matching, SEARCH_MATCHES));
        return (await catalog.searchNotStarted(userId, request.query, matches)) ?? search();
      });
    },

    async listCatalogItems(request, reply) {
      const userId = principalOf(request).user.id;
      if (request.query.progress) return sendOwn(request, reply, 'list', request.query, () => catalog.list(userId, request.query));
      return sendKept(request, reply, 'list', request.query, () => catalog.list(userId, request.query));
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
      return sendRevalidated(request, reply, { data: await catalog.audiences() });
    },

    async listNasotItems(request, reply) {
      return sendRevalidated(request, reply, { data: await catalog.nasotItems() });
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
      // A GET that can start the item: the learner's kept lists here go now, not when announced.
      if (playSession) ownLists.forget(user.id);
      return {
        catalogItemId: item.id,
        ...(playSession && { playSession }),
        url: mediaUrls.sign(video.url, user.id),
        mimeType: video.mimeType,
        durationSeconds: video.durationSeconds,
        posterUrl: video.posterUrl,
        captions: video.captions.map((track) => ({ ...track, src: mediaUrls.sign(track.src, user.id) })),
      };
    },

    async downloadReproducibles(request, reply) {
      const item = await catalog.findItem(request.params.id);
      const files = await catalog.reproducibles(item.id);
      if (!files.length) throw notFound('This item has no reproducibles');
      await progress.markReproduciblesDownloaded(principalOf(request).user.id, item.id);
      // A GET that can start or complete the item: as for the video above.
      ownLists.forget(principalOf(request).user.id);
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

    // The featured and new shelves are the same for everyone: kept like the lists.
    async getFeaturedItems(request, reply) {
      return sendKept(request, reply, 'featured', {}, async () => ({ data: await catalog.featured(RECOMMENDATION_LIMITS.featured) }));
    },

    async getRecommendedItems(request) {
      const { user } = principalOf(request);
      const profile = await profiles.find(user.id);
      const relatedItemId = request.query.catalogItemId;
      const taste = { relatedItemId, interestIds: profile?.interestIds ?? [], audienceId: profile?.audienceId ?? null };
      const related = relatedItemId && cache.enabled ? await relatedCandidates(relatedItemId, () => catalog.relatedCandidates(relatedItemId, taggedOf)) : undefined;
      return { data: await catalog.recommended(user.id, taste, RECOMMENDATION_LIMITS.recommended, related) };
    },

    async getRecommendedPlaylists(request) {
      const profile = await profiles.find(principalOf(request).user.id);
      return { data: await catalog.recommendedPlaylists(profile?.interestIds ?? [], RECOMMENDATION_LIMITS.playlists) };
    },

    async getNewItems(request, reply) {
      return sendKept(request, reply, 'new', {}, async () => ({ data: await catalog.newest(RECOMMENDATION_LIMITS.new) }));
    },

    async getInProgressItems(request) {
      const recent = await progress.inProgress(principalOf(request).user.id, RECOMMENDATION_LIMITS.inProgress);
      return { data: await catalog.summariesByIds(recent.map((p) => p.catalogItemId)) };
    },
  };
});
