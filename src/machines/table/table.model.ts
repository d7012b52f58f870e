import { assign, setup } from 'xstate';

// An effect-free model of the table's flow for model-based tests (xstate/graph refuses invoke
// and after). Its states carry the real machine's names; the fetch answering or failing and the
// search text settling are events here. The data are fixed: 57 users, 4 of them match "ada";
// every event has one fixed payload, so the model stays small enough to walk. Sorting, paging
// and the URL are written out by hand rather than with the paging helpers, so a test that walks
// this model checks the machine against an independent account of spec §2.

export const TABLE_MODEL = {
  total: 57,
  filterText: 'ada',
  matching: 4,
  /** table.setPage always asks for this page; table.setItemsPerPage for this size. */
  page: 2,
  itemsPerPage: 15,
  /** url.back: a shared link to page 9 (past the end) sorted by last name, descending. */
  backSearch: '?page=9&sort=lastName&order=desc',
  /** url.bad: every table parameter wrong. */
  badSearch: '?page=-3&itemsPerPage=7&sort=unknownKey&order=sideways',
} as const;

/** The sort as a code: unsorted, or column.order. table.sort always clicks "email". */
export type ModelSort = 'none' | 'email.asc' | 'email.desc' | 'lastName.desc';

/** Spec §2: ascending → descending → off; another column starts at ascending. */
const NEXT_SORT: Record<ModelSort, ModelSort> = {
  none: 'email.asc',
  'email.asc': 'email.desc',
  'email.desc': 'none',
  'lastName.desc': 'email.asc',
};

export type TableModelContext = {
  page: number;
  itemsPerPage: number;
  sort: ModelSort;
  filter: string;
  /** Rows on screen and the total of the last page that arrived. */
  rows: number;
  total: number;
  /** Selected rows as positions on the page. */
  selected: number[];
};

export type TableModelEvent =
  /** The newest request answers with what the server has. */
  | { type: 'fetch.answer' }
  | { type: 'fetch.fail' }
  | { type: 'table.sort' }
  | { type: 'table.setPage' }
  | { type: 'table.setItemsPerPage' }
  /** Types TABLE_MODEL.filterText. */
  | { type: 'table.filter' }
  | { type: 'filter.clear' }
  /** The typist paused long enough. */
  | { type: 'filter.settled' }
  /** The first row on the page. */
  | { type: 'table.toggleRow' }
  | { type: 'table.toggleAll' }
  | { type: 'table.clearSelection' }
  | { type: 'table.retry' }
  | { type: 'table.refresh' }
  | { type: 'url.back' }
  | { type: 'url.bad' }
  /** The location reports the query the table itself wrote. */
  | { type: 'url.echo' };

const totalFor = (filter: string) => (filter ? TABLE_MODEL.matching : TABLE_MODEL.total);
const lastPage = (total: number, itemsPerPage: number) => Math.max(1, Math.ceil(total / itemsPerPage));
const rowsOn = (page: number, itemsPerPage: number, total: number) =>
  Math.max(0, Math.min(itemsPerPage, total - (page - 1) * itemsPerPage));

const DEFAULTS = { page: 1, itemsPerPage: 10, sort: 'none', filter: '' } as const;
const BACK = { page: 9, itemsPerPage: 10, sort: 'lastName.desc', filter: '' } as const;

type Query = Pick<TableModelContext, 'page' | 'itemsPerPage' | 'sort' | 'filter'>;
const sameQuery = (a: Query, b: Query) =>
  a.page === b.page && a.itemsPerPage === b.itemsPerPage && a.sort === b.sort && a.filter === b.filter;

export const tableModel = setup({
  types: {
    context: {} as TableModelContext,
    events: {} as TableModelEvent,
  },
  guards: {
    pastLastPage: ({ context }) => context.page > lastPage(totalFor(context.filter), context.itemsPerPage),
    otherPage: ({ context }) => context.page !== TABLE_MODEL.page,
    otherSize: ({ context }) => context.itemsPerPage !== TABLE_MODEL.itemsPerPage,
    unfiltered: ({ context }) => context.filter === '',
    filtered: ({ context }) => context.filter !== '',
    hasRows: ({ context }) => context.rows > 0,
    notAtBackQuery: ({ context }) => !sameQuery(context, BACK),
    notAtDefaults: ({ context }) => !sameQuery(context, DEFAULTS),
  },
  actions: {
    answer: assign(({ context }) => {
      const total = totalFor(context.filter);
      const rows = rowsOn(context.page, context.itemsPerPage, total);
      return { total, rows, selected: context.selected.filter((position) => position < rows) };
    }),
    toLastPage: assign(({ context }) => ({ page: lastPage(totalFor(context.filter), context.itemsPerPage) })),
    deselect: assign({ selected: [] }),
    sort: assign(({ context }) => ({ sort: NEXT_SORT[context.sort], page: 1 })),
    toPage: assign({ page: TABLE_MODEL.page }),
    toSize: assign({ itemsPerPage: TABLE_MODEL.itemsPerPage, page: 1 }),
    typeFilter: assign({ filter: TABLE_MODEL.filterText, page: 1 }),
    clearFilter: assign({ filter: '', page: 1 }),
    toggleFirst: assign(({ context }) => ({
      selected: context.selected.includes(0)
        ? context.selected.filter((position) => position !== 0)
        : [0, ...context.selected].sort((a, b) => a - b),
    })),
    toggleAll: assign(({ context }) => ({
      selected:
        context.selected.length === context.rows ? [] : Array.from({ length: context.rows }, (_, position) => position),
    })),
    goBack: assign({ ...BACK }),
    reset: assign({ ...DEFAULTS }),
  },
}).createMachine({
  id: 'tableModel',
  context: { ...DEFAULTS, rows: 0, total: 0, selected: [] },
  initial: 'loading',
  on: {
    'table.sort': { target: '.loading', actions: ['sort', 'deselect'] },
    'table.setPage': { guard: 'otherPage', target: '.loading', actions: ['toPage', 'deselect'] },
    'table.setItemsPerPage': { guard: 'otherSize', target: '.loading', actions: ['toSize', 'deselect'] },
    'table.filter': [
      { guard: 'unfiltered', target: '.debouncing', actions: ['typeFilter', 'deselect'] },
      // The same text again: nothing to load.
      {},
    ],
    'filter.clear': { guard: 'filtered', target: '.loading', actions: ['clearFilter', 'deselect'] },
    'table.refresh': { target: '.loading' },
    'table.clearSelection': { actions: 'deselect' },
    'url.back': { guard: 'notAtBackQuery', target: '.loading', actions: ['goBack', 'deselect'] },
    'url.bad': { guard: 'notAtDefaults', target: '.loading', actions: ['reset', 'deselect'] },
    'url.echo': {},
  },
  states: {
    loading: {
      on: {
        'fetch.answer': [
          { guard: 'pastLastPage', target: 'loading', actions: 'toLastPage' },
          { target: 'ready', actions: 'answer' },
        ],
        'fetch.fail': { target: 'failed', actions: 'deselect' },
      },
    },
    debouncing: {
      on: { 'filter.settled': 'loading' },
    },
    ready: {
      on: {
        'table.toggleRow': { guard: 'hasRows', actions: 'toggleFirst' },
        'table.toggleAll': { actions: 'toggleAll' },
      },
    },
    failed: {
      on: { 'table.retry': 'loading' },
    },
  },
});
