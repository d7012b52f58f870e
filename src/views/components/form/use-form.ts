import { useSelector } from '@xstate/react';
import type { FormEvent as DomSubmit } from 'react';
import { formIntents } from '@/machines/form/form.intents';
import type { FormActorRef } from '@/machines/form/form.machine';
import { selectCanSubmit, selectFirstInvalidField, selectIsSubmitting } from '@/machines/form/form.selectors';
import { useIntents } from '@/views/hooks/use-intents';

/**
 * A form element's side of the form machine: `onSubmit` sends the submit and, when a rule
 * refused it, moves focus to the first field with a message (the only thing a view adds).
 */
export function useForm(form: FormActorRef) {
  const intents = useIntents(form, formIntents);
  const canSubmit = useSelector(form, selectCanSubmit);
  const submitting = useSelector(form, selectIsSubmitting);
  const onSubmit = (event: DomSubmit<HTMLFormElement>) => {
    event.preventDefault();
    intents.submit();
    const first = selectFirstInvalidField(form.getSnapshot());
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
  };
  return { ...intents, canSubmit, submitting, onSubmit };
}
