import { FieldFrame, useFieldIds } from '@/views/components/form/field-frame';
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

/**
 * A labelled text field of the item editor, bound to the editor's draft rather than to a form
 * machine (the editor is one machine for the whole item), drawn like every other field.
 */
export function TextInput({ name, label, value, error, onChange, hint, type = 'text', multiline, placeholder, disabled, inputMode, step }: Props) {
  const { id, describedBy, invalidClass } = useFieldIds(error, hint);
  const common = {
    id,
    name,
    value,
    placeholder,
    disabled,
    className: [invalidClass, multiline === 'code' ? styles.codeArea : multiline ? styles.textarea : ''].filter(Boolean).join(' ') || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <FieldFrame id={id} label={label} message={error} hint={hint}>
      {multiline ? (
        <textarea {...common} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} step={step} onChange={(e) => onChange(e.target.value)} />
      )}
    </FieldFrame>
  );
}
