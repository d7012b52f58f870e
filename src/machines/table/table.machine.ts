import { assign, enqueueActions, fromCallback, not, setup, type ActorRefFrom } from 'xstate';
import {
  allowedPageSizes,
  changeItemsPerPage,
  isValidPage,
  pageCount,
  parseTableQuery,
  sameSearch,
  sameTableQuery,
  sortTable,
  writeTableQuery,
} from '@/lib/paging';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { currentQuery, initialTableContext, isWholePageSelected, pageRowIds, rowIdOf } from '@/machines/table/table.logic';
import type {
  FetchPageInput,
  RowId,
  TableContext,
  TableEvent,
  TableInput,
  TablePage,
} from '@/machines/table/table.types';

// A server-side paged and sorted table (spec §2 "Table behaviour"). Every change of what the
// table shows is a root transition to `loading`, which exits and re-enters the active child
// even when that is `loading` itself; leaving it stops the running fetch, so a slow answer for
// an older page can never land on top of a newer one, and the screen's fetch sees its signal
// abort. (No `reenter` there: on a root transition it would also re-run the root's entry.)
// The old rows stay in context while the next page loads, so the table does not jump.
// Search text waits in `debouncing` for the typist to pause; clearing it loads at once.
// Selection is of rows on screen: anything that changes which rows show clears it, and a
// reload of the same page keeps only the ids still there, so a bulk action never reaches a
// row the user cannot see.

const key = ({ event }: { event: Extract<TableEvent, { type: 'table.sort' }> }) => ({ key: event.key });
const page = ({ event }: { event: Extract<TableEvent, { type: 'table.setPage' }> }) => ({ page: event.page });
const size = ({ event }: { event: Extract<TableEvent, { type: 'table.setItemsPerPage' }> }) => ({
  itemsPerPage: event.itemsPerPage,
});
const text = ({ event }: { event: Extract<TableEvent, { type: 'table.filter' }> }) => ({ text: event.text });
const search = ({ event }: { event: Extract<TableEvent, { type: 'table.urlChanged' }> }) => ({ search: event.search });
const scope = ({ event }: { event: Extract<TableEvent, { type: 'table.setScope' }> }) => ({ scope: event.scope });
const row = ({ event }: { event: Extract<TableEvent, { type: 'table.toggleRow' }> }) => ({ id: event.id });
const answer = ({ event }: { event: { output: TablePage } }) => event.output;

// Named explicitly: inside `setup` an enqueue cannot see its sibling actions' types.
type ReplaceQuery = { type: 'replaceQuery'; params: { search: string } };

