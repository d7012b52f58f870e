import type { SnapshotFrom } from 'xstate';
import type { ProgressMachine } from './progress.machine';
import { isVideoComplete } from '@/lib/video-complete';
import type { LearnerProgress } from './progress.types';

type ProgressSnapshot = SnapshotFrom<ProgressMachine>;

export const selectIsProgressLoaded = (s: ProgressSnapshot): boolean => s.matches('loaded');

/** Progress of one catalogue item, or undefined when the learner never touched it. */
export const selectProgressByItemId = (s: ProgressSnapshot, catalogItemId: string): LearnerProgress | undefined =>
  s.context.data?.[catalogItemId];

export const selectIsVideoComplete = (s: ProgressSnapshot, catalogItemId: string): boolean =>
  isVideoComplete(selectProgressByItemId(s, catalogItemId));

/** The item with the latest lastInteractionAt (spec §4), or undefined without any. */
export const selectMostRecentInteraction = (s: ProgressSnapshot): LearnerProgress | undefined => {
  let latest: LearnerProgress | undefined;
  for (const item of Object.values(s.context.data ?? {})) {
    if (!latest || Date.parse(item.lastInteractionAt) > Date.parse(latest.lastInteractionAt)) latest = item;
  }
  return latest;
};

export type PlaylistProgressCounts = {
  total: number;
  /** Items with any recorded progress. */
  started: number;
  videosCompleted: number;
  applied: number;
  rated: number;
  rubricsScored: number;
  reproduciblesDownloaded: number;
};

/** Counts over a playlist's items (ids in playlist order); items without progress count as untouched. */
export const selectPlaylistProgressCounts = (s: ProgressSnapshot, catalogItemIds: readonly string[]): PlaylistProgressCounts => {
  const counts: PlaylistProgressCounts = {
    total: catalogItemIds.length,
    started: 0,
    videosCompleted: 0,
    applied: 0,
    rated: 0,
    rubricsScored: 0,
    reproduciblesDownloaded: 0,
  };
  for (const id of catalogItemIds) {
    const p = s.context.data?.[id];
    if (!p) continue;
    counts.started += 1;
    if (isVideoComplete(p)) counts.videosCompleted += 1;
    if (p.isStrategyApplied) counts.applied += 1;
    if (p.isCatalogItemRated) counts.rated += 1;
    if (p.isRubricScoreSaved) counts.rubricsScored += 1;
    if (p.areReproduciblesDownloaded) counts.reproduciblesDownloaded += 1;
  }
  return counts;
};
