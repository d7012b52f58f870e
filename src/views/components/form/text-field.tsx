import type { FocusEvent, InputHTMLAttributes } from 'react';
import { useSelector } from '@xstate/react';
import { formIntents } from '@/machines/form/form.intents';
import type { FormActorRef } from '@/machines/form/form.machine';
import { selectFieldErrors, selectLabel, selectValue } from '@/machines/form/form.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { FieldFrame, useFieldIds } from './field-frame';

type Props = {
  form: FormActorRef;
  name: string;
  /** Shown under the field while it has no message. */
  hint?: string;
  /** A multi-line field (a textarea) of this many rows. */
  rows?: number;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'autoFocus' | 'placeholder' | 'max' | 'min'>;

/** A labelled input (or, with `rows`, a textarea) bound to one field of a form machine, with its message under it. */
export function TextField({ form, name, hint, rows, ...input }: Props) {
  const value = useSelector(form, selectValue(name));
  const errors = useSelector(form, selectFieldErrors(name));
  const label = useSelector(form, selectLabel(name));
  const { change, blur } = useIntents(form, formIntents);
  const message = errors?.[0];
  const { id, describedBy, invalidClass } = useFieldIds(message, hint);
  const control = {
    id,
    name,
    className: invalidClass,
    value: typeof value === 'string' ? value : String(value ?? ''),
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      // Going to a button of the same form (submit, say): its press decides, and a message
      // appearing now would move the button from under the pointer mid-click.
      const next = event.relatedTarget;
      if (next instanceof HTMLButtonElement && next.form === event.currentTarget.form) return;
      blur(name);
    },
  };
  return (
    <FieldFrame id={id} label={label} message={message} hint={hint}>
      {rows ? <textarea {...control} rows={rows} autoFocus={input.autoFocus} placeholder={input.placeholder} /> : <input {...input} {...control} />}
    </FieldFrame>
  );
}
