import { useId, type InputHTMLAttributes } from 'react';
import { useSelector } from '@xstate/react';
import { formIntents } from '@/machines/form/form.intents';
import type { FormActorRef } from '@/machines/form/form.machine';
import { selectFieldErrors, selectLabel, selectValue } from '@/machines/form/form.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { fieldMessage, hint as hintStyle, invalid, messageSlot } from './form.css';

type Props = {
  form: FormActorRef;
  name: string;
  /** Shown under the field while it has no message. */
  hint?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'autoFocus' | 'placeholder' | 'max' | 'min'>;

/** A labelled input bound to one field of a form machine, with its message under it. */
export function TextField({ form, name, hint, ...input }: Props) {
  const id = useId();
  const value = useSelector(form, selectValue(name));
  const errors = useSelector(form, selectFieldErrors(name));
  const label = useSelector(form, selectLabel(name));
  const { change, blur } = useIntents(form, formIntents);
  const message = errors?.[0];
  const describedBy = message ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        name={name}
        className={message ? invalid : undefined}
        value={typeof value === 'string' ? value : String(value ?? '')}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => change(name, event.target.value)}
        onBlur={(event) => {
          // Going to a button of the same form (submit, say): its press decides, and a message
          // appearing now would move the button from under the pointer mid-click.
          const next = event.relatedTarget;
          if (next instanceof HTMLButtonElement && next.form === event.currentTarget.form) return;
          blur(name);
        }}
      />
      <div className={messageSlot}>
        {message ? (
          <p id={`${id}-error`} className={fieldMessage}>
            {message}
          </p>
        ) : (
          hint && (
            <p id={`${id}-hint`} className={hintStyle}>
              {hint}
            </p>
          )
        )}
      </div>
    </div>
  );
}
