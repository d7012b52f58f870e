import type { LearnerEventData, LearnerEventType } from '@/machines/learner-events/learner-events.types';
import type { ProgressPatch } from '@/machines/progress/progress.types';
import { GENERIC_ERROR_MESSAGE } from '@/api/errors';
import type { CatalogItem, CatalogItemSummary } from '@/machines/catalog/catalog.types';
import { VIDEO_COMPLETE_PERCENT } from '@/lib/video-complete';
import type { LearnerProgress } from '@/machines/progress/progress.types';
import { DEMO_ACCOUNT_CODE, DEMO_ACCOUNT_MESSAGE, type LearningObjectAction, type PlaylistContext } from './learning-object.types';

// Pure facts about each learner action: what it tells the learner, which learner event it
// records and how it changes local progress.

export type ActionOutcome = {
  message: string;
  eventType: LearnerEventType;
  data: LearnerEventData;
  patch: ProgressPatch;
};

export function actionOutcome(action: LearningObjectAction, catalogItemId: string): ActionOutcome {
  switch (action.kind) {
    case 'rate':
      return {
        message: 'Thanks for rating this strategy',
        eventType: 'CATALOG_ITEM_RATED',
        data: { catalogItemId, value: action.value },
        patch: { isCatalogItemRated: true },
      };
    case 'rubric':
      return {
        message: 'Rubric score saved',
        eventType: 'RUBRIC_SCORE_SAVED',
        data: { catalogItemId, value: action.value },
        patch: { isRubricScoreSaved: true },
      };
    case 'apply':
      return {
        message: action.applied ? 'Marked as applied in your classroom' : 'No longer marked as applied',
        eventType: 'STRATEGY_APPLICATION_UPDATED',
        data: { catalogItemId, applied: action.applied },
        patch: { isStrategyApplied: action.applied },
      };
    case 'bookmark':
      return {
        message: action.saved ? 'Saved to your strategies' : 'Removed from your saved strategies',
        eventType: 'BOOKMARK_UPDATED',
        data: { catalogItemId, saved: action.saved },
        patch: {},
      };
    case 'download':
      return {
        message: 'Reproducibles downloaded',
        eventType: 'REPRODUCIBLES_DOWNLOADED',
        data: { catalogItemId },
        patch: { areReproduciblesDownloaded: true },
      };
  }
}

function field(error: unknown, key: 'code' | 'message'): string | undefined {
  if (typeof error !== 'object' || error === null || !(key in error)) return undefined;
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The error snackbar's text: demo accounts are asked to register; otherwise the error's message. */
export function actionErrorMessage(error: unknown): string {
  if (field(error, 'code') === DEMO_ACCOUNT_CODE) return DEMO_ACCOUNT_MESSAGE;
  return field(error, 'message') ?? GENERIC_ERROR_MESSAGE;
}

type FrameworkNode = { id: string; parentId: string | null; title: string; type: string };

/** Category › strand › element › strategy of an item, from the first of its ids that leads to the root. */
export function frameworkPath<T extends FrameworkNode>(nasotItemIds: readonly string[], nasotItems: readonly T[]): T[] {
  const byId = new Map(nasotItems.map((n) => [n.id, n]));
  let best: T[] = [];
  for (const id of nasotItemIds) {
    const path: T[] = [];
    let node = byId.get(id);
    while (node && path.length < 10) {
      path.unshift(node);
      node = node.parentId ? byId.get(node.parentId) : undefined;
    }
    if (path.length > best.length) best = path;
  }
  return best;
}

/** The playlist a strategy was opened from, when it really is a playlist holding the strategy. */
export function playlistContext(playlist: CatalogItem | null, itemId: string): PlaylistContext | null {
  if (!playlist || playlist.resourceType !== 'PLAYLIST') return null;
  const entries = [...playlist.catalogItems].sort((a, b) => a.position - b.position).map((e) => e.item);
  if (!entries.some((e) => e.id === itemId)) return null;
  return { publicId: playlist.publicId, title: playlist.title, entries };
}

export type PlaylistPlace = {
  publicId: string;
  title: string;
  /** 1-based place of the strategy in the playlist. */
  position: number;
  total: number;
  previous: CatalogItemSummary | null;
  next: CatalogItemSummary | null;
};

/** Where the strategy sits in its playlist: "3 of 6", and the entries either side. */
export function playlistPlace(context: PlaylistContext | null, itemId: string): PlaylistPlace | null {
  if (!context) return null;
  const index = context.entries.findIndex((e) => e.id === itemId);
  if (index < 0) return null;
  return {
    publicId: context.publicId,
    title: context.title,
    position: index + 1,
    total: context.entries.length,
    previous: context.entries[index - 1] ?? null,
    next: context.entries[index + 1] ?? null,
  };
}

export type ProgressStepKey = 'watched' | 'downloaded' | 'rubricScore' | 'rated' | 'applied';
export type ProgressStep = { key: ProgressStepKey; label: string; done: boolean };

/**
 * The five steps of a strategy (spec §3, the progress table's columns) and whether each is done.
 * `watchedPercent` is the one figure for "watched" the page shows everywhere.
 */
export function progressSteps(progress: ProgressFlags | undefined, watchedPercent: number): ProgressStep[] {
  return [
    { key: 'watched', label: 'Watched', done: watchedPercent >= VIDEO_COMPLETE_PERCENT },
    { key: 'downloaded', label: 'Downloaded', done: progress?.areReproduciblesDownloaded ?? false },
    { key: 'rubricScore', label: 'Rubric Score', done: progress?.isRubricScoreSaved ?? false },
    { key: 'rated', label: 'Rated', done: progress?.isCatalogItemRated ?? false },
    { key: 'applied', label: 'Applied', done: progress?.isStrategyApplied ?? false },
  ];
}

type ProgressFlags = Pick<LearnerProgress, 'areReproduciblesDownloaded' | 'isRubricScoreSaved' | 'isCatalogItemRated' | 'isStrategyApplied'>;
