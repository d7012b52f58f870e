import type { SnapshotFrom } from 'xstate';
import { allowedPageSizes, hasNextPage, hasPreviousPage, pageRange, type PageRange, type SortItem } from '@/lib/paging';
import type { TableMachine } from '@/machines/table/table.machine';
import { isWholePageSelected, pageRowIds } from '@/machines/table/table.logic';
import type { RowId, TableRow } from '@/machines/table/table.types';

type TableSnapshot = SnapshotFrom<TableMachine>;

export const selectRows = (s: TableSnapshot): readonly TableRow[] => s.context.rows;
export const selectRowIds = (s: TableSnapshot): RowId[] => pageRowIds(s.context);
export const selectRowKey = (s: TableSnapshot): string => s.context.config.rowKey;
export const selectTotal = (s: TableSnapshot): number => s.context.total;
export const selectPage = (s: TableSnapshot): number => s.context.options.page;
export const selectItemsPerPage = (s: TableSnapshot): number => s.context.options.itemsPerPage;
export const selectSortBy = (s: TableSnapshot): readonly SortItem[] => s.context.options.sortBy;
export const selectFilter = (s: TableSnapshot): string => s.context.filter;
export const selectSelection = (s: TableSnapshot): readonly RowId[] => s.context.selection;
export const selectIsWholePageSelected = (s: TableSnapshot): boolean => isWholePageSelected(s.context);
/** The page sizes the footer offers: the configured ones plus the default. */
export const selectPageOptions = (s: TableSnapshot): number[] => allowedPageSizes(s.context.config);
/** A page is on its way (or about to be, while the search text settles). */
export const selectIsLoading = (s: TableSnapshot): boolean => s.hasTag('loading');
export const selectFailed = (s: TableSnapshot): boolean => s.matches('failed');
export const selectError = (s: TableSnapshot): unknown => (s.matches('failed') ? s.context.error : null);
export const selectHasPreviousPage = (s: TableSnapshot): boolean => hasPreviousPage(s.context.options);
export const selectHasNextPage = (s: TableSnapshot): boolean => hasNextPage(s.context.options, s.context.total);
/** Compare with `samePageRange`: the object is new on every snapshot. */
export const selectPageRange = (s: TableSnapshot): PageRange => pageRange(s.context.options, s.context.total);

export const samePageRange = (a: PageRange, b: PageRange): boolean =>
  a.first === b.first && a.last === b.last && a.total === b.total;
