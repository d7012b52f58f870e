import { useId, type ReactNode } from 'react';
import { field, fieldMessage, hint as hintStyle, invalid, messageSlot } from './form.css';

/**
 * The ids a field's control needs: its own, and the message (or hint) it is described by.
 * `invalid` is the control's class while it has a message.
 */
export function useFieldIds(message: string | null | undefined, hint: string | undefined) {
  const id = useId();
  return {
    id,
    describedBy: message ? `${id}-error` : hint ? `${id}-hint` : undefined,
    invalidClass: message ? invalid : undefined,
  };
}

/**
 * One field of a form: its label, the control, and under it the message or else the hint (a
 * slot that keeps its height, so a message appearing moves nothing). Every text field of both
 * apps is drawn by this, whether bound to a form machine (TextField) or to an editor's draft.
 */
export function FieldFrame({ id, label, message, hint, children }: { id: string; label: ReactNode; message?: string | null; hint?: string; children: ReactNode }) {
  return (
    <div className={field}>
      <label htmlFor={id}>{label}</label>
      {children}
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
