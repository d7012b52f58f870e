import type { LearnerEventData, LearnerEventType, LearnerEventsEvent } from './learner-events.types';

/** What screens' effects ask of the learner-events queue. */
export const learnerEventsIntents = (send: (event: LearnerEventsEvent) => void) => ({
  record: (eventType: LearnerEventType, data?: LearnerEventData) => send({ type: 'learnerEvents.record', eventType, data }),
});
