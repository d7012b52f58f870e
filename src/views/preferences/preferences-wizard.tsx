import { useEffect, useId, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '@/lib/messages';
import type { PreferencesMachine } from '@/machines/preferences/preferences.machine';
import { preferencesIntents } from '@/machines/preferences/preferences.intents';
import {
  selectAnswers,
  selectBlocker,
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
import * as styles from '@/views/preferences/preferences.css';
import { errorText, muted } from '@/views/components/text.css';
import { stack } from '@/views/components/page.css';

// The one preferences wizard behind /onboarding and /personalize: the machine says which
// questions are asked; the screen gives its titles and its finishing words.

type WizardRef = ActorRefFrom<PreferencesMachine>;

export type WizardText = {
  title: string;
  questions: Partial<Record<PreferenceStep, string>>;
  /** A line under a question: what the answer is for. */
  hints: Partial<Record<PreferenceStep, string>>;
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
      <p className={errorText} role="alert">
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
  const blocker = useSelector(wizard, selectBlocker);
  const saving = useSelector(wizard, selectIsSaving);
  const error = useSelector(wizard, selectSaveError);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const statusId = useId();
  const index = steps.indexOf(step);
  const question = text.questions[step] ?? '';
  const blocked = !canContinue || saving;

  // A new question moves the focus to its heading, so a screen reader reads where it is (and a
  // keyboard starts from the top of the new choices).
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current !== step) headingRef.current?.focus();
    previous.current = step;
  }, [step]);

  return (
    <Page title={text.title}>
      <div className={styles.progress}>
        <p className={styles.progressText}>
          Step {index + 1} of {steps.length}
        </p>
        <div className={styles.track} aria-hidden="true">
          {steps.map((s, i) => (
            <span key={s} className={[styles.segment, i <= index ? styles.segmentDone : ''].filter(Boolean).join(' ')} />
          ))}
        </div>
      </div>
      <form
        className={stack}
        onSubmit={(e) => {
          e.preventDefault();
          if (!blocked) intents.continue(last);
        }}
      >
        <div className={stack}>
          <h2 className={styles.question} ref={headingRef} tabIndex={-1}>
            {question}
          </h2>
          {text.hints[step] && <p className={muted}>{text.hints[step]}</p>}
        </div>
        {step === 'interests' && (
          <InterestsStep selected={answers.interestIds} onToggleStrand={intents.toggleStrand} onToggleElement={intents.toggleElement} />
        )}
        {step === 'audience' && <AudienceStep selected={answers.audienceId} onSelect={intents.selectAudience} quietLegend />}
        {step === 'experience' && <ExperienceStep selected={answers.experienceLevel} onSelect={intents.selectExperience} quietLegend />}
        {error !== null && (
          <p className={errorText} role="alert">
            {errorMessage(error)}
          </p>
        )}
        <div className={styles.bar}>
          <p id={statusId} className={styles.status} aria-live="polite">
            {blocker ?? (step === 'interests' ? chosenSummary(answers.interestIds.length) : '')}
          </p>
          <div className={styles.buttons}>
            {index > 0 && (
              <button className={button({ tone: 'secondary' })} type="button" onClick={intents.back} disabled={saving}>
                Back
              </button>
            )}
            {/* aria-disabled, not disabled: it stays focusable and tells why it cannot go on. */}
            <button className={button()} type="submit" aria-disabled={blocked} aria-describedby={blocker ? statusId : undefined}>
              {last ? (saving ? 'Saving…' : text.finish) : 'Next'}
            </button>
          </div>
        </div>
      </form>
    </Page>
  );
}

const chosenSummary = (count: number) => `${count} ${count === 1 ? 'topic' : 'topics'} chosen`;
