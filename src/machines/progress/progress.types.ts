import type { components } from '@/api/schema';

export type LearnerProgress = components['schemas']['LearnerProgress'];

/** The learner's progress by catalogue item id. */
export type ProgressByItem = Record<string, LearnerProgress>;

/** What an interaction changes; lastInteractionAt is always set to now by the machine. */
export type ProgressPatch = Partial<Omit<LearnerProgress, 'catalogItemId' | 'lastInteractionAt'>>;

/** A local change to one catalogue item's progress (spec §4). */
export type ProgressItemPatch = { catalogItemId: string; changes: ProgressPatch };
