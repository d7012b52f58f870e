import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSelector } from '@xstate/react';
import { selectOnboardingRef } from '@/machines/root/root.selectors';
import {
  selectCanGoNext,
  selectIsOnboardingDone,
  selectIsOnboardingSaving,
  selectOnboardingAnswers,
  selectOnboardingError,
  selectOnboardingStep,
  ONBOARDING_STEPS,
} from '@/machines/onboarding/onboarding.selectors';
import type { ExperienceLevel } from '@/machines/shared/domain';
import { useRoot } from '@/views/root-context';
import { Page } from '@/views/components/page';
import { LoadingScreen } from '@/views/components/loading-screen';
import { AudienceStep, errorMessage, InterestsStep, useReferenceData } from '@/views/screens/preferences-form';
import { button } from '@/views/layout/button.css';

const EXPERIENCE: { value: ExperienceLevel; label: string }[] = [
  { value: 'NEW', label: 'New to teaching (0–3 years)' },
  { value: 'ESTABLISHED', label: 'Established (4–10 years)' },
  { value: 'EXPERIENCED', label: 'Experienced (11–20 years)' },
  { value: 'VETERAN', label: 'Veteran (more than 20 years)' },
];
const TITLES = { interests: 'What would you like to focus on?', audience: 'Who do you teach?', experience: 'How long have you been teaching?' };

export function OnboardingPage() {
  const { root } = useRoot();
  const navigate = useNavigate();
  const reference = useReferenceData();
  useEffect(() => {
    root.send({ type: 'screen.open', screen: 'onboarding' });
    return () => root.send({ type: 'screen.close', screen: 'onboarding' });
  }, [root]);
  const onboarding = useSelector(root, selectOnboardingRef);
  if (!onboarding || !reference.ready) return reference.failed ? <ReferenceError retry={reference.retry} /> : <LoadingScreen />;
  return <OnboardingSteps onboarding={onboarding} onDone={() => navigate('/', { replace: true })} />;
}

function ReferenceError({ retry }: { retry: () => void }) {
  return (
    <Page title="Something went wrong">
      <p className="error" role="alert">
        Something went wrong, please try again later
      </p>
      <button className={button()} type="button" onClick={retry}>
        Try again
      </button>
    </Page>
  );
}

function OnboardingSteps({ onboarding, onDone }: { onboarding: NonNullable<ReturnType<typeof selectOnboardingRef>>; onDone: () => void }) {
  const step = useSelector(onboarding, selectOnboardingStep);
  const answers = useSelector(onboarding, selectOnboardingAnswers);
  const canGoNext = useSelector(onboarding, selectCanGoNext);
  const saving = useSelector(onboarding, selectIsOnboardingSaving);
  const error = useSelector(onboarding, selectOnboardingError);
  const done = useSelector(onboarding, selectIsOnboardingDone);
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  const index = ONBOARDING_STEPS.indexOf(step);
  const last = index === ONBOARDING_STEPS.length - 1;

  return (
    <Page title="Welcome! Let's set up your learning" wide>
      <p className="muted" aria-live="polite">
        Step {index + 1} of {ONBOARDING_STEPS.length}: {TITLES[step]}
      </p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          onboarding.send({ type: last ? 'onboarding.save' : 'onboarding.next' });
        }}
      >
        <h2>{TITLES[step]}</h2>
        {step === 'interests' && <InterestsStep selected={answers.interestIds} onToggle={(id) => onboarding.send({ type: 'onboarding.toggleInterest', id })} />}
        {step === 'audience' && <AudienceStep selected={answers.audienceId} onSelect={(audienceId) => onboarding.send({ type: 'onboarding.selectAudience', audienceId })} />}
        {step === 'experience' && (
          <fieldset className="choices">
            <legend>Years of teaching</legend>
            {EXPERIENCE.map((level) => (
              <label key={level.value} className="choice">
                <input
                  type="radio"
                  name="experience"
                  checked={answers.experienceLevel === level.value}
                  onChange={() => onboarding.send({ type: 'onboarding.selectExperience', experienceLevel: level.value })}
                />
                <span>{level.label}</span>
              </label>
            ))}
          </fieldset>
        )}
        {error !== null && (
          <p className="error" role="alert">
            {errorMessage(error)}
          </p>
        )}
        <div className="actions">
          {index > 0 && (
            <button className={button({ tone: 'secondary' })} type="button" onClick={() => onboarding.send({ type: 'onboarding.back' })}>
              Back
            </button>
          )}
          <button className={button()} type="submit" disabled={!canGoNext || saving}>
            {last ? (saving ? 'Saving…' : 'Finish') : 'Next'}
          </button>
        </div>
      </form>
    </Page>
  );
}
