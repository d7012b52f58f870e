import type { ProgressMachine } from '@/machines/progress/progress.machine';
import type { ProgressPatch } from '@/machines/progress/progress.types';
import type { EventFrom } from 'xstate';

/** What screens' effects ask of the learner's progress. */
export const progressIntents = (send: (event: EventFrom<ProgressMachine>) => void) => ({
  load: () => send({ type: 'resource.load' }),
  /** Fetches again (changes made offline reached the server). */
  reload: () => send({ type: 'resource.reload' }),
  /** The learner did something with one item: reflect it locally at once. */
  patch: (catalogItemId: string, changes: ProgressPatch) => send({ type: 'resource.patch', patch: { catalogItemId, changes } }),
});
