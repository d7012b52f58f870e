// Paging and sorting of server-side tables (spec §2 "Table behaviour", §9). Pure functions over
// one options shape, so the table machine, the URL and the API calls cannot disagree about what
// page 3 sorted by e-mail means.

export type SortOrder = 'asc' | 'desc';
export type SortItem<Key extends string = string> = { key: Key; order: SortOrder };

export type TableOptions<Key extends string = string> = {
  /** 1-based. */
  page: number;
  /** Rows per page; ALL_ROWS (-1) means no limit. */
  itemsPerPage: number;
  /** At most one entry today; an array so a multi-column sort needs no new shape. */
  sortBy: SortItem<Key>[];
};

/** Spec §9: -1 means no limit. */
export const ALL_ROWS = -1;
export const DEFAULT_PAGE = 1;
export const DEFAULT_ITEMS_PER_PAGE = 10;
/** The largest page the API accepts (openapi.yaml listUsers `page.maximum`). */
export const MAX_PAGE = 100_000;
/** Spec §2/§9: the generic table's page sizes. */
export const TABLE_PAGE_OPTIONS: readonly number[] = [5, 10, 15, ALL_ROWS];
/** Spec §2/§9: the footer's default page sizes. */
export const FOOTER_PAGE_OPTIONS: readonly number[] = [10, 25, 50, 100, ALL_ROWS];

export function defaultTableOptions<Key extends string = string>(
  overrides: Partial<TableOptions<Key>> = {},
): TableOptions<Key> {
  return { page: DEFAULT_PAGE, itemsPerPage: DEFAULT_ITEMS_PER_PAGE, sortBy: [], ...overrides };
}

// ───────────────────────────── sorting ─────────────────────────────

/**
 * One header click: ascending → descending → off, or back to ascending when a sort is
 * mandatory. Another column starts again at ascending and replaces the old sort.
 */
export function nextSortBy<Key extends string>(
  sortBy: readonly SortItem<Key>[],
  key: Key,
  mustSort = false,
): SortItem<Key>[] {
  const current = sortBy.find((item) => item.key === key);
  if (!current) return [{ key, order: 'asc' }];
  if (current.order === 'asc') return [{ key, order: 'desc' }];
  return mustSort ? [{ key, order: 'asc' }] : [];
}

/** Spec §2: changing the sort resets the page to 1. */
export function sortTable<Key extends string>(options: TableOptions<Key>, key: Key, mustSort = false): TableOptions<Key> {
  return { ...options, sortBy: nextSortBy(options.sortBy, key, mustSort), page: DEFAULT_PAGE };
}

export function sameSortBy(a: readonly SortItem[], b: readonly SortItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item.key === b[i]?.key && item.order === b[i]?.order);
}

// ───────────────────────────── paging ─────────────────────────────

export function isValidPage(page: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE;
}

/** A new page size shows a different first row, so it starts again at page 1. */
export function changeItemsPerPage<Key extends string>(options: TableOptions<Key>, itemsPerPage: number): TableOptions<Key> {
  return { ...options, itemsPerPage, page: DEFAULT_PAGE };
}

export function pageCount(total: number, itemsPerPage: number): number {
  if (itemsPerPage === ALL_ROWS || itemsPerPage <= 0) return 1;
  return Math.max(1, Math.ceil(total / itemsPerPage));
}

export function hasPreviousPage(options: Pick<TableOptions, 'page'>): boolean {
  return options.page > 1;
}

export function hasNextPage(options: Pick<TableOptions, 'page' | 'itemsPerPage'>, total: number): boolean {
  return options.page < pageCount(total, options.itemsPerPage);
}

/** The rows a page shows, 1-based and inclusive; { first: 0, last: 0 } when it shows none. */
export type PageRange = { first: number; last: number; total: number };

export function pageRange(options: Pick<TableOptions, 'page' | 'itemsPerPage'>, total: number): PageRange {
  const first = options.itemsPerPage === ALL_ROWS ? 1 : (options.page - 1) * options.itemsPerPage + 1;
  if (total <= 0 || first > total) return { first: 0, last: 0, total: Math.max(0, total) };
  const last = options.itemsPerPage === ALL_ROWS ? total : Math.min(total, options.page * options.itemsPerPage);
  return { first, last, total };
}

/** "1–10 of 57" (an en dash, as typeset ranges are); "0 of 0" when nothing shows. */
export function formatPageRange({ first, last, total }: PageRange): string {
  return first === 0 ? `0 of ${total}` : `${first}–${last} of ${total}`;
}

export function pageSizeLabel(itemsPerPage: number): string {
  return itemsPerPage === ALL_ROWS ? 'All' : String(itemsPerPage);
}

