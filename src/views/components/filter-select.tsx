import { Button as AriaButton, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, type Key } from 'react-aria-components';
import { Chevron } from '@/views/components/chevron';
import * as styles from '@/views/catalog/filters.css';

// A labelled single choice (react-aria Select) whose first option means "no filter", or a
// plain choice among values when `anyLabel` is left out: the catalogue's filters and the admin
// site's.

export type FilterOption = { id: string; name: string };

/** The key of the "no filter" option (react-aria keys cannot be null). */
const ANY = '*';

type Props = {
  label: string;
  options: readonly FilterOption[];
  value: string | null;
  anyLabel?: string;
  isDisabled?: boolean;
  onChange: (value: string | null) => void;
};

export function FilterSelect({ label, options, value, anyLabel, isDisabled, onChange }: Props) {
  const items = anyLabel ? [{ id: ANY, name: anyLabel }, ...options] : [...options];
  return (
    <Select
      className={styles.field}
      selectedKey={value ?? (anyLabel ? ANY : null)}
      isDisabled={isDisabled}
      onSelectionChange={(key: Key | null) => {
        const next = key === null || key === ANY ? null : String(key);
        if (next !== value) onChange(next);
      }}
    >
      <Label className={styles.label}>{label}</Label>
      <AriaButton className={styles.trigger}>
        <SelectValue className={styles.value} />
        <Chevron />
      </AriaButton>
      <Popover className={styles.popover} placement="bottom start">
        <ListBox className={styles.listBox} items={items}>
          {(item: FilterOption) => (
            <ListBoxItem id={item.id} textValue={item.name} className={styles.option}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
