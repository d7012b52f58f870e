import { useId } from 'react';
import { ListBox, ListBoxItem, Text } from 'react-aria-components';
import * as styles from '@/views/admin/catalog/catalog.css';
import { field } from '@/views/components/form/form.css';

// "Find and add": a search box with its matches listed under it. Typing narrows the list; Tab
// (or Down) goes into it, arrows move, Enter or a click adds. A plain list rather than a combobox
// popover: the box empties after each pick, which a combobox would read as a selection change.

export type PickerOption = { id: string; label: string; meta?: string };

type Props = {
  label: string;
  text: string;
  onText: (text: string) => void;
  options: readonly PickerOption[];
  onPick: (id: string) => void;
  placeholder?: string;
  busy?: boolean;
  /** Shown when the words match nothing. */
  emptyText: string;
  name?: string;
};

export function SearchPicker({ label, text, onText, options, onPick, placeholder, busy, emptyText, name }: Props) {
  const id = useId();
  const listId = `${id}-results`;
  const open = text.trim().length > 0;
  return (
    <div className={styles.pickerBox}>
      <div className={field}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          type="search"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          aria-controls={open ? listId : undefined}
          aria-busy={busy || undefined}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && open) {
              e.preventDefault();
              document.getElementById(listId)?.querySelector<HTMLElement>('[role="option"]')?.focus();
            }
          }}
        />
      </div>
      {open && (
        <ListBox
          id={listId}
          aria-label={`${label}: matches`}
          items={options}
          className={styles.pickerList}
          onAction={(key) => {
            onPick(String(key));
            onText('');
            document.getElementById(id)?.focus();
          }}
          renderEmptyState={() => <p className={styles.empty}>{busy ? 'Searching…' : emptyText}</p>}
        >
          {(option: PickerOption) => (
            <ListBoxItem id={option.id} textValue={option.label} className={styles.option}>
              <Text slot="label">{option.label}</Text>
              {option.meta && (
                <Text slot="description" className={styles.optionMeta}>
                  {option.meta}
                </Text>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      )}
    </div>
  );
}
