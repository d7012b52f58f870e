import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Button as AriaButton,
  ComboBox,
  Dialog,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  Popover,
  Select,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { activeFilterCount, PROGRESS_FILTERS, RESOURCE_TYPES } from '@/machines/catalog/catalog.query';
import type { CatalogFilterPatch } from '@/machines/catalog/catalog.machine';
import type { CatalogQuery, ProgressFilter, ResourceType } from '@/machines/catalog/catalog.types';
import { frameworkOptions, type FrameworkOption } from '@/machines/catalog/catalog.selectors';
import { NASOT_LEVELS } from '@/machines/reference-data/reference-data.selectors';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { Button } from '@/views/layout/button';
import { TYPE_LABELS } from '@/views/catalog/item-card';
import * as styles from '@/views/catalog/filters.css';

export const PROGRESS_FILTER_LABELS: Record<ProgressFilter, string> = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  SAVED: 'Saved',
};

/** The key of each picker's "no filter" option (react-aria keys cannot be null). */
const ANY = '*';

const Chevron = () => (
  <svg className={styles.chevron} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
    <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

type Option = { id: string; name: string };

/** A labelled single-choice picker (react-aria Select) whose first option means "no filter". */
function FilterSelect({ label, options, value, anyLabel, onChange }: { label: string; options: Option[]; value: string | null; anyLabel: string; onChange: (value: string | null) => void }) {
  const items = [{ id: ANY, name: anyLabel }, ...options];
  return (
    <Select
      className={styles.field}
      selectedKey={value ?? ANY}
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
          {(item: Option) => (
            <ListBoxItem id={item.id} textValue={item.name} className={styles.option}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** The framework is a long tree (category → strand → element → strategy): a combobox to type into. */
function FrameworkPicker({ options, value, onChange }: { options: FrameworkOption[]; value: string | null; onChange: (id: string | null) => void }) {
  return (
    <ComboBox
      className={styles.field}
      defaultItems={options}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => {
        const next = key === null ? null : String(key);
        if (next !== value) onChange(next);
      }}
      menuTrigger="focus"
    >
      <Label className={styles.label}>Framework</Label>
      <div className={styles.comboField}>
        <Input className={styles.comboInput} placeholder="All of the framework" />
        <AriaButton className={styles.comboToggle} aria-label="Show the framework">
          <Chevron />
        </AriaButton>
      </div>
      <Popover className={`${styles.popover} ${styles.wideDropdown}`} placement="bottom start">
        <ListBox className={styles.listBox}>
          {(option: FrameworkOption) => (
            <ListBoxItem
              id={option.id}
              textValue={option.title}
              className={option.depth === 0 ? `${styles.option} ${styles.optionTop}` : styles.option}
              style={{ paddingLeft: `calc(0.75rem + ${option.depth * 0.75}rem)` }}
            >
              <span className={styles.optionLevel}>{NASOT_LEVELS[option.type]}</span>
              <span>{option.title}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

type PanelProps = { query: CatalogQuery; onChange: (patch: CatalogFilterPatch) => void };

/**
 * Framework, audience, resource type and progress; each change applies at once. Memoised: the
 * framework's list is a few hundred options, rebuilt only when the query or the lists change,
 * not each time results arrive.
 */
export const FilterPanel = memo(function FilterPanel({ query, onChange }: PanelProps) {
  const { nasotItems, audiences } = useReferenceData();
  const framework = useMemo(() => frameworkOptions(nasotItems), [nasotItems]);
  const audienceOptions = useMemo(() => audiences.map((a) => ({ id: a.id, name: a.name })), [audiences]);
  return (
    <div className={styles.panel}>
      <FrameworkPicker options={framework} value={query.nasotItemIds[0] ?? null} onChange={(id) => onChange({ nasotItemIds: id ? [id] : [] })} />
      <FilterSelect label="Audience" anyLabel="All audiences" options={audienceOptions} value={query.audience} onChange={(audience) => onChange({ audience })} />
      <FilterSelect
        label="Resource type"
        anyLabel="All types"
        options={RESOURCE_TYPES.map((t) => ({ id: t, name: TYPE_LABELS[t] }))}
        value={query.resourceType}
        onChange={(type) => onChange({ resourceType: type as ResourceType | null })}
      />
      <FilterSelect
        label="Progress"
        anyLabel="Any progress"
        options={PROGRESS_FILTERS.map((p) => ({ id: p, name: PROGRESS_FILTER_LABELS[p] }))}
        value={query.progress}
        onChange={(progress) => onChange({ progress: progress as ProgressFilter | null })}
      />
    </div>
  );
});

/** On a phone the filters wait behind a button (with how many are on) in a sheet from the bottom. */
export function FiltersSheet({ query, resultCount, loading, onChange, onClearAll }: PanelProps & { resultCount: string; loading: boolean; onClearAll: () => void }) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(query);
  return (
    <>
      <Button tone="secondary" className={styles.filtersButton} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
          <path d="M2 4h14M5 9h8M7.5 14h3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        Filters
        {count > 0 && (
          <span className={styles.countBadge}>
            {count}
            <span className="visually-hidden"> active</span>
          </span>
        )}
      </Button>
      <ModalOverlay className={styles.sheetOverlay} isOpen={open} onOpenChange={setOpen} isDismissable>
        <Modal className={styles.sheet}>
          <Dialog className={styles.sheetDialog}>
            {({ close }) => (
              <>
                <div className={styles.sheetHeader}>
                  <Heading slot="title" className={styles.sheetTitle}>
                    Filters
                  </Heading>
                  <Button tone="ghost" size="sm" onClick={close}>
                    Close
                  </Button>
                </div>
                <FilterPanel query={query} onChange={onChange} />
                <div className={styles.sheetActions}>
                  <button type="button" className={styles.clearAll} onClick={onClearAll} disabled={count === 0}>
                    Clear all
                  </button>
                  <Button onClick={close}>{loading ? 'Show results' : `Show ${resultCount}`}</Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

export type Chip = { key: string; kind: string; value: ReactNode; text: string; patch: CatalogFilterPatch };

/** Every active filter, the search and the profile's audience included, as something to remove. */
export function useFilterChips(query: CatalogQuery): Chip[] {
  const { nasotItems, audiences, ready, failed } = useReferenceData();
  // Until the framework and audiences have arrived, a chip of the address bar's filters shows
  // its kind with "…" rather than calling a real item unknown.
  const unknown = (what: string) => (ready || failed ? `Unknown ${what}` : '…');
  const chips: Chip[] = [];
  if (query.search) chips.push({ key: 'search', kind: 'Search', value: `“${query.search}”`, text: query.search, patch: { search: '' } });
  for (const id of query.nasotItemIds) {
    const node = nasotItems.find((n) => n.id === id);
    const text = node ? node.title : unknown('item');
    chips.push({
      key: `nasot:${id}`,
      kind: node ? NASOT_LEVELS[node.type] : 'Framework',
      value: text,
      text,
      patch: { nasotItemIds: query.nasotItemIds.filter((n) => n !== id) },
    });
  }
  if (query.audience) {
    const text = audiences.find((a) => a.id === query.audience)?.name ?? unknown('audience');
    chips.push({ key: 'audience', kind: 'Audience', value: text, text, patch: { audience: null } });
  }
  if (query.resourceType) {
    const text = TYPE_LABELS[query.resourceType];
    chips.push({ key: 'type', kind: 'Type', value: text, text, patch: { resourceType: null } });
  }
  if (query.progress) {
    const text = PROGRESS_FILTER_LABELS[query.progress];
    chips.push({ key: 'progress', kind: 'Progress', value: text, text, patch: { progress: null } });
  }
  return chips;
}

/** The chips and "Clear all". Removing one keeps focus on the chips (the next one, or the search box). */
export function FilterChips({ chips, onRemove, onClearAll, fallbackFocusId }: { chips: Chip[]; onRemove: (chip: Chip) => void; onClearAll: () => void; fallbackFocusId: string }) {
  const pendingFocus = useRef<number | null>(null);
  const signature = chips.map((c) => c.key).join('|');
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    pendingFocus.current = null;
    // The chip now at the removed one's place, else the last one, else the search box.
    const buttons = document.querySelectorAll<HTMLButtonElement>('[data-filter-chip]');
    (buttons[Math.min(index, buttons.length - 1)] ?? document.getElementById(fallbackFocusId))?.focus();
  }, [signature, fallbackFocusId]);
  if (chips.length === 0) return null;
  return (
    <div className={styles.chipsRow}>
      <ul className={styles.chips} aria-label="Active filters">
        {chips.map((chip, index) => (
          <li key={chip.key}>
            <button
              type="button"
              className={styles.chip}
              data-filter-chip=""
              aria-label={`Remove ${chip.kind}: ${chip.text}`}
              onClick={() => {
                pendingFocus.current = index;
                onRemove(chip);
              }}
            >
              <span className={styles.chipText}>
                <span className={styles.chipKind}>{chip.kind}:</span> {chip.value}
              </span>
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                <path d="M4.5 4.5l7 7m0-7l-7 7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.clearAll}
        onClick={() => {
          pendingFocus.current = 0;
          onClearAll();
        }}
      >
        Clear all
      </button>
    </div>
  );
}