export const tableMachine = setup({
  types: {
    context: {} as TableContext,
    events: {} as TableEvent,
    input: {} as TableInput,
    tags: {} as 'loading',
  },
  actors: {
    fetchPage: placeholderActor<TablePage, FetchPageInput>('fetchPage'),
    /**
     * Reports later locations of the table's page as `table.urlChanged` (back, forward, links).
     * A table that leaves the URL alone needs none, so the default listens to nothing.
     */
    watchUrl: fromCallback<TableEvent>(() => undefined),
  },
  delays: {
    filterDebounce: ({ context }) => context.config.filterDebounceMs,
  },
  guards: {
    syncsUrl: ({ context }) => context.config.syncUrl,
    isSortable: ({ context }, params: { key: string }) => context.config.sortKeys.includes(params.key),
    changesPage: ({ context }, params: { page: number }) => isValidPage(params.page) && params.page !== context.options.page,
    changesItemsPerPage: ({ context }, params: { itemsPerPage: number }) =>
      allowedPageSizes(context.config).includes(params.itemsPerPage) && params.itemsPerPage !== context.options.itemsPerPage,
    changesFilter: ({ context }, params: { text: string }) => params.text.trim() !== context.filter.trim(),
    clearsFilter: ({ context }, params: { text: string }) => params.text.trim() === '' && context.filter.trim() !== '',
    urlChangesQuery: ({ context }, params: { search: string }) =>
      !sameTableQuery(parseTableQuery(params.search, context.config), currentQuery(context)),
    isRowOnPage: ({ context }, params: { id: RowId }) => pageRowIds(context).includes(params.id),
    /** A URL (or a shrunk result) asked for a page past the end: show the last one instead. */
    isBeyondLastPage: ({ context }, params: TablePage) =>
      params.items.length === 0 && context.options.page > pageCount(params.total, context.options.itemsPerPage),
  },
  actions: {
    /** Replace (not push) the location's query with `search`: supplied by the screen's router glue. */
    replaceQuery: placeholderAction<{ search: string }>('replaceQuery'),
    applySort: assign(({ context }, params: { key: string }) => ({
      options: sortTable(context.options, params.key, context.config.mustSort),
    })),
    applyPage: assign(({ context }, params: { page: number }) => ({ options: { ...context.options, page: params.page } })),
    applyItemsPerPage: assign(({ context }, params: { itemsPerPage: number }) => ({
      options: changeItemsPerPage(context.options, params.itemsPerPage),
    })),
    applyFilter: assign(({ context }, params: { text: string }) => ({
      filter: params.text,
      options: { ...context.options, page: 1 },
    })),
    /** Only the box changes (a trailing space): the query, and so the rows, stay. */
    typeFilter: assign((_, params: { text: string }) => ({ filter: params.text })),
    readUrl: assign(({ context }, params: { search: string }) => {
      const query = parseTableQuery(params.search, context.config);
      return { options: query.options, filter: query.filter, search: params.search };
    }),
    rememberUrl: assign((_, params: { search: string }) => ({ search: params.search })),
    /**
     * Writes the options into the location when the URL is synced and differs; the same action
     * also rewrites a URL whose table parameters were bad, once they have fallen back.
     */
    writeUrl: enqueueActions<TableContext, TableEvent, undefined, TableEvent, never, ReplaceQuery, never>(({ context, enqueue }) => {
      if (!context.config.syncUrl) return;
      const next = writeTableQuery(currentQuery(context), context.config, context.search);
      if (sameSearch(next, context.search)) return;
      enqueue.assign({ search: next });
      enqueue({ type: 'replaceQuery', params: { search: next } });
    }),
    clampToLastPage: assign(({ context }, params: TablePage) => ({
      options: { ...context.options, page: pageCount(params.total, context.options.itemsPerPage) },
    })),
    storePage: assign(({ context }, params: TablePage) => {
      const ids = new Set(params.items.map((item) => rowIdOf(item, context.config.rowKey)));
      return {
        rows: params.items,
        total: params.total,
        error: null,
        selection: context.selection.filter((id) => ids.has(id)),
      };
    }),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error, selection: [] })),
    toggleRow: assign(({ context }, params: { id: RowId }) => ({
      selection: context.selection.includes(params.id)
        ? context.selection.filter((id) => id !== params.id)
        : [...context.selection, params.id],
    })),
    toggleAll: assign(({ context }) => ({ selection: isWholePageSelected(context) ? [] : pageRowIds(context) })),
    clearSelection: assign({ selection: [] }),
    applyScope: assign(({ context }, params: { scope: TableContext['scope'] }) => ({
      scope: params.scope,
      options: { ...context.options, page: 1 },
    })),
  },
}).createMachine({
  id: 'table',
  context: ({ input }) => initialTableContext(input),
  entry: 'writeUrl',
  invoke: { src: 'watchUrl' },
  initial: 'loading',
  on: {
    'table.sort': {
      guard: { type: 'isSortable', params: key },
      target: '.loading',
      actions: [{ type: 'applySort', params: key }, 'clearSelection', 'writeUrl'],
    },
    'table.setPage': {
      guard: { type: 'changesPage', params: page },
      target: '.loading',
      actions: [{ type: 'applyPage', params: page }, 'clearSelection', 'writeUrl'],
    },
    'table.setItemsPerPage': {
      guard: { type: 'changesItemsPerPage', params: size },
      target: '.loading',
      actions: [{ type: 'applyItemsPerPage', params: size }, 'clearSelection', 'writeUrl'],
    },
    'table.filter': [
      {
        guard: { type: 'clearsFilter', params: text },
        target: '.loading',
        actions: [{ type: 'applyFilter', params: text }, 'clearSelection', 'writeUrl'],
      },
      {
        guard: { type: 'changesFilter', params: text },
        target: '.debouncing',
        actions: [{ type: 'applyFilter', params: text }, 'clearSelection', 'writeUrl'],
      },
      { actions: { type: 'typeFilter', params: text } },
    ],
    'table.refresh': { target: '.loading' },
    'table.setScope': {
      target: '.loading',
      actions: [{ type: 'applyScope', params: scope }, 'clearSelection', 'writeUrl'],
    },
    'table.clearSelection': { actions: 'clearSelection' },
    'table.urlChanged': [
      // An unsynced table leaves the URL to the screen.
      { guard: not('syncsUrl') },
      {
        guard: { type: 'urlChangesQuery', params: search },
        target: '.loading',
        actions: [{ type: 'readUrl', params: search }, 'clearSelection', 'writeUrl'],
      },
      // The echo of our own write, or another widget's parameter: nothing to load.
      { actions: [{ type: 'rememberUrl', params: search }, 'writeUrl'] },
    ],
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'fetchPage',
        input: ({ context }): FetchPageInput => ({ options: context.options, filter: context.filter.trim(), scope: context.scope }),
        onDone: [
          {
            guard: { type: 'isBeyondLastPage', params: answer },
            target: 'loading',
            reenter: true,
            actions: [{ type: 'clampToLastPage', params: answer }, 'writeUrl'],
          },
          { target: 'ready', actions: { type: 'storePage', params: answer } },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    debouncing: {
      tags: 'loading',
      after: { filterDebounce: 'loading' },
    },
    ready: {
      on: {
        'table.toggleRow': { guard: { type: 'isRowOnPage', params: row }, actions: { type: 'toggleRow', params: row } },
        'table.toggleAll': { actions: 'toggleAll' },
      },
    },
    failed: {
      on: { 'table.retry': 'loading' },
    },
  },
});

export type TableMachine = typeof tableMachine;
export type TableActorRef = ActorRefFrom<TableMachine>;
