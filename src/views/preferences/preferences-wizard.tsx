import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '@/lib/messages';
import type { PreferencesMachine } from '@/machines/preferences/preferences.machine';
import { preferencesIntents } from '@/machines/preferences/preferences.intents';
import {
  selectAnswers,
  selectCanContinue,
  selectIsLastStep,
  selectIsSaving,
  selectSaveError,
  selectStep,
  selectSteps,
} from '@/machines/preferences/preferences.selectors';
import type { PreferenceStep } from '@/machines/preferences/preferences.types';
import { selectProfile } from '@/machines/profile/profile.selectors';
import type { Screen } from '@/machines/shared/screen';
import { useRoot } from '@/views/root-context';
import { useIntents } from '@/views/hooks/use-intents';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { AudienceStep, ExperienceStep, InterestsStep } from '@/views/preferences/preference-choices';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadingScreen } from '@/views/components/loading-screen';
import { Page } from '@/views/components/page';
import { button } from '@/views/layout/button.css';

// The one preferences wizard behind /onboarding and /personalize: the machine says which
// questions are asked; the screen gives its titles and its finishing words.

type WizardRef = ActorRefFrom<PreferencesMachine>;

export type WizardText = {
  title: string;
  questions: Partial<Record<PreferenceStep, string>>;
  finish: string;
};


/**
 * A wizard screen, prefilled from what the profile already holds. It waits for the framework
 * and audiences its questions list.
 */
export function PreferencesWizard({ screen, text }: { screen: Screen<PreferencesMachine>; text: WizardText }) {
  const { profile } = useRoot();
  const saved = useSelector(profile, selectProfile);
  const wizard = useScreenActor(screen, { input: { profile: saved } });
  const reference = useReferenceData({ load: true });
  if (reference.ready) return <Questions wizard={wizard} text={text} />;
  if (!reference.failed) return <LoadingScreen />;
  return (
    <Page title="Something went wrong">
      <p className="error" role="alert">
        {GENERIC_ERROR_MESSAGE}
      </p>
      <button className={button()} type="button" onClick={reference.retry}>
        Try again
      </button>
    </Page>
  );
}

function Questions({ wizard, text }: { wizard: WizardRef; text: WizardText }) {
  const intents = useIntents(wizard, preferencesIntents);
  const steps = useSelector(wizard, selectSteps);
  const step = useSelector(wizard, selectStep);
  const last = useSelector(wizard, selectIsLastStep);
  const answers = useSelector(wizard, selectAnswers);
  const canContinue = useSelector(wizard, selectCanContinue);
  const saving = useSelector(wizard, selectIsSaving);
  const error = useSelector(wizard, selectSaveError);
  const index = steps.indexOf(step);
  const question = text.questions[step] ?? '';

  return (
    <Page title={text.title} wide>
      <p className="muted" aria-live="polite">
        Step {index + 1} of {steps.length}: {question}
      </p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          intents.continue(last);
        }}
      >
        <h2>{question}</h2>
        {step === 'interests' && <InterestsStep selected={answers.interestIds} onToggle={intents.toggleInterest} />}
        {step === 'audience' && <AudienceStep selected={answers.audienceId} onSelect={intents.selectAudience} />}
        {step === 'experience' && <ExperienceStep selected={answers.experienceLevel} onSelect={intents.selectExperience} />}
        {error !== null && (
          <p className="error" role="alert">
            {errorMessage(error)}
          </p>
        )}
        <div className="actions">
          {index > 0 && (
            <button className={button({ tone: 'secondary' })} type="button" onClick={intents.back}>
              Back
            </button>
          )}
          <button className={button()} type="submit" disabled={!canContinue || saving}>
            {last ? (saving ? 'Saving…' : text.finish) : 'Next'}
          </button>
        </div>
      </form>
    </Page>
  );
}
