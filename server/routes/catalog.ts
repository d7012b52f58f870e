import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import yazl from 'yazl';
import { rows } from '../db/client.ts';
import { audiences, catalogItems, nasotItems, profiles, ratings, reproducibleFiles, rubricScores, strategyApplications, videos } from '../db/schema.ts';
import { notFound, unprocessable } from '../errors.ts';
import { ROLES, requireRole } from '../auth/policy.ts';
import { requireAccess } from '../services/access.ts';
import { catalogFilters, findItem, listSummaries, progressFilter, summariesByIds } from '../services/catalog.ts';
import { completedSql, touchProgress } from '../services/progress.ts';
import { principalOf, type Context, type Handlers } from './types.ts';

/** Recommendation list sizes (spec §7/§9: recommended playlists and in-progress are cut to 3). */
export const RECOMMENDATION_LIMITS = { featured: 12, recommended: 12, playlists: 3, new: 12, inProgress: 3 } as const;

type CatalogOps =
  | 'searchCatalog'
  | 'listCatalogItems'
  | 'getCatalogItem'
  | 'listAudiences'
  | 'listNasotItems'
  | 'rateCatalogItem'
  | 'deleteRating'
  | 'getCatalogItemVideo'
  | 'downloadReproducibles'
  | 'saveRubricScore'
  | 'applyStrategy'
  | 'removeStrategyApplication'
  | 'getFeaturedItems'
  | 'getRecommendedItems'
  | 'getRecommendedPlaylists'
  | 'getNewItems'
  | 'getInProgressItems';

const SORT_COLUMNS: Record<string, SQL> = {
  createdAt: sql`ci.created_at`,
  title: sql`lower(ci.title)`,
  startDate: sql`ci.start_date`,
  rating: sql`(select avg(r.value) from ratings r where r.catalog_item_id = ci.id)`,
};

