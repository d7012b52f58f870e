import { createResourceMachine } from '@/machines/shared/resource';
import { isVideoComplete } from '@/lib/video-complete';
import type { LearnerProgress, ProgressByItem, ProgressItemPatch } from './progress.types';

// Learner progress of spec §4: loaded once (with the start-up, src/machines/root/root.machine.ts),
// then patched locally per catalogue item with lastInteractionAt set to now, so screens reflect
// an interaction at once without fetching the list again. A patch made while the list is in
// flight is applied again on top of it.

function emptyProgress(catalogItemId: string, at: string): LearnerProgress {
  return {
    catalogItemId,
    lastInteractionAt: at,
    areReproduciblesDownloaded: false,
    isCatalogItemRated: false,
    isRubricScoreSaved: false,
    isStrategyApplied: false,
    videoProgress: 0,
    videoPosition: 0,
    completed: false,
  };
}

/**
 * The server's completion rule for a strategy (LearnerProgress.completed): its five steps done.
 * Only a strategy's page patches progress, so a patched item is a strategy.
 */
const strategyCompleted = (p: LearnerProgress): boolean =>
  isVideoComplete(p) && p.areReproduciblesDownloaded && p.isRubricScoreSaved && p.isCatalogItemRated && p.isStrategyApplied;

/**
 * The server's started rule (server/services/progress.ts): some video watched or a step done.
 * An item that is not started has no progress, as the server lists none for it.
 */
const isStarted = (p: LearnerProgress): boolean =>
  p.videoProgress > 0 || p.areReproduciblesDownloaded || p.isCatalogItemRated || p.isRubricScoreSaved || p.isStrategyApplied;

export function applyProgressPatch(data: ProgressByItem | null, { catalogItemId, changes }: ProgressItemPatch, at: number): ProgressByItem {
  const stamp = new Date(at).toISOString();
  const current = data?.[catalogItemId] ?? emptyProgress(catalogItemId, stamp);
  const next = { ...current, ...changes, catalogItemId, lastInteractionAt: stamp };
  if (!isStarted(next)) {
    const { [catalogItemId]: _dropped, ...rest } = data ?? {};
    return rest;
  }
  return { ...data, [catalogItemId]: { ...next, completed: strategyCompleted(next) } };
}

export const progressMachine = createResourceMachine<ProgressByItem, void, ProgressItemPatch>({
  id: 'progress',
  applyPatch: applyProgressPatch,
});

export type ProgressMachine = typeof progressMachine;
