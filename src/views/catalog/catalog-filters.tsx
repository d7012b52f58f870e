import { lazy, memo, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { activeFilterCount } from '@/machines/catalog/catalog.query';
import type { CatalogFilterPatch } from '@/machines/catalog/catalog.machine';
import type { CatalogQuery } from '@/machines/catalog/catalog.types';
import { NASOT_LEVELS } from '@/machines/reference-data/reference-data.selectors';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { Button } from '@/views/layout/button';
import { Chevron } from '@/views/components/chevron';
import { TYPE_LABELS } from '@/views/catalog/item-card';
import * as styles from '@/views/catalog/filters.css';
import { visuallyHidden } from '@/views/components/text.css';
import { PROGRESS_FILTER_LABELS } from '@/views/catalog/progress-filter-labels';


export type PanelProps = { query: CatalogQuery; onChange: (patch: CatalogFilterPatch) => void };
export type SheetProps = PanelProps & { resultCount: string; loading: boolean; onClearAll: () => void };

// The pickers (filter-controls.tsx) are react-aria's select, combobox and modal: most of what the
// catalogue's screen would download before it could render. They load as the catalogue renders
// (both lazy components below ask for the same chunk at once) and take their places then; until
// they are there, the panel shows the same fields, inert, with the same sizes and values.
const loadControls = () => import('@/views/catalog/filter-controls');
const PanelControls = lazy(() => loadControls().then((m) => ({ default: m.FilterPanelControls })));
const SheetDialog = lazy(() => loadControls().then((m) => ({ default: m.FiltersSheetDialog })));

/** The panel's fields as they will look, while the pickers load: nothing to operate yet. */
function PanelPlaceholder({ query }: { query: CatalogQuery }) {
  const { nasotItems, audiences } = useReferenceData();
  const framework = nasotItems.find((item) => item.id === query.nasotItemIds[0])?.title ?? '';
  const fields: [string, string][] = [
    ['Audience', audiences.find((a) => a.id === query.audience)?.name ?? 'All audiences'],
    ['Resource type', query.resourceType ? TYPE_LABELS[query.resourceType] : 'All types'],
    ['Progress', query.progress ? PROGRESS_FILTER_LABELS[query.progress] : 'Any progress'],
  ];
  return (
    <div className={styles.panel} aria-hidden="true" data-filter-placeholder="">
      <div className={styles.field}>
        <span className={styles.label}>Framework</span>
        <div className={styles.comboField}>
          <input className={styles.comboInput} placeholder="All of the framework" value={framework} disabled readOnly tabIndex={-1} />
          <span className={styles.comboToggle}>
            <Chevron />
          </span>
        </div>
      </div>
      {fields.map(([label, value]) => (
        <div key={label} className={styles.field}>
          <span className={styles.label}>{label}</span>
          <span className={styles.trigger}>
            <span className={styles.value}>{value}</span>
            <Chevron />
          </span>
        </div>
      ))}
    </div>
  );
}

/** Framework, audience, resource type and progress; each change applies at once. */
export const FilterPanel = memo(function FilterPanel({ query, onChange }: PanelProps) {
  return (
    <Suspense fallback={<PanelPlaceholder query={query} />}>
      <PanelControls query={query} onChange={onChange} />
    </Suspense>
  );
});

/** On a phone the filters wait behind a button (with how many are on) in a sheet from the bottom. */
export function FiltersSheet({ query, resultCount, loading, onChange, onClearAll }: SheetProps) {
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
            <span className={visuallyHidden}> active</span>
          </span>
        )}
      </Button>
      {/* Closed, it renders nothing; asked for at once so that it is there when the button is pressed. */}
      <Suspense fallback={null}>
        <SheetDialog isOpen={open} onOpenChange={setOpen} query={query} resultCount={resultCount} loading={loading} onChange={onChange} onClearAll={onClearAll} />
      </Suspense>
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
