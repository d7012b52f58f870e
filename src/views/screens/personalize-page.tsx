import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSelector } from '@xstate/react';
import { selectPersonalizeRef } from '@/machines/root/root.selectors';
import {
  PERSONALIZE_STEPS,
  selectCanContinue,
  selectIsPersonalizeDone,
  selectIsPersonalizeSaving,
  selectPersonalizeAnswers,
  selectPersonalizeError,
  selectPersonalizeStep,
} from '@/machines/personalize/personalize.selectors';
import { useRoot } from '@/views/root-context';
import { Page } from '@/views/components/page';
import { LoadingScreen } from '@/views/components/loading-screen';
import { AudienceStep, errorMessage, InterestsStep, useReferenceData } from '@/views/screens/preferences-form';
import { button } from '@/views/layout/button.css';

const TITLES = { interests: 'What would you like to explore?', audience: 'Who do you teach?' };

export function PersonalizePage() {
  const { root } = useRoot();
  const navigate = useNavigate();
  const reference = useReferenceData();
  useEffect(() => {
    root.send({ type: 'screen.open', screen: 'personalize' });
    return () => root.send({ type: 'screen.close', screen: 'personalize' });
  }, [root]);
  const personalize = useSelector(root, selectPersonalizeRef);
  if (!personalize || !reference.ready) return <LoadingScreen />;
  return <PersonalizeSteps personalize={personalize} onDone={() => navigate('/', { replace: true })} />;
}

function PersonalizeSteps({ personalize, onDone }: { personalize: NonNullable<ReturnType<typeof selectPersonalizeRef>>; onDone: () => void }) {
  const step = useSelector(personalize, selectPersonalizeStep);
  const answers = useSelector(personalize, selectPersonalizeAnswers);
  const canContinue = useSelector(personalize, selectCanContinue);
  const saving = useSelector(personalize, selectIsPersonalizeSaving);
  const error = useSelector(personalize, selectPersonalizeError);
  const done = useSelector(personalize, selectIsPersonalizeDone);
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  const index = PERSONALIZE_STEPS.indexOf(step);
  const last = index === PERSONALIZE_STEPS.length - 1;
  return (
    <Page title="Personalize your demo" wide>
      <p className="muted" aria-live="polite">
        Step {index + 1} of {PERSONALIZE_STEPS.length}: {TITLES[step]}
      </p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          personalize.send({ type: last ? 'personalize.save' : 'personalize.next' });
        }}
      >
        <h2>{TITLES[step]}</h2>
        {step === 'interests' && <InterestsStep selected={answers.interestIds} onToggle={(id) => personalize.send({ type: 'personalize.toggleInterest', id })} />}
        {step === 'audience' && <AudienceStep selected={answers.audienceId} onSelect={(audienceId) => personalize.send({ type: 'personalize.selectAudience', audienceId })} />}
        {error !== null && (
          <p className="error" role="alert">
            {errorMessage(error)}
          </p>
        )}
        <div className="actions">
          {index > 0 && (
            <button className={button({ tone: 'secondary' })} type="button" onClick={() => personalize.send({ type: 'personalize.back' })}>
              Back
            </button>
          )}
          <button className={button()} type="submit" disabled={!canContinue || saving}>
            {last ? (saving ? 'Saving…' : 'Start exploring') : 'Next'}
          </button>
        </div>
      </form>
    </Page>
  );
}
