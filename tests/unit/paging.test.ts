import { describe, expect, it } from 'vitest';
import {
  ALL_ROWS,
  FOOTER_PAGE_OPTIONS,
  TABLE_PAGE_OPTIONS,
  changeItemsPerPage,
  defaultTableOptions,
  formatPageRange,
  hasNextPage,
  hasPreviousPage,
  nextSortBy,
  pageCount,
  pageRange,
  parseTableQuery,
  sameSearch,
  sameTableQuery,
  sortTable,
  toOffsetParams,
  toPageParams,
  toSortAscParams,
  toSortOrderParams,
  writeTableQuery,
  type SortItem,
  type TableOptions,
  type TableQuery,
  type TableQueryConfig,
} from '@/lib/paging';

type Key = 'email' | 'lastName' | 'createdAt';
const asc = (key: Key): SortItem<Key> => ({ key, order: 'asc' });
const desc = (key: Key): SortItem<Key> => ({ key, order: 'desc' });
const options = (patch: Partial<TableOptions<Key>> = {}): TableOptions<Key> => defaultTableOptions<Key>(patch);

describe('constants (spec §2, §9)', () => {
  it('defaults to page 1, 10 rows, unsorted; -1 is All', () => {
    expect(defaultTableOptions()).toEqual({ page: 1, itemsPerPage: 10, sortBy: [] });
    expect(ALL_ROWS).toBe(-1);
  });

  it('offers 5, 10, 15, All on generic tables and 10, 25, 50, 100, All in the footer', () => {
    expect(TABLE_PAGE_OPTIONS).toEqual([5, 10, 15, -1]);
    expect(FOOTER_PAGE_OPTIONS).toEqual([10, 25, 50, 100, -1]);
  });
});

describe('sort cycle', () => {
  it.each([
    // [from, clicked key, mustSort, to]
    [[], 'email', false, [asc('email')]],
    [[asc('email')], 'email', false, [desc('email')]],
    [[desc('email')], 'email', false, []],
    [[], 'email', true, [asc('email')]],
    [[asc('email')], 'email', true, [desc('email')]],
    [[desc('email')], 'email', true, [asc('email')]],
    [[desc('email')], 'lastName', false, [asc('lastName')]],
    [[asc('email')], 'lastName', true, [asc('lastName')]],
  ] as const)('%j + click %s (mustSort %s) → %j', (from, key, mustSort, to) => {
    expect(nextSortBy<Key>(from, key, mustSort)).toEqual(to);
  });

  it('three clicks come back to where they started, or never turn off when mandatory', () => {
    let free: SortItem<Key>[] = [];
    let strict: SortItem<Key>[] = [];
    const seenFree: string[] = [];
    const seenStrict: string[] = [];
    for (let i = 0; i < 4; i++) {
      free = nextSortBy(free, 'email');
      strict = nextSortBy(strict, 'email', true);
      seenFree.push(free[0]?.order ?? 'off');
      seenStrict.push(strict[0]?.order ?? 'off');
    }
    expect(seenFree).toEqual(['asc', 'desc', 'off', 'asc']);
    expect(seenStrict).toEqual(['asc', 'desc', 'asc', 'desc']);
  });

  it.each([1, 2, 7])('changing the sort from page %i resets to page 1 and keeps the page size', (page) => {
    expect(sortTable(options({ page, itemsPerPage: 25 }), 'email')).toEqual({ page: 1, itemsPerPage: 25, sortBy: [asc('email')] });
  });
});

describe('paging', () => {
  it('a new page size starts at page 1', () => {
    expect(changeItemsPerPage(options({ page: 4, sortBy: [desc('email')] }), 50)).toEqual({
      page: 1,
      itemsPerPage: 50,
      sortBy: [desc('email')],
    });
  });

  it.each([
    // [total, itemsPerPage, pages]
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [57, 10, 6],
    [57, 25, 3],
    [57, ALL_ROWS, 1],
  ])('%i rows at %i per page make %i pages', (total, itemsPerPage, pages) => {
    expect(pageCount(total, itemsPerPage)).toBe(pages);
  });

  it.each([
    // [page, itemsPerPage, total, text, previous, next]
    [1, 10, 57, '1–10 of 57', false, true],
    [2, 10, 57, '11–20 of 57', true, true],
    [6, 10, 57, '51–57 of 57', true, false],
    [1, ALL_ROWS, 57, '1–57 of 57', false, false],
    [1, 10, 0, '0 of 0', false, false],
    [9, 10, 57, '0 of 57', true, false],
    [1, 25, 3, '1–3 of 3', false, false],
  ])('page %i at %i per page of %i reads "%s"', (page, itemsPerPage, total, text, previous, next) => {
    const at = { page, itemsPerPage };
    expect(formatPageRange(pageRange(at, total))).toBe(text);
    expect(hasPreviousPage(at)).toBe(previous);
    expect(hasNextPage(at, total)).toBe(next);
  });
});

