import { eq, inArray } from 'drizzle-orm';
import { catalogItems, learnerEvents, learnerProgress } from '../db/schema.ts';
import { badRequest, forbidden } from '../errors.ts';
import { touchProgress, type ProgressPatch } from '../services/progress.ts';
import { ROLES, requireRole } from '../auth/policy.ts';
import { principalOf, type Context, type Handlers } from './types.ts';

type LearnerOps = 'getProgress' | 'recordLearnerEvents';

/** Clocks drift; an event stamped further ahead than this is refused. */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export function learnerHandlers({ db, tokens, auth, config }: Context): Handlers<LearnerOps> {
  return {
    async getProgress(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.learners);
      const list = await db.select().from(learnerProgress).where(eq(learnerProgress.userId, user.id));
      return {
        catalogItemsProgress: list.map((p) => ({
          catalogItemId: p.catalogItemId,
          lastInteractionAt: p.lastInteractionAt,
          areReproduciblesDownloaded: p.areReproduciblesDownloaded,
          isCatalogItemRated: p.isCatalogItemRated,
          isRubricScoreSaved: p.isRubricScoreSaved,
          isStrategyApplied: p.isStrategyApplied,
          videoProgress: p.videoProgress,
          videoPosition: p.videoPosition,
        })),
      };
    },

    async recordLearnerEvents(request) {
      // sendBeacon cannot set headers, so the token is in the body; the Origin check stops
      // other sites from replaying a stolen token through a victim's browser.
      const origin = request.headers.origin;
      if (!origin || !config.allowedOrigins.includes(origin)) throw forbidden('Events are only accepted from the app', 'FORBIDDEN_ORIGIN');
      const principal = await auth.principalFor(await tokens.verify(request.body.accessToken));
      requireRole(principal, ROLES.learners);
      const { user } = principal;

      const now = Date.now();
      const events = request.body.data.map((e) => ({ ...e, at: new Date(e.timeStamp) }));
      const future = events.find((e) => e.at.getTime() > now + MAX_CLOCK_SKEW_MS);
      if (future) throw badRequest(`Event ${future.id} has a timeStamp in the future`);

      const itemIds = [...new Set(events.map((e) => e.data?.catalogItemId).filter((id): id is string => Boolean(id)))];
      const known = itemIds.length
        ? new Set((await db.select({ id: catalogItems.id }).from(catalogItems).where(inArray(catalogItems.id, itemIds))).map((r) => r.id))
        : new Set<string>();

      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(learnerEvents)
          .values(
            events.map((e) => ({
              id: e.id,
              userId: user.id,
              type: e.type,
              occurredAt: e.at,
              catalogItemId: e.data?.catalogItemId && known.has(e.data.catalogItemId) ? e.data.catalogItemId : null,
              data: e.data ?? {},
            })),
          )
          .onConflictDoNothing({ target: learnerEvents.id })
          .returning({ id: learnerEvents.id });
        const fresh = new Set(inserted.map((r) => r.id));
        // Progress is derived only from events stored now, so a retried batch changes nothing.
        for (const e of events) {
          const itemId = e.data?.catalogItemId;
          if (!fresh.has(e.id) || !itemId || !known.has(itemId)) continue;
          const patch: ProgressPatch = {};
          if (e.type === 'VIDEO_TIMEUPDATED' || e.type === 'VIDEO_PAUSED') {
            if (e.data?.progress !== undefined) patch.videoProgress = e.data.progress;
            if (e.data?.position !== undefined) patch.videoPosition = e.data.position;
          }
          if (e.type === 'REPRODUCIBLES_DOWNLOADED') patch.areReproduciblesDownloaded = true;
          await touchProgress(tx, user.id, itemId, patch, e.at);
        }
        return { accepted: fresh.size, duplicates: events.length - fresh.size };
      });
    },
  };
}

