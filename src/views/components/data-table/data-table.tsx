import { useSelector } from '@xstate/react';
import { useId, useMemo, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Cell,
  Checkbox,
  Collection,
  Column,
  Input,
  Label,
  ProgressBar,
  Row,
  SearchField,
  Table,
  TableBody,
  TableHeader,
  type Selection,
  type SortDescriptor,
  type SortDirection,
} from 'react-aria-components';
import type { TableActorRef } from '@/machines/table/table.machine';
import { rowIdOf } from '@/machines/table/table.logic';
import {
  selectError,
  selectFailed,
  selectFilter,
  selectIsLoading,
  selectIsWholePageSelected,
  selectRowKey,
  selectRows,
  selectSelection,
  selectSortBy,
} from '@/machines/table/table.selectors';
import type { TableRow } from '@/machines/table/table.types';
import { DataTableFooter } from '@/views/components/data-table/data-table-footer';
import { errorMessage } from '@/lib/messages';
import * as styles from '@/views/components/data-table/data-table.css';
import { useTableIntents } from '@/views/components/data-table/use-table-intents';
import { Button } from '@/views/layout/button';
import { Skeleton, SkeletonBlock } from '@/views/components/skeleton';
import { visuallyHidden } from '@/views/components/text.css';

export type DataTableColumn<Row> = {
  /** The field name the server sorts by, and the column's id. */
  key: string;
  label: string;
  sortable?: boolean;
  /** Names the row for screen readers (default: the first column). */
  isRowHeader?: boolean;
  /** Numbers and dates read better aligned to the end. */
  align?: 'start' | 'end';
  /** On a phone's card, a short value shares its line with another. */
  phoneWidth?: 'half';
  render: (row: Row) => ReactNode;
};

export type DataTableProps<Row extends TableRow> = {
  actor: TableActorRef;
  columns: readonly DataTableColumn<Row>[];
  /** The table's name: shown as its caption and announced with it. */
  label: string;
  hideLabel?: boolean;
  /** Checkboxes per row and for the whole page. */
  selectable?: boolean;
  /** Shows a clearable search box with this label. */
  searchLabel?: string;
  /** Shown when a page arrives with no rows. */
  emptyState?: ReactNode;
  /** Beside the search box: an invite button, bulk actions for the selection… */
  actions?: ReactNode;
  /** What to say when a page fails to load. */
  errorMessage?: (error: unknown) => string;
};

/** Spec §8: the error's own message, else the generic one. */
const defaultErrorMessage = errorMessage;

const toDirection = (order: 'asc' | 'desc'): SortDirection => (order === 'asc' ? 'ascending' : 'descending');

