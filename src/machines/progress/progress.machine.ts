import { createResourceMachine } from '@/machines/shared/resource';
import type { LearnerProgress, ProgressByItem, ProgressItemPatch } from './progress.types';

// Learner progress of spec §4: loaded once, then patched locally per catalogue item with
// lastInteractionAt set to now, so screens reflect an interaction at once without fetching the
// list again. A patch made while the list is in flight is applied again on top of it.

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

export function applyProgressPatch(data: ProgressByItem | null, { catalogItemId, changes }: ProgressItemPatch, at: number): ProgressByItem {
  const stamp = new Date(at).toISOString();
  const current = data?.[catalogItemId] ?? emptyProgress(catalogItemId, stamp);
  return { ...data, [catalogItemId]: { ...current, ...changes, catalogItemId, lastInteractionAt: stamp } };
}

export const progressMachine = createResourceMachine<ProgressByItem, void, ProgressItemPatch>({
  id: 'progress',
  applyPatch: applyProgressPatch,
});

export type ProgressMachine = typeof progressMachine;
