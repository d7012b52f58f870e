import { useId } from 'react';
import { fieldMessage, hint as hintStyle, invalid, messageSlot } from '@/views/components/form/form.css';
import * as styles from '@/views/admin/catalog/catalog.css';

type Props = {
  /** The field's key in the editor's messages ("title", "resources.0.url" …): focus goes here on a refused save. */
  name: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  hint?: string;
  type?: 'text' | 'url' | 'number' | 'datetime-local';
  /** A textarea: `prose` for text, `code` for Markdown. */
  multiline?: 'prose' | 'code';
  placeholder?: string;
  disabled?: boolean;
  inputMode?: 'decimal' | 'url' | 'text';
  step?: string;
};

/** A labelled text field of the item editor, with its message (or hint) under it. */
export function TextInput({ name, label, value, error, onChange, hint, type = 'text', multiline, placeholder, disabled, inputMode, step }: Props) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const common = {
    id,
    name,
    value,
    placeholder,
    disabled,
    className: [error ? invalid : '', multiline === 'code' ? styles.codeArea : multiline ? styles.textarea : ''].filter(Boolean).join(' ') || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} step={step} onChange={(e) => onChange(e.target.value)} />
      )}
      <div className={messageSlot}>
        {error ? (
          <p id={`${id}-error`} className={fieldMessage}>
            {error}
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