// ───────────────────────────── API parameters ─────────────────────────────
// openapi.yaml pages two ways (listUsers: page/itemsPerPage; listInteractions and the
// catalogue: offset/limit) and sorts two ways (sortAsc boolean; sortOrder ASC/DESC).

export function toPageParams(options: TableOptions): { page: number; itemsPerPage: number } {
  return { page: options.page, itemsPerPage: options.itemsPerPage };
}

export function toOffsetParams(options: TableOptions): { offset: number; limit: number } {
  if (options.itemsPerPage === ALL_ROWS) return { offset: 0, limit: ALL_ROWS };
  return { offset: (options.page - 1) * options.itemsPerPage, limit: options.itemsPerPage };
}

function firstSort<Key extends string>(sortBy: readonly SortItem[], keys: readonly Key[]): SortItem<Key> | undefined {
  const first = sortBy[0];
  return first && (keys as readonly string[]).includes(first.key) ? (first as SortItem<Key>) : undefined;
}

/**
 * `keys` is the operation's sort enum: it narrows the table's string keys to what the API
 * accepts, so a screen passes the result to the typed client without a cast. An unsorted
 * table sends nothing and the server keeps its natural order.
 */
export function toSortOrderParams<Key extends string>(
  sortBy: readonly SortItem[],
  keys: readonly Key[],
): { sortBy?: Key; sortOrder?: 'ASC' | 'DESC' } {
  const sort = firstSort(sortBy, keys);
  return sort ? { sortBy: sort.key, sortOrder: sort.order === 'asc' ? 'ASC' : 'DESC' } : {};
}

export function toSortAscParams<Key extends string>(
  sortBy: readonly SortItem[],
  keys: readonly Key[],
): { sortBy?: Key; sortAsc?: boolean } {
  const sort = firstSort(sortBy, keys);
  return sort ? { sortBy: sort.key, sortAsc: sort.order === 'asc' } : {};
}

// ───────────────────────────── URL query ─────────────────────────────

/** What a table keeps in the address bar: its options and the search text. */
export type TableQuery<Key extends string = string> = { options: TableOptions<Key>; filter: string };

export type TableQueryConfig<Key extends string = string> = {
  /** The columns the server can sort by; anything else in a URL is ignored. */
  sortKeys: readonly Key[];
  /** Allowed page sizes (the footer's choices); the default size is always allowed. */
  pageOptions?: readonly number[];
  defaults?: TableOptions<Key>;
  /** Sorting cannot be turned off: a URL without a sort gets the default one. */
  mustSort?: boolean;
  /** Prefixes the parameter names, for two tables on one screen ("users.page"). */
  prefix?: string;
  /**
   * How the address bar names the options: `page` (page, itemsPerPage, sort, order, q; defaults
   * left out) or `offset` (limit, offset, sortBy, sortOrder, filter; every value written, so an
   * empty query is filled with the defaults — spec §2, My learning).
   */
  params?: 'page' | 'offset';
  /** The filter is one of these choices (tabs), not free text: anything else reads as `default`. */
  filters?: { values: readonly string[]; default: string };
};

type QuerySource = string | URLSearchParams | Readonly<Record<string, unknown>>;

/** Marks "sorting turned off" where the default would otherwise sort. */
export const NO_SORT = 'none';
/** The API caps search text at 200 characters (openapi.yaml listUsers `filter`). */
export const MAX_FILTER_LENGTH = 200;

const PAGE_PATTERN = /^[1-9]\d*$/;
const SIZE_PATTERN = /^(?:-1|[1-9]\d*)$/;

function paramNames(prefix = '', style: 'page' | 'offset' = 'page') {
  return style === 'offset'
    ? { page: `${prefix}offset`, itemsPerPage: `${prefix}limit`, sort: `${prefix}sortBy`, order: `${prefix}sortOrder`, filter: `${prefix}filter` }
    : { page: `${prefix}page`, itemsPerPage: `${prefix}itemsPerPage`, sort: `${prefix}sort`, order: `${prefix}order`, filter: `${prefix}q` };
}

const OFFSET_PATTERN = /^(?:0|[1-9]\d*)$/;

/** The filter as the table means it: free text, or one of its choices (else the default choice). */
function readFilter(text: string | undefined, config: Pick<TableQueryConfig, 'filters'>): string {
  if (config.filters) return text !== undefined && config.filters.values.includes(text) ? text : config.filters.default;
  return (text ?? '').trim().slice(0, MAX_FILTER_LENGTH);
}

function toSearchParams(source: QuerySource): URLSearchParams {
  if (source instanceof URLSearchParams) return new URLSearchParams(source);
  if (typeof source === 'string') return new URLSearchParams(source);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(source)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') params.append(name, String(item));
    }
  }
  return params;
}

/** A parameter given once; a repeated one is ambiguous and counts as missing. */
function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}

