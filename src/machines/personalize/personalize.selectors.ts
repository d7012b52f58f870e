import type { SnapshotFrom } from 'xstate';
import type { PersonalizeMachine } from '@/machines/personalize/personalize.machine';

type PersonalizeSnapshot = SnapshotFrom<PersonalizeMachine>;

export const PERSONALIZE_STEPS = ['interests', 'audience'] as const;
export type PersonalizeStep = (typeof PERSONALIZE_STEPS)[number];

export const selectPersonalizeStep = (snapshot: PersonalizeSnapshot): PersonalizeStep =>
  PERSONALIZE_STEPS.find((step) => snapshot.matches(step)) ?? 'audience';
export const selectPersonalizeAnswers = (snapshot: PersonalizeSnapshot) => ({
  interestIds: snapshot.context.interestIds,
  audienceId: snapshot.context.audienceId,
});
export const selectCanContinue = (snapshot: PersonalizeSnapshot): boolean =>
  snapshot.can({ type: 'personalize.next' }) || snapshot.can({ type: 'personalize.save' });
export const selectIsPersonalizeSaving = (snapshot: PersonalizeSnapshot): boolean => snapshot.hasTag('saving');
export const selectPersonalizeError = (snapshot: PersonalizeSnapshot) =>
  snapshot.hasTag('error') ? snapshot.context.error : null;
export const selectIsPersonalizeDone = (snapshot: PersonalizeSnapshot): boolean => snapshot.status === 'done';
