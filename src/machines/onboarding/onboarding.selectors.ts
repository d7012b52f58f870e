import type { SnapshotFrom } from 'xstate';
import type { OnboardingMachine } from '@/machines/onboarding/onboarding.machine';

type OnboardingSnapshot = SnapshotFrom<OnboardingMachine>;

export const ONBOARDING_STEPS = ['interests', 'audience', 'experience'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The step a view shows; while saving or after an error, still the last one. */
export const selectOnboardingStep = (snapshot: OnboardingSnapshot): OnboardingStep =>
  ONBOARDING_STEPS.find((step) => snapshot.matches(step)) ?? 'experience';
export const selectOnboardingAnswers = (snapshot: OnboardingSnapshot) => ({
  interestIds: snapshot.context.interestIds,
  audienceId: snapshot.context.audienceId,
  experienceLevel: snapshot.context.experienceLevel,
});
export const selectCanGoNext = (snapshot: OnboardingSnapshot): boolean =>
  snapshot.can({ type: 'onboarding.next' }) || snapshot.can({ type: 'onboarding.save' });
export const selectIsOnboardingSaving = (snapshot: OnboardingSnapshot): boolean => snapshot.hasTag('saving');
export const selectOnboardingError = (snapshot: OnboardingSnapshot) =>
  snapshot.hasTag('error') ? snapshot.context.error : null;
export const selectIsOnboardingDone = (snapshot: OnboardingSnapshot): boolean => snapshot.status === 'done';
