import type { TableOptions, TableQueryConfig } from '@/lib/paging';

/** A row as the machine sees it; screens know the real type (see DataTable's `columns`). */
export type TableRow = { readonly [field: string]: unknown };
/** Row ids are compared as strings, whatever the id field holds. */
export type RowId = string;

export type TablePage = { items: readonly TableRow[]; total: number };

/**
 * Values outside the table that decide its rows (the school a usage report is about): set by
 * the screen that owns the table, sent with every fetch.
 */
export type TableScope = Readonly<Record<string, string | null>>;

/** What fetchPage gets: the options as they are now, the search text as the server sees it, the scope. */
export type FetchPageInput = { options: TableOptions; filter: string; scope: TableScope };

/** Spec §9: the school search waits 300 ms after the last keystroke; tables do the same. */
export const TABLE_FILTER_DEBOUNCE_MS = 300;

export type TableInput = {
  /** The columns the server can sort by. */
  sortKeys: readonly string[];
  /** Sorting cycles ascending ↔ descending and never turns off. */
  mustSort?: boolean;
  /** Overrides of page 1, 10 per page, unsorted. */
  defaults?: Partial<TableOptions>;
  /** The page sizes offered (default: the footer's 10, 25, 50, 100, All). */
  pageOptions?: readonly number[];
  /** The row field that identifies a row (default "id"). */
  rowKey?: string;
  /** The scope at start (see TableScope). */
  scope?: TableScope;
  /** Initial search text when the URL is not synced. */
  filter?: string;
  filterDebounceMs?: number;
  /** The filter is one of these choices (tabs) rather than a search text. */
  filters?: { values: readonly string[]; default: string };
  /**
   * Keep the options in the address bar: `search` is the location's query at start, `prefix`
   * names the parameters when a screen has two tables, `params` how they are named (see
   * TableQueryConfig). Without it the URL is left alone.
   */
  url?: { search: string; prefix?: string; params?: 'page' | 'offset' };
};

export type TableConfig = Required<Pick<TableQueryConfig, 'sortKeys' | 'pageOptions' | 'defaults' | 'mustSort'>> &
  Pick<TableQueryConfig, 'filters' | 'params'> & {
  prefix: string;
  rowKey: string;
  syncUrl: boolean;
  filterDebounceMs: number;
};

export type TableContext = {
  config: TableConfig;
  options: TableOptions;
  /** The search box's text as typed; the server gets it trimmed. */
  filter: string;
  /** The last page that arrived; kept on screen while the next one loads. */
  rows: readonly TableRow[];
  total: number;
  /** Ids of selected rows, all on the current page. */
  selection: readonly RowId[];
  error: unknown;
  scope: TableScope;
  /** The location's query as last written or seen, so other parameters survive our writes. */
  search: string;
};

export type TableEvent =
  | { type: 'table.sort'; key: string }
  | { type: 'table.setPage'; page: number }
  | { type: 'table.setItemsPerPage'; itemsPerPage: number }
  | { type: 'table.filter'; text: string }
  | { type: 'table.toggleRow'; id: RowId }
  | { type: 'table.toggleAll' }
  | { type: 'table.clearSelection' }
  | { type: 'table.retry' }
  /** Fetch the same page again (after an invite, a delete…). */
  | { type: 'table.refresh' }
  /** Other rows altogether (another school): back to page 1, selection cleared. */
  | { type: 'table.setScope'; scope: TableScope }
  /** The location's query changed (back/forward, a link, the echo of our own replace). */
  | { type: 'table.urlChanged'; search: string };
