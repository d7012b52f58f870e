import type { SnapshotFrom } from 'xstate';
import { minSelection, required } from '@/lib/validation/rules';
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

// Why "Next" is not available yet: the rule the question's answer fails, in the words the profile
// form uses for the same answers (spec §5 min_selection and required).
const RULES: Record<PreferenceStep, { label: string; check: (value: unknown, label: string) => true | string; answer: (c: PreferencesSnapshot['context']) => unknown }> = {
  interests: { label: 'Interests', check: minSelection(1, 'interest'), answer: (c) => c.interestIds },
  audience: { label: 'Audience', check: required(), answer: (c) => c.audienceId },
  experience: { label: 'Experience', check: required(), answer: (c) => c.experienceLevel },
};

/** The message of the rule the current question's answer fails, or null once it is answered. */
export const selectBlocker = (snapshot: PreferencesSnapshot): string | null => {
  if (selectCanContinue(snapshot) || snapshot.hasTag('saving') || snapshot.hasTag('error')) return null;
  const rule = RULES[selectStep(snapshot)];
  const verdict = rule.check(rule.answer(snapshot.context), rule.label);
  return verdict === true ? null : verdict;
};
