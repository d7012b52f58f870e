import type { QueryParams, ResponseBody } from '@/api/operations';
import { toSortOrderParams, type TableOptions } from '@/lib/paging';
import type { TableInput } from '@/machines/table/table.types';

/** A row of the progress table (spec §2), as GET /profile/interactions answers it. */
export type ProgressRow = ResponseBody<'listInteractions'>['items'][number];
export type ProgressFilter = NonNullable<QueryParams<'listInteractions'>['filter']>;
export type ProgressSortKey = NonNullable<QueryParams<'listInteractions'>['sortBy']>;

/** Spec §2: the filter tabs, in order. */
export const PROGRESS_FILTERS = ['ALL', 'COMPLETED', 'IN_PROGRESS', 'SAVED'] as const satisfies readonly ProgressFilter[];
/** Spec §2: the sort keys (the column headers themselves do not sort). */
export const PROGRESS_SORT_KEYS = ['strategyTitle', 'progress', 'categoryTitle', 'elementTitle', 'watched', 'rated'] as const satisfies readonly ProgressSortKey[];

/**
 * My learning's table (spec §2 route-level data rules): the query lives in the URL as limit,
 * offset, filter, sortBy and sortOrder; an empty query is filled with page size 10, offset 0,
 * filter All, sorted by strategy title ascending; a bad value falls back to its default. A sort
 * is always on (choosing the order toggles ascending and descending).
 */
export function progressTableInput(search: string): TableInput {
  return {
    sortKeys: PROGRESS_SORT_KEYS,
    mustSort: true,
    defaults: { sortBy: [{ key: 'strategyTitle', order: 'asc' }] },
    filters: { values: PROGRESS_FILTERS, default: 'ALL' },
    // A tab is a click, not typing: no pause to wait for.
    filterDebounceMs: 0,
    rowKey: 'catalogItemId',
    url: { search, params: 'offset' },
  };
}

const isFilter = (value: string): value is ProgressFilter => (PROGRESS_FILTERS as readonly string[]).includes(value);

/** The listing's (and the export's) filter and sort for what the table shows. */
export function progressQuery(options: Pick<TableOptions, 'sortBy'>, filter: string) {
  return { filter: isFilter(filter) ? filter : ('ALL' as const), ...toSortOrderParams(options.sortBy, PROGRESS_SORT_KEYS) };
}
