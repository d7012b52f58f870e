import {
  defaultTableOptions,
  TABLE_PAGE_OPTIONS,
  parseTableQuery,
  type TableQuery,
} from '@/lib/paging';
import {
  TABLE_FILTER_DEBOUNCE_MS,
  type RowId,
  type TableConfig,
  type TableContext,
  type TableInput,
  type TableRow,
} from '@/machines/table/table.types';

export function tableConfig(input: TableInput): TableConfig {
  return {
    sortKeys: [...input.sortKeys],
    mustSort: input.mustSort ?? false,
    defaults: defaultTableOptions(input.defaults),
    // Spec §2: the generic table's page sizes (5, 10, 15, All), unless a table names its own.
    pageOptions: [...(input.pageOptions ?? TABLE_PAGE_OPTIONS)],
    prefix: input.url?.prefix ?? '',
    ...(input.url?.params && { params: input.url.params }),
    ...(input.filters && { filters: input.filters }),
    rowKey: input.rowKey ?? 'id',
    syncUrl: input.url !== undefined,
    filterDebounceMs: input.filterDebounceMs ?? TABLE_FILTER_DEBOUNCE_MS,
  };
}

export function initialTableContext(input: TableInput): TableContext {
  const config = tableConfig(input);
  const query: TableQuery = input.url
    ? parseTableQuery(input.url.search, config)
    : { options: config.defaults, filter: input.filter ?? input.filters?.default ?? '' };
  return {
    config,
    options: query.options,
    filter: query.filter,
    rows: [],
    total: 0,
    selection: [],
    error: null,
    scope: input.scope ?? {},
    search: input.url?.search ?? '',
  };
}

export const currentQuery = (context: Pick<TableContext, 'options' | 'filter'>): TableQuery => ({
  options: context.options,
  filter: context.filter,
});

export function rowIdOf(row: TableRow, rowKey: string): RowId {
  return String(row[rowKey]);
}

export function pageRowIds(context: Pick<TableContext, 'rows' | 'config'>): RowId[] {
  return context.rows.map((row) => rowIdOf(row, context.config.rowKey));
}

export function isWholePageSelected(context: Pick<TableContext, 'rows' | 'config' | 'selection'>): boolean {
  const ids = pageRowIds(context);
  return ids.length > 0 && ids.every((id) => context.selection.includes(id));
}
