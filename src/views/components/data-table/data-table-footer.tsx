import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { formatPageRange, pageSizeLabel } from '@/lib/paging';
import type { TableActorRef } from '@/machines/table/table.machine';
import {
  samePageRange,
  selectHasNextPage,
  selectHasPreviousPage,
  selectIsLoading,
  selectItemsPerPage,
  selectPage,
  selectPageOptions,
  selectPageRange,
  selectFailed,
  selectTotal,
} from '@/machines/table/table.selectors';
import * as styles from '@/views/components/data-table/data-table.css';
import { useTableIntents } from '@/views/components/data-table/use-table-intents';
import { Button } from '@/views/layout/button';

const sameNumbers = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((n, i) => n === b[i]);

function Chevron({ flip }: { flip?: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" style={flip ? { transform: 'scaleX(-1)' } : undefined}>
      <path d="M10 3.5L5.5 8l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** "Rows per page", "1–10 of 57" and previous/next: spec §2 table footer. */
export function DataTableFooter({ actor, label }: { actor: TableActorRef; label: string }) {
  const intents = useTableIntents(actor);
  const page = useSelector(actor, selectPage);
  const itemsPerPage = useSelector(actor, selectItemsPerPage);
  const pageOptions = useSelector(actor, selectPageOptions, sameNumbers);
  const range = useSelector(actor, selectPageRange, samePageRange);
  const total = useSelector(actor, selectTotal);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectFailed);
  const hasPrevious = useSelector(actor, selectHasPreviousPage);
  const hasNext = useSelector(actor, selectHasNextPage);
  const sizeId = useId();
  // Before a first page arrives there is no range to tell.
  const rangeText = (loading || failed) && total === 0 ? '' : formatPageRange(range);

  return (
    <div className={styles.footer} role="group" aria-label={`${label} pages`}>
      <div className={styles.pageSize}>
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          className={styles.select}
          value={itemsPerPage}
          onChange={(event) => intents.setItemsPerPage(Number(event.target.value))}
        >
          {pageOptions.map((size) => (
            <option key={size} value={size}>
              {pageSizeLabel(size)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.pagerGroup}>
        <span className={styles.range} aria-live="polite" aria-atomic="true">
          {rangeText}
        </span>
        <div className={styles.pager}>
          <Button
            tone="ghost"
            size="sm"
            className={styles.pageButton}
            aria-label="Previous page"
            disabled={!hasPrevious}
            onClick={() => intents.setPage(page - 1)}
          >
            <Chevron />
          </Button>
          <Button
            tone="ghost"
            size="sm"
            className={styles.pageButton}
            aria-label="Next page"
            disabled={!hasNext}
            onClick={() => intents.setPage(page + 1)}
          >
            <Chevron flip />
          </Button>
        </div>
      </div>
    </div>
  );
}
