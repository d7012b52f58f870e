import type { SnapshotFrom } from 'xstate';
import type { LearnerEventsMachine } from './learner-events.machine';

type LearnerEventsSnapshot = SnapshotFrom<LearnerEventsMachine>;

export const selectQueuedCount = (s: LearnerEventsSnapshot): number => s.context.queue.length;
/** The beacon refused or the browser is offline; events wait for the next chance. */
export const selectIsStalled = (s: LearnerEventsSnapshot): boolean => s.matches('stalled');
