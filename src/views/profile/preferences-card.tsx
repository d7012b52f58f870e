import { useSelector } from '@xstate/react';
import { preferencesForm, preferencesFormInput } from '@/machines/account/account.forms';
import { formIntents } from '@/machines/form/form.intents';
import type { FormActorRef } from '@/machines/form/form.machine';
import { selectFieldErrors, selectValue } from '@/machines/form/form.selectors';
import type { ExperienceLevel, Profile } from '@/machines/shared/domain';
import { toggleElement, toggleStrand } from '@/machines/shared/interests';
import { fieldMessage } from '@/views/components/form/form.css';
import { useForm } from '@/views/components/form/use-form';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { BaseCard } from '@/views/layout/base-card';
import { button } from '@/views/layout/button.css';
import { AudienceStep, ExperienceStep, InterestsStep } from '@/views/preferences/preference-choices';
import * as styles from '@/views/profile/profile.css';
import { muted } from '@/views/components/text.css';
import { stack } from '@/views/components/page.css';

/** What the educator wants to learn about, for whom they teach, and how long they have taught. */
export function PreferencesCard({ profile }: { profile: Profile }) {
  const form = useScreenActor(preferencesForm, { input: preferencesFormInput(profile) });
  const { onSubmit, submitting } = useForm(form);
  const { change } = useIntents(form, formIntents);
  const interestIds = useSelector(form, selectValue('interestIds')) as string[];
  const audienceId = useSelector(form, selectValue('audienceId')) as string | null;
  const experience = useSelector(form, selectValue('experienceLevel')) as ExperienceLevel | null;
  return (
    <BaseCard title="Learning preferences">
      <form className={stack} onSubmit={onSubmit} noValidate aria-label="Learning preferences">
        <p className={muted}>Your dashboard recommends strategies from these, and the catalogue opens on your audience.</p>
        <FieldMessage form={form} name="interestIds" />
        <details className={styles.disclosure}>
          <summary className={styles.summary}>
            Interests <span className={muted}>· {interestIds.length} chosen</span>
          </summary>
          <InterestsStep
            selected={interestIds}
            onToggleStrand={(strand) => change('interestIds', toggleStrand(interestIds, strand))}
            onToggleElement={(strand, id) => change('interestIds', toggleElement(interestIds, strand, id))}
          />
        </details>
        <FieldMessage form={form} name="audienceId" />
        <AudienceStep selected={audienceId} onSelect={(id) => change('audienceId', id)} />
        <FieldMessage form={form} name="experienceLevel" />
        <ExperienceStep selected={experience} onSelect={(level) => change('experienceLevel', level)} />
        <button className={button()} type="submit" disabled={submitting}>
          {submitting ? 'Saving…' : 'Save preferences'}
        </button>
      </form>
    </BaseCard>
  );
}

function FieldMessage({ form, name }: { form: FormActorRef; name: string }) {
  const errors = useSelector(form, selectFieldErrors(name));
  return errors?.[0] ? (
    <p className={fieldMessage} role="alert">
      {errors[0]}
    </p>
  ) : null;
}