describe('API parameters', () => {
  const keys = ['email', 'lastName'] as const;

  it.each([
    // [options, page params, offset params]
    [options(), { page: 1, itemsPerPage: 10 }, { offset: 0, limit: 10 }],
    [options({ page: 3, itemsPerPage: 25 }), { page: 3, itemsPerPage: 25 }, { offset: 50, limit: 25 }],
    [options({ page: 4, itemsPerPage: ALL_ROWS }), { page: 4, itemsPerPage: -1 }, { offset: 0, limit: -1 }],
  ])('%j pages as %j or %j', (from, pageParams, offsetParams) => {
    expect(toPageParams(from)).toEqual(pageParams);
    expect(toOffsetParams(from)).toEqual(offsetParams);
  });

  it.each([
    // [sortBy, sortOrder shape, sortAsc shape]
    [[], {}, {}],
    [[asc('email')], { sortBy: 'email', sortOrder: 'ASC' }, { sortBy: 'email', sortAsc: true }],
    [[desc('lastName')], { sortBy: 'lastName', sortOrder: 'DESC' }, { sortBy: 'lastName', sortAsc: false }],
    // A key the operation cannot sort by is not sent at all.
    [[asc('createdAt')], {}, {}],
  ] as const)('sort %j → %j / %j', (sortBy, sortOrder, sortAsc) => {
    expect(toSortOrderParams(sortBy, keys)).toEqual(sortOrder);
    expect(toSortAscParams(sortBy, keys)).toEqual(sortAsc);
  });
});

