import { badRequest } from '../errors.ts';
import { progressPatchOf } from '../services/progress.ts';
import { principalOf, type Context, type Handlers } from './types.ts';

type LearnerOps = 'getProgress' | 'recordLearnerEvents';

/** Clocks drift; an event stamped further ahead than this is refused. */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export function learnerHandlers({ repos }: Context): Handlers<LearnerOps> {
  const { catalog, progress } = repos;
  return {
    async getProgress(request) {
      const list = await progress.of(principalOf(request).user.id);
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

    // The beacon: its token (in the body) and its origin are checked by the policy.
    async recordLearnerEvents(request) {
      const { user } = principalOf(request);
      const now = Date.now();
      const events = request.body.data.map((e) => ({ ...e, at: new Date(e.timeStamp) }));
      const future = events.find((e) => e.at.getTime() > now + MAX_CLOCK_SKEW_MS);
      if (future) throw badRequest(`Event ${future.id} has a timeStamp in the future`);

      const known = await catalog.knownIds([...new Set(events.map((e) => e.data?.catalogItemId).filter((id): id is string => Boolean(id)))]);
      const fresh = await progress.recordEvents(
        user.id,
        events.map((e) => ({
          id: e.id,
          type: e.type,
          occurredAt: e.at,
          catalogItemId: e.data?.catalogItemId && known.has(e.data.catalogItemId) ? e.data.catalogItemId : null,
          data: e.data ?? {},
          progress: progressPatchOf(e),
        })),
      );
      return { accepted: fresh.size, duplicates: events.length - fresh.size };
    },
  };
}