function resolvedDefaults<Key extends string>(config: TableQueryConfig<Key>): TableOptions<Key> {
  return config.defaults ?? defaultTableOptions<Key>();
}

export function allowedPageSizes(config: Pick<TableQueryConfig, 'pageOptions' | 'defaults'>): number[] {
  const options = config.pageOptions ?? FOOTER_PAGE_OPTIONS;
  const fallback = config.defaults?.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
  return options.includes(fallback) ? [...options] : [...options, fallback];
}

function parseSortBy<Key extends string>(params: URLSearchParams, config: TableQueryConfig<Key>): SortItem<Key>[] {
  const names = paramNames(config.prefix, config.params);
  const defaults = resolvedDefaults(config).sortBy;
  const key = single(params, names.sort);
  if (key === NO_SORT) return config.mustSort ? [...defaults] : [];
  if (key === undefined || !(config.sortKeys as readonly string[]).includes(key)) return [...defaults];
  const order = single(params, names.order)?.toLowerCase();
  return [{ key: key as Key, order: order === 'desc' ? 'desc' : 'asc' }];
}

/** Reads a table's query; every missing or bad value falls back to its default, nothing throws. */
export function parseTableQuery<Key extends string>(source: QuerySource, config: TableQueryConfig<Key>): TableQuery<Key> {
  const params = toSearchParams(source);
  const names = paramNames(config.prefix, config.params);
  const defaults = resolvedDefaults(config);

  const sizeText = single(params, names.itemsPerPage);
  const size = sizeText && SIZE_PATTERN.test(sizeText) ? Number(sizeText) : Number.NaN;
  const itemsPerPage = allowedPageSizes(config).includes(size) ? size : defaults.itemsPerPage;

  const pageText = single(params, names.page);
  let page = defaults.page;
  if (config.params === 'offset') {
    // The page that shows the row at `offset` (an offset between pages reads as the page it is on).
    if (pageText && OFFSET_PATTERN.test(pageText)) page = itemsPerPage === ALL_ROWS ? DEFAULT_PAGE : Math.floor(Number(pageText) / itemsPerPage) + 1;
  } else if (pageText && PAGE_PATTERN.test(pageText)) {
    page = Number(pageText);
  }

  return {
    options: {
      page: isValidPage(page) ? page : defaults.page,
      itemsPerPage,
      sortBy: parseSortBy(params, config),
    },
    filter: readFilter(single(params, names.filter), config),
  };
}

/**
 * Writes a table's query over `base`, keeping every parameter that is not the table's (another
 * widget's, the screen's). Defaults are left out so URLs stay short. Answers "?…" or "".
 */
export function writeTableQuery<Key extends string>(
  query: TableQuery<Key>,
  config: TableQueryConfig<Key>,
  base: QuerySource = '',
): string {
  const params = toSearchParams(base);
  const names = paramNames(config.prefix, config.params);
  const defaults = resolvedDefaults(config);
  for (const name of Object.values(names)) params.delete(name);

  const { page, itemsPerPage, sortBy } = query.options;
  if (config.params === 'offset') {
    // Every value, defaults included: the address always says what the table shows.
    params.set(names.itemsPerPage, String(itemsPerPage));
    params.set(names.page, String(itemsPerPage === ALL_ROWS ? 0 : (page - 1) * itemsPerPage));
    const sort = sortBy[0];
    params.set(names.sort, sort ? sort.key : NO_SORT);
    if (sort) params.set(names.order, sort.order);
    params.set(names.filter, query.filter);
    const text = params.toString();
    return text ? `?${text}` : '';
  }
  if (page !== defaults.page) params.set(names.page, String(page));
  if (itemsPerPage !== defaults.itemsPerPage) params.set(names.itemsPerPage, String(itemsPerPage));
  if (!sameSortBy(sortBy, defaults.sortBy)) {
    const sort = sortBy[0];
    if (sort) {
      params.set(names.sort, sort.key);
      params.set(names.order, sort.order);
    } else {
      params.set(names.sort, NO_SORT);
    }
  }
  const filter = query.filter.trim();
  if (filter) params.set(names.filter, filter);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Two queries that show the same rows (search text compared as the server sees it). */
export function sameTableQuery(a: TableQuery, b: TableQuery): boolean {
  return (
    a.options.page === b.options.page &&
    a.options.itemsPerPage === b.options.itemsPerPage &&
    sameSortBy(a.options.sortBy, b.options.sortBy) &&
    a.filter.trim() === b.filter.trim()
  );
}

/** The same parameters in any order: tells a URL that needs rewriting from one written differently. */
export function sameSearch(a: QuerySource, b: QuerySource): boolean {
  const sorted = (source: QuerySource) => {
    const params = toSearchParams(source);
    params.sort();
    return params.toString();
  };
  return sorted(a) === sorted(b);
}
