import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import { ALL_SCHOOLS_KEY } from '@/machines/usage/school-search.machine';
import { schoolSearchIntents } from '@/machines/usage/usage.intents';
import {
  selectIsSearching,
  selectPickedKey,
  selectSchoolOptions,
  selectSchoolText,
  selectSearchedText,
  selectShowsChoice,
  type SchoolSearchActorRef,
} from '@/machines/usage/usage.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { Button } from '@/views/layout/button';
import * as styles from '@/views/usage/usage.css';
import { field } from '@/views/components/form/form.css';

// Spec §2: an autocomplete labelled 'Choose a school'; 'All Schools' first; the typed text
// highlighted in each option; a 'Clear selection' button. The machine searches the server
// 300 ms after the last keystroke, so the list is never filtered here.

/** The name with every occurrence of the searched words marked. */
export function Highlight({ text, match }: { text: string; match: string }) {
  const needle = match.trim().toLowerCase();
  if (!needle) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let found = lower.indexOf(needle); found !== -1; found = lower.indexOf(needle, at)) {
    if (found > at) parts.push(text.slice(at, found));
    parts.push(
      <mark key={found} className={styles.mark}>
        {text.slice(found, found + needle.length)}
      </mark>,
    );
    at = found + needle.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** `picker`: the picker's actor, owned by the screen it serves (the usage page). */
export function SchoolPicker({ picker }: { picker: SchoolSearchActorRef }) {
  const { type, pick, clear } = useIntents(picker, schoolSearchIntents);
  const options = useSelector(picker, selectSchoolOptions);
  const text = useSelector(picker, selectSchoolText);
  const searched = useSelector(picker, selectSearchedText);
  const pickedKey = useSelector(picker, selectPickedKey);
  const searching = useSelector(picker, selectIsSearching);
  const showsChoice = useSelector(picker, selectShowsChoice);

  // The box shows the current choice ('All Schools'): focusing it selects that name, so what is
  // typed replaces it instead of being added to it. The click that focused it must not then put
  // the caret back in place of the selection.
  const justFocused = useRef(false);
  const selectChoice = {
    onFocus: (event: React.FocusEvent<HTMLInputElement>) => {
      if (!showsChoice) return;
      event.currentTarget.select();
      justFocused.current = true;
    },
    onMouseUp: (event: React.MouseEvent<HTMLInputElement>) => {
      if (justFocused.current) event.preventDefault();
      justFocused.current = false;
    },
    onBlur: () => {
      justFocused.current = false;
    },
  };

  const onSelectionChange = (key: Key | null) => {
    if (key === null) return;
    const option = options.find((o) => o.id === key);
    if (option) pick(option.all ? null : { id: option.id, name: option.name });
  };

  return (
    // The app's own field layout (the `field` of form.css): label, input and focus ring as every form's.
    <ComboBox
      items={options}
      inputValue={text}
      onInputChange={type}
      selectedKey={pickedKey}
      onSelectionChange={onSelectionChange}
      menuTrigger="focus"
      className={field}
    >
      <Label>Choose a school</Label>
      <div className={styles.comboRow}>
        <div className={styles.comboField}>
          <Input className={styles.comboInput} aria-busy={searching || undefined} {...selectChoice} />
          <AriaButton className={styles.comboToggle} aria-label="Show schools">
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </AriaButton>
        </div>
        <Button tone="secondary" className={styles.clearButton} onClick={clear} disabled={pickedKey === ALL_SCHOOLS_KEY && text === options[0]?.name}>
          Clear selection
        </Button>
      </div>
      <Popover className={styles.popover} placement="bottom start">
        <ListBox className={styles.listBox}>
          {(option: (typeof options)[number]) => (
            <ListBoxItem id={option.id} textValue={option.name} className={option.all ? `${styles.option} ${styles.optionAll}` : styles.option}>
              <Text slot="label">{option.all ? option.name : <Highlight text={option.name} match={searched} />}</Text>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
