import type { components } from '@/api/schema';

export type LearnerProgress = components['schemas']['LearnerProgress'];

/** What an interaction changes; lastInteractionAt is always set to now by the machine. */
export type ProgressPatch = Partial<Omit<LearnerProgress, 'catalogItemId' | 'lastInteractionAt'>>;

export type ProgressInput = {
  /** Injectable clock (epoch milliseconds); defaults to Date.now. */
  now?: () => number;
};

export type ProgressContext = {
  byItemId: Record<string, LearnerProgress>;
  error: unknown;
  now: () => number;
};

export type ProgressEvent =
  /** Fetches once; asked again after it loaded, it does nothing (a failed load is retried). */
  | { type: 'progress.load' }
  /** A local change after an interaction with one catalogue item (spec §4). */
  | { type: 'progress.patch'; catalogItemId: string; patch: ProgressPatch }
  /** Logout: forget the learner's progress; the next load fetches again. */
  | { type: 'progress.clear' };

/** Spec §9: a video counts as completed at progress 90 or more. */
export const VIDEO_COMPLETE_PERCENT = 90;