export function catalogHandlers({ db }: Context): Handlers<CatalogOps> {
  return {
    async searchCatalog(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.anyone);
      const q = request.query;
      const tsquery = sql`websearch_to_tsquery('english', ${q.q})`;
      const where = [sql`ci.search @@ ${tsquery}`, ...catalogFilters(q)];
      if (q.progress) where.push(progressFilter(user.id, q.progress));
      return listSummaries(db, {
        where,
        orderBy: sql`ts_rank(ci.search, ${tsquery}) desc, ci.created_at desc`,
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
      });
    },

    async listCatalogItems(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.anyone);
      const q = request.query;
      // Newest first unless the caller chooses.
      const keys = q.sortBy?.length ? q.sortBy : ['createdAt'];
      const direction = (q.sortOrder ?? (q.sortBy?.length ? 'ASC' : 'DESC')) === 'DESC' ? sql`desc` : sql`asc`;
      const orderBy = sql.join(
        keys.map((k) => sql`${SORT_COLUMNS[k]!} ${direction} nulls last`),
        sql`, `,
      );
      const where = catalogFilters(q);
      if (q.progress) where.push(progressFilter(user.id, q.progress));
      return listSummaries(db, { where, orderBy, limit: q.limit ?? 10, offset: q.offset ?? 0 });
    },

    async getCatalogItem(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.anyone);
      const found = await findItem(db, request.params.id);
      const [[summary], [item], files, entries, [rating], [score]] = await Promise.all([
        summariesByIds(db, [found.id]),
        db.select().from(catalogItems).where(eq(catalogItems.id, found.id)),
        db
          .select({ id: reproducibleFiles.id, title: reproducibleFiles.title, fileName: reproducibleFiles.fileName, mimeType: reproducibleFiles.mimeType, size: reproducibleFiles.size })
          .from(reproducibleFiles)
          .where(eq(reproducibleFiles.catalogItemId, found.id))
          .orderBy(asc(reproducibleFiles.position)),
        rows<{ itemId: string; position: number }>(
          db,
          sql`select item_id::text as "itemId", position from playlist_entries where playlist_id = ${found.id} order by position`,
        ),
        db.select().from(ratings).where(and(eq(ratings.userId, user.id), eq(ratings.catalogItemId, found.id))),
        db.select().from(rubricScores).where(and(eq(rubricScores.userId, user.id), eq(rubricScores.catalogItemId, found.id))),
      ]);
      const entryItems = await summariesByIds(db, entries.map((e) => e.itemId));
      const byId = new Map(entryItems.map((i) => [i.id, i]));
      return {
        ...summary!,
        hasVideo: item!.videoId !== null,
        implementationGuide: item!.implementationGuide,
        resources: item!.resources,
        rubric: item!.rubric,
        reproducibles: files,
        joinUrl: item!.joinUrl,
        catalogItems: entries.flatMap((e) => (byId.has(e.itemId) ? [{ position: e.position, item: byId.get(e.itemId)! }] : [])),
        userRating: rating ? { id: rating.id, catalogItemId: rating.catalogItemId, value: rating.value, createdAt: rating.createdAt } : null,
        userRubricScore: score?.value ?? null,
      };
    },

    async listAudiences(request) {
      requireRole(principalOf(request), ROLES.anyone);
      return { data: await db.select().from(audiences).orderBy(asc(audiences.position), asc(audiences.name)) };
    },

    async listNasotItems(request) {
      requireRole(principalOf(request), ROLES.anyone);
      return { data: await db.select().from(nasotItems).orderBy(asc(nasotItems.parentId), asc(nasotItems.position)) };
    },

    async rateCatalogItem(request, reply) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      await requireAccess(db, user);
      const item = await findItem(db, request.params.id);
      const rating = await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(ratings)
          .values({ userId: user.id, catalogItemId: item.id, value: request.body.value })
          .onConflictDoUpdate({ target: [ratings.userId, ratings.catalogItemId], set: { value: request.body.value, createdAt: new Date() } })
          .returning();
        await touchProgress(tx, user.id, item.id, { isCatalogItemRated: true });
        return saved!;
      });
      reply.code(201);
      return { id: rating.id, catalogItemId: rating.catalogItemId, value: rating.value, createdAt: rating.createdAt };
    },

    async deleteRating(request, reply) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      const item = await findItem(db, request.params.id);
      const deleted = await db.transaction(async (tx) => {
        const removed = await tx
          .delete(ratings)
          .where(and(eq(ratings.id, request.params.ratingId), eq(ratings.userId, user.id), eq(ratings.catalogItemId, item.id)))
          .returning({ id: ratings.id });
        if (removed.length) await touchProgress(tx, user.id, item.id, { isCatalogItemRated: false });
        return removed.length > 0;
      });
      // Another learner's rating is reported as missing, so ids cannot be probed.
      if (!deleted) throw notFound('Rating not found');
      reply.code(204);
    },

    async getCatalogItemVideo(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.anyone);
      await requireAccess(db, user);
      const item = await findItem(db, request.params.id);
      if (!item.videoId) throw notFound('This item has no video');
      const [video] = await db.select().from(videos).where(eq(videos.id, item.videoId));
      if (!video) throw notFound('This item has no video');
      return {
        catalogItemId: item.id,
        url: video.url,
        mimeType: video.mimeType,
        durationSeconds: video.durationSeconds,
        posterUrl: video.posterUrl,
        captions: video.captions,
      };
    },

    async downloadReproducibles(request, reply) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      await requireAccess(db, user);
      const item = await findItem(db, request.params.id);
      const files = await db.select().from(reproducibleFiles).where(eq(reproducibleFiles.catalogItemId, item.id)).orderBy(asc(reproducibleFiles.position));
      if (!files.length) throw notFound('This item has no reproducibles');
      await db.transaction((tx) => touchProgress(tx, user.id, item.id, { areReproduciblesDownloaded: true }));
      const zip = new yazl.ZipFile();
      const used = new Set<string>();
      for (const file of files) {
        let name = file.fileName;
        for (let n = 2; used.has(name); n++) name = file.fileName.replace(/(\.[^.]*)?$/, ` (${n})$1`);
        used.add(name);
        zip.addBuffer(file.content, name, { mtime: new Date('2026-01-01T00:00:00Z') });
      }
      zip.end();
      const filename = `${request.query.archiveName}.zip`;
      void reply
        .code(200)
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .header('cache-control', 'private, no-store');
      return reply.send(zip.outputStream);
    },

    async saveRubricScore(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      await requireAccess(db, user);
      const item = await findItem(db, request.params.id);
      if (item.resourceType !== 'LEARNING_OBJECT') throw unprocessable('Only learning objects have a reflection rubric', 'NO_RUBRIC');
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(rubricScores)
          .values({ userId: user.id, catalogItemId: item.id, value: request.body.value })
          .onConflictDoUpdate({ target: [rubricScores.userId, rubricScores.catalogItemId], set: { value: request.body.value, updatedAt: new Date() } })
          .returning();
        await touchProgress(tx, user.id, item.id, { isRubricScoreSaved: true });
        return row!;
      });
      return { catalogItemId: saved.catalogItemId, value: saved.value, updatedAt: saved.updatedAt };
    },

    async applyStrategy(request, reply) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      await requireAccess(db, user);
      const item = await findItem(db, request.params.id);
      if (item.resourceType !== 'LEARNING_OBJECT') throw unprocessable('Only strategies (learning objects) can be applied', 'NOT_A_STRATEGY');
      const applied = await db.transaction(async (tx) => {
        await tx.insert(strategyApplications).values({ userId: user.id, catalogItemId: item.id }).onConflictDoNothing();
        await touchProgress(tx, user.id, item.id, { isStrategyApplied: true });
        const [row] = await tx
          .select()
          .from(strategyApplications)
          .where(and(eq(strategyApplications.userId, user.id), eq(strategyApplications.catalogItemId, item.id)));
        return row!;
      });
      reply.code(201);
      return { catalogItemId: applied.catalogItemId, appliedAt: applied.appliedAt };
    },

    async removeStrategyApplication(request, reply) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      const item = await findItem(db, request.params.id);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(strategyApplications)
          .where(and(eq(strategyApplications.userId, user.id), eq(strategyApplications.catalogItemId, item.id)))
          .returning();
        if (removed.length) await touchProgress(tx, user.id, item.id, { isStrategyApplied: false });
      });
      reply.code(204);
    },

    async getFeaturedItems(request) {
      requireRole(principalOf(request), ROLES.anyone);
      const { items } = await listSummaries(db, {
        where: [sql`ci.featured`],
        orderBy: sql`ci.created_at desc`,
        limit: RECOMMENDATION_LIMITS.featured,
        offset: 0,
      });
      return { data: items };
    },

    async getRecommendedItems(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.anyone);
      const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
      const score: SQL[] = [];
      const where: SQL[] = [
        sql`ci.resource_type = 'LEARNING_OBJECT'`,
        sql`not exists (select 1 from learner_progress p where p.user_id = ${user.id} and p.catalog_item_id = ci.id and ${completedSql()})`,
      ];
      const related = request.query.catalogItemId;
      if (related) {
        where.push(sql`ci.id <> ${related}::uuid`);
        // Items sharing a framework element (or strategy) with the given one rank first.
        score.push(sql`(case when exists (
          select 1 from catalog_item_nasot_items mine
          join nasot_items n on n.id = mine.nasot_item_id and n.type in ('ELEMENT', 'STRATEGY')
          join catalog_item_nasot_items theirs on theirs.nasot_item_id = mine.nasot_item_id
          where mine.catalog_item_id = ${related}::uuid and theirs.catalog_item_id = ci.id) then 4 else 0 end)`);
      }
      const interests = profile?.interestIds ?? [];
      if (interests.length) {
        const [matchesInterests] = catalogFilters({ nasotItemIds: interests });
        score.push(sql`(case when ${matchesInterests!} then 2 else 0 end)`);
      }
      if (profile?.audienceId) {
        score.push(sql`(case when exists (select 1 from catalog_item_audiences a where a.catalog_item_id = ci.id and a.audience_id = ${profile.audienceId}::uuid) then 1 else 0 end)`);
      }
      // A bare constant in ORDER BY would be read as a column position: leave it out instead.
      const rank = score.length ? sql`(${sql.join(score, sql` + `)}) desc, ` : sql``;
      const { items } = await listSummaries(db, {
        where,
        orderBy: sql`${rank}ci.featured desc, ci.created_at desc`,
        limit: RECOMMENDATION_LIMITS.recommended,
        offset: 0,
      });
      return { data: items };
    },

    async getRecommendedPlaylists(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.anyone);
      const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
      const interests = profile?.interestIds ?? [];
      let rank = sql``;
      if (interests.length) {
        const ids = sql.join(interests.map((id) => sql`${id}::uuid`), sql`, `);
        rank = sql`(select count(*) from playlist_entries e join catalog_item_nasot_items x on x.catalog_item_id = e.item_id
                    where e.playlist_id = ci.id and x.nasot_item_id in (${ids})) desc, `;
      }
      const { items } = await listSummaries(db, {
        where: [sql`ci.resource_type = 'PLAYLIST'`],
        orderBy: sql`${rank}ci.featured desc, ci.created_at desc`,
        limit: RECOMMENDATION_LIMITS.playlists,
        offset: 0,
      });
      return { data: items };
    },

    async getNewItems(request) {
      requireRole(principalOf(request), ROLES.anyone);
      const { items } = await listSummaries(db, {
        where: [sql`ci.resource_type <> 'LIVESTREAM'`],
        orderBy: sql`ci.created_at desc`,
        limit: RECOMMENDATION_LIMITS.new,
        offset: 0,
      });
      return { data: items };
    },

    async getInProgressItems(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.anyone);
      const recent = await rows<{ id: string }>(
        db,
        sql`select ci.id::text as id from learner_progress p join catalog_items ci on ci.id = p.catalog_item_id
            where p.user_id = ${user.id} and not ${completedSql()}
            order by p.last_interaction_at desc limit ${RECOMMENDATION_LIMITS.inProgress}`,
      );
      return { data: await summariesByIds(db, recent.map((r) => r.id)) };
    },
  };
}
