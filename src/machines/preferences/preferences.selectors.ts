import type { SnapshotFrom } from 'xstate';
import type { PreferencesMachine } from './preferences.machine';
import type { PreferenceStep } from './preferences.types';

type PreferencesSnapshot = SnapshotFrom<PreferencesMachine>;

export const selectSteps = (snapshot: PreferencesSnapshot): readonly PreferenceStep[] => snapshot.context.steps;

/** The question a view shows; while saving or after an error, still the last one. */
export const selectStep = (snapshot: PreferencesSnapshot): PreferenceStep => {
  const { steps } = snapshot.context;
  // The questions' states are built from the configuration, so their names are plain strings.
  const value: string = snapshot.value;
  return steps.find((step) => value === step) ?? steps[steps.length - 1]!;
};
export const selectIsLastStep = (snapshot: PreferencesSnapshot): boolean => {
  const { steps } = snapshot.context;
  return selectStep(snapshot) === steps[steps.length - 1];
};
export const selectAnswers = (snapshot: PreferencesSnapshot) => ({
  interestIds: snapshot.context.interestIds,
  audienceId: snapshot.context.audienceId,
  experienceLevel: snapshot.context.experienceLevel,
});
export const selectCanContinue = (snapshot: PreferencesSnapshot): boolean =>
  snapshot.can({ type: 'preferences.next' }) || snapshot.can({ type: 'preferences.save' });
export const selectIsSaving = (snapshot: PreferencesSnapshot): boolean => snapshot.hasTag('saving');
export const selectSaveError = (snapshot: PreferencesSnapshot) => (snapshot.hasTag('error') ? snapshot.context.error : null);
export const selectIsDone = (snapshot: PreferencesSnapshot): boolean => snapshot.status === 'done';