function SortIcon({ direction }: { direction: SortDirection | undefined }) {
  const className =
    direction === 'descending' ? styles.sortIconDescending : direction === 'ascending' ? styles.sortIconActive : styles.sortIcon;
  return (
    <svg className={className} width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <path d="M7 11.5V3m0 0L3.5 6.5M7 3l3.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function SelectionCheckbox() {
  return (
    <Checkbox slot="selection" className={styles.checkbox}>
      {({ isSelected, isIndeterminate }) => (
        <span className={styles.checkboxBox}>
          {isIndeterminate ? (
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2.5 6h7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          ) : isSelected ? (
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2 6.5l2.5 2.5 5.5-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          ) : null}
        </span>
      )}
    </Checkbox>
  );
}

/**
 * A server-side paged, sorted, searchable table over a table actor (src/machines/table). It
 * reads the actor with selectors and changes it only through the table's intents; the header
 * cycles the sort, the footer pages.
 */
export function DataTable<Row extends TableRow>({
  actor,
  columns,
  label,
  hideLabel = false,
  selectable = false,
  searchLabel,
  emptyState,
  actions,
  errorMessage = defaultErrorMessage,
}: DataTableProps<Row>) {
  const intents = useTableIntents(actor);
  // The screen's fetchPage decides what a row is; the machine carries rows without knowing.
  const rows = useSelector(actor, selectRows) as readonly Row[];
  const rowKey = useSelector(actor, selectRowKey);
  const sortBy = useSelector(actor, selectSortBy);
  const selection = useSelector(actor, selectSelection);
  const wholePageSelected = useSelector(actor, selectIsWholePageSelected);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectFailed);
  const error = useSelector(actor, selectError);
  const filter = useSelector(actor, selectFilter);
  const captionId = useId();

  const columnItems = useMemo(
    () => columns.map((column, index) => ({ ...column, id: column.key, isRowHeader: column.isRowHeader ?? index === 0 })),
    [columns],
  );
  const shownRows = failed ? [] : rows;
  const rowIds = useMemo(() => shownRows.map((row) => rowIdOf(row, rowKey)), [shownRows, rowKey]);
  const selectedKeys = useMemo(() => new Set(selection), [selection]);
  const sort = sortBy[0];
  const sortDescriptor: SortDescriptor | undefined = sort ? { column: sort.key, direction: toDirection(sort.order) } : undefined;

  const sortable = columns.filter((column) => column.sortable);

  const changeSelection = (keys: Selection) => {
    if (keys === 'all') {
      if (!wholePageSelected) intents.toggleAll();
      return;
    }
    if (keys.size === 0) {
      intents.clearSelection();
      return;
    }
    // A click or a shift-click range: toggle each row whose state changed.
    const next = new Set([...keys].map(String));
    for (const id of rowIds) if (next.has(id) !== selectedKeys.has(id)) intents.toggleRow(id);
  };

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <h2 id={captionId} className={hideLabel ? visuallyHidden : styles.caption}>
          {label}
        </h2>
        {(searchLabel || actions) && (
          <div className={styles.toolbarEnd}>
            {searchLabel && (
              <SearchField className={styles.searchField} value={filter} onChange={intents.filter}>
                <Label className={styles.searchLabel}>{searchLabel}</Label>
                <div className={styles.searchBox}>
                  <Input className={styles.searchInput} />
                  {filter && (
                    <AriaButton className={styles.clearButton}>
                      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                        <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                      </svg>
                    </AriaButton>
                  )}
                </div>
              </SearchField>
            )}
            {actions}
          </div>
        )}
      </div>

      {sortable.length > 0 && (
        // A phone shows rows as cards, without the header to click: the sort is chosen here.
        <div className={styles.phoneSort}>
          <label className={styles.phoneSortLabel}>
            <span>Sort by</span>
            <select className={styles.select} value={sort?.key ?? ''} onChange={(event) => event.target.value && intents.sort(event.target.value)}>
              {!sort && <option value="">None</option>}
              {sortable.map((column) => (
                <option key={column.key} value={column.key}>
                  {column.label}
                </option>
              ))}
            </select>
          </label>
          {sort && (
            <Button tone="secondary" size="sm" onClick={() => intents.sort(sort.key)}>
              {sort.order === 'asc' ? 'Ascending' : 'Descending'}
              <span className={visuallyHidden}>, change the order</span>
            </Button>
          )}
        </div>
      )}

      <div className={styles.frame}>
        {loading && (
          <ProgressBar isIndeterminate aria-label={`Loading ${label}`} className={styles.progress}>
            <div className={styles.progressBar} />
          </ProgressBar>
        )}
        <div className={styles.scroller}>
          <Table
            aria-labelledby={captionId}
            className={styles.table}
            sortDescriptor={sortDescriptor}
            onSortChange={(descriptor) => intents.sort(String(descriptor.column))}
            selectionMode={selectable ? 'multiple' : 'none'}
            selectedKeys={selectedKeys}
            onSelectionChange={changeSelection}
            // Rows on screen while the next page loads are about to go: not selectable.
            disabledKeys={loading ? rowIds : undefined}
            disabledBehavior="selection"
          >
            <TableHeader>
              {selectable && (
                <Column className={styles.selectionColumn} textValue="Select">
                  <SelectionCheckbox />
                </Column>
              )}
              <Collection items={columnItems}>
                {(column) => (
                  <Column
                    id={column.key}
                    textValue={column.label}
                    allowsSorting={column.sortable ?? false}
                    isRowHeader={column.isRowHeader}
                    className={column.align === 'end' ? styles.columnEnd : styles.column}
                  >
                    {({ allowsSorting, sortDirection }) => (
                      // The icon sits on the inner side, so labels line up with their cells.
                      <span className={styles.columnContent}>
                        {allowsSorting && column.align === 'end' && <SortIcon direction={sortDirection} />}
                        {column.label}
                        {allowsSorting && column.align !== 'end' && <SortIcon direction={sortDirection} />}
                      </span>
                    )}
                  </Column>
                )}
              </Collection>
            </TableHeader>
            <TableBody
              items={shownRows}
              dependencies={[columnItems, selectable, rowKey]}
              className={loading && shownRows.length > 0 ? styles.bodyBusy : styles.body}
              renderEmptyState={() =>
                loading && !failed ? (
                  <div className={styles.skeletonRows}>
                    <Skeleton label={`Loading ${label}…`}>
                      {[0, 1, 2].map((i) => (
                        <div key={i} className={styles.skeletonRow}>
                          <SkeletonBlock width="40%" height="1.125rem" />
                          <SkeletonBlock width="70%" />
                        </div>
                      ))}
                    </Skeleton>
                  </div>
                ) : (
                  <div className={styles.emptyState}>{failed ? 'The rows could not be loaded.' : (emptyState ?? 'Nothing to show.')}</div>
                )
              }
            >
              {(row) => (
                <Row id={rowIdOf(row, rowKey)} className={styles.row} columns={columnItems} dependencies={[columnItems]}>
                  {selectable && (
                    <Cell className={styles.selectionCell} data-label="Select">
                      <SelectionCheckbox />
                    </Cell>
                  )}
                  <Collection items={columnItems}>
                    {(column) => (
                      // On a phone each row is a card of "label: value" lines: the label comes from here.
                      <Cell className={column.align === 'end' ? styles.cellEnd : styles.cell} data-label={column.label} data-phone-width={column.phoneWidth}>
                        {column.render(row)}
                      </Cell>
                    )}
                  </Collection>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      </div>

      {failed && (
        <div role="alert" className={styles.error}>
          <span>{errorMessage(error)}</span>
          <Button tone="secondary" size="sm" onClick={intents.retry}>
            Try again
          </Button>
        </div>
      )}

      <DataTableFooter actor={actor} label={label} />
    </div>
  );
}
