import { memo, useMemo } from 'react';
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
  type Key,
} from 'react-aria-components';
import { activeFilterCount, PROGRESS_FILTERS, RESOURCE_TYPES } from '@/machines/catalog/catalog.query';
import type { ProgressFilter, ResourceType } from '@/machines/catalog/catalog.types';
import { frameworkOptions, type FrameworkOption } from '@/machines/catalog/catalog.selectors';
import { NASOT_LEVELS } from '@/machines/reference-data/reference-data.selectors';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { Button } from '@/views/layout/button';
import { TYPE_LABELS } from '@/views/catalog/item-card';
import { Chevron } from '@/views/components/chevron';
import { FilterSelect } from '@/views/components/filter-select';
import type { PanelProps, SheetProps } from '@/views/catalog/catalog-filters';
import { PROGRESS_FILTER_LABELS } from '@/views/catalog/progress-filter-labels';
import * as styles from '@/views/catalog/filters.css';

// The catalogue's filter controls: react-aria's select, combobox and modal (70 KB gzip), loaded
// once the catalogue has rendered rather than before it (catalog-filters.tsx), so the results
// do not wait for them.

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

/**
 * Framework, audience, resource type and progress; each change applies at once. Memoised: the
 * framework's list is a few hundred options, rebuilt only when the query or the lists change,
 * not each time results arrive.
 */
export const FilterPanelControls = memo(function FilterPanelControls({ query, onChange }: PanelProps) {
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

/** The phone's filters sheet, from the bottom, with the same controls. */
export function FiltersSheetDialog({ isOpen, onOpenChange, query, resultCount, loading, onChange, onClearAll }: SheetProps & { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const count = activeFilterCount(query);
  return (
    <ModalOverlay className={styles.sheetOverlay} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
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
              <FilterPanelControls query={query} onChange={onChange} />
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
  );
}
