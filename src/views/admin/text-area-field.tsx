import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { formIntents } from '@/machines/form/form.intents';
import type { FormActorRef } from '@/machines/form/form.machine';
import { selectFieldErrors, selectLabel, selectValue } from '@/machines/form/form.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { fieldMessage, hint as hintStyle, invalid, messageSlot } from '@/views/components/form/form.css';

/** A labelled multi-line field bound to one field of a form machine, with its message under it (as TextField). */
export function TextAreaField({ form, name, hint, rows = 4 }: { form: FormActorRef; name: string; hint?: string; rows?: number }) {
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
      <textarea
        id={id}
        name={name}
        rows={rows}
        className={message ? invalid : undefined}
        value={typeof value === 'string' ? value : String(value ?? '')}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => change(name, event.target.value)}
        onBlur={(event) => {
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