describe('URL query', () => {
  const config: TableQueryConfig<Key> = { sortKeys: ['email', 'lastName', 'createdAt'] };
  const defaults: TableQuery<Key> = { options: options(), filter: '' };

  it.each([
    ['', defaults],
    ['?page=3', { options: options({ page: 3 }), filter: '' }],
    ['page=3&itemsPerPage=25', { options: options({ page: 3, itemsPerPage: 25 }), filter: '' }],
    ['?itemsPerPage=-1', { options: options({ itemsPerPage: ALL_ROWS }), filter: '' }],
    ['?sort=email', { options: options({ sortBy: [asc('email')] }), filter: '' }],
    ['?sort=lastName&order=desc', { options: options({ sortBy: [desc('lastName')] }), filter: '' }],
    ['?q=%20ada%20', { options: options(), filter: 'ada' }],
    ['?q=ada&page=2&other=x', { options: options({ page: 2 }), filter: 'ada' }],
  ])('reads %s', (search, expected) => {
    expect(parseTableQuery(search, config)).toEqual(expected);
  });

  it.each([
    ['page=-3', 'page'],
    ['page=0', 'page'],
    ['page=1e9', 'page'],
    ['page=1000000000', 'page'],
    ['page=2.5', 'page'],
    ['page=abc', 'page'],
    ['page=', 'page'],
    ['page=0x10', 'page'],
    ['page=2&page=3', 'page'],
    ['itemsPerPage=7', 'itemsPerPage'],
    ['itemsPerPage=-2', 'itemsPerPage'],
    ['itemsPerPage=', 'itemsPerPage'],
    ['itemsPerPage=10&itemsPerPage=25', 'itemsPerPage'],
    ['sort=unknownKey', 'sortBy'],
    ['sort=', 'sortBy'],
    ['sort=email&sort=lastName', 'sortBy'],
    ['order=desc', 'sortBy'],
    ['q=a&q=b', 'filter'],
  ])('falls back to the default for %s', (search) => {
    expect(() => parseTableQuery(search, config)).not.toThrow();
    expect(parseTableQuery(search, config)).toEqual(defaults);
  });

  it('a bad order keeps the sort column and sorts ascending', () => {
    expect(parseTableQuery('?sort=email&order=sideways', config).options.sortBy).toEqual([asc('email')]);
  });

  it('caps the search text at the API limit', () => {
    expect(parseTableQuery(`?q=${'x'.repeat(300)}`, config).filter).toHaveLength(200);
  });

  it.each([
    ['a record with arrays', { page: ['2', '3'], itemsPerPage: ['25'], sort: 'email' }, options({ itemsPerPage: 25, sortBy: [asc('email')] })],
    ['a record with numbers', { page: 4, itemsPerPage: 50 }, options({ page: 4, itemsPerPage: 50 })],
    ['a record with junk', { page: { nested: 1 }, itemsPerPage: null, sort: undefined }, options()],
    ['URLSearchParams', new URLSearchParams('page=2&sort=createdAt&order=desc'), options({ page: 2, sortBy: [desc('createdAt')] })],
  ])('reads %s', (_name, source, expected) => {
    expect(parseTableQuery(source, config).options).toEqual(expected);
  });

  it('honours the caller’s page sizes and defaults', () => {
    const generic: TableQueryConfig<Key> = { ...config, pageOptions: TABLE_PAGE_OPTIONS, defaults: options({ itemsPerPage: 5 }) };
    expect(parseTableQuery('?itemsPerPage=15', generic).options.itemsPerPage).toBe(15);
    expect(parseTableQuery('?itemsPerPage=25', generic).options.itemsPerPage).toBe(5);
    // The default size is always allowed, even when the option list forgets it.
    const odd: TableQueryConfig<Key> = { ...config, pageOptions: [20, 40], defaults: options({ itemsPerPage: 30 }) };
    expect(parseTableQuery('?itemsPerPage=30', odd).options.itemsPerPage).toBe(30);
  });

  it('with a default sort, "none" records that the user turned sorting off', () => {
    const sorted: TableQueryConfig<Key> = { ...config, defaults: options({ sortBy: [asc('lastName')] }) };
    expect(parseTableQuery('', sorted).options.sortBy).toEqual([asc('lastName')]);
    expect(parseTableQuery('?sort=none', sorted).options.sortBy).toEqual([]);
    expect(writeTableQuery({ options: options({ sortBy: [] }), filter: '' }, sorted)).toBe('?sort=none');
    expect(parseTableQuery('?sort=none', { ...sorted, mustSort: true }).options.sortBy).toEqual([asc('lastName')]);
  });

  it.each([
    [defaults, ''],
    [{ options: options({ page: 2 }), filter: '' }, '?page=2'],
    [{ options: options({ itemsPerPage: ALL_ROWS }), filter: '' }, '?itemsPerPage=-1'],
    [{ options: options({ page: 3, itemsPerPage: 25, sortBy: [desc('email')] }), filter: ' ada ' }, '?page=3&itemsPerPage=25&sort=email&order=desc&q=ada'],
  ])('writes %j as "%s" and reads it back', (query, search) => {
    expect(writeTableQuery(query, config)).toBe(search);
    expect(sameTableQuery(parseTableQuery(search, config), query)).toBe(true);
  });

  it('keeps other parameters and replaces its own', () => {
    const written = writeTableQuery({ options: options({ page: 2 }), filter: '' }, config, '?school=s-1&page=5&q=old');
    expect(written).toBe('?school=s-1&page=2');
  });

  it('prefixes its parameters so two tables can share a URL', () => {
    const users: TableQueryConfig<Key> = { ...config, prefix: 'users.' };
    const search = writeTableQuery({ options: options({ page: 2, sortBy: [asc('email')] }), filter: 'x' }, users, '?page=7');
    expect(search).toBe('?page=7&users.page=2&users.sort=email&users.order=asc&users.q=x');
    expect(parseTableQuery(search, users)).toEqual({ options: options({ page: 2, sortBy: [asc('email')] }), filter: 'x' });
    expect(parseTableQuery(search, config).options.page).toBe(7);
  });

  it('compares searches by their parameters, not their order', () => {
    expect(sameSearch('?a=1&b=2', 'b=2&a=1')).toBe(true);
    expect(sameSearch('', '?')).toBe(true);
    expect(sameSearch('?a=1', '?a=2')).toBe(false);
  });
});
