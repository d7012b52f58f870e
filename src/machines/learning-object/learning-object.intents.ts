import type { LearningObjectEvent } from './learning-object.types';

/** What the learner does on a strategy's page. */
export const learningObjectIntents = (send: (event: LearningObjectEvent) => void) => ({
  retry: () => send({ type: 'lo.retry' }),
  rate: (value: number) => send({ type: 'lo.rate', value }),
  saveRubric: (value: number) => send({ type: 'lo.saveRubric', value }),
  setApplied: (applied: boolean) => send({ type: 'lo.setApplied', applied }),
  setBookmarked: (saved: boolean) => send({ type: 'lo.setBookmarked', saved }),
  download: () => send({ type: 'lo.download' }),
});
