import { assign, setup } from 'xstate';
import { placeholderAction, placeholderActor, placeholderCallback } from '@/machines/shared/placeholders';
import { needsDefaultAudience, parseCatalogQuery, toCatalogRequest, toCatalogSearch, type CatalogRequest } from '@/machines/catalog/catalog.query';
import type { CatalogPage, CatalogQuery, ItemProgress } from '@/machines/catalog/catalog.types';

// The catalogue screen (spec §2 "Route-level data rules": Catalog). The URL is the source of
// truth: the machine starts from the location it opened at, hears `catalog.urlChanged` for every
// later location (its own navigations, back/forward) and fetches what that query shows.

export type CatalogPrepared = { profileAudienceId: string | null; progress: ItemProgress[] };

export type CatalogContext = {
  query: CatalogQuery;
  profileAudienceId: string | null;
  progress: ItemProgress[];
  page: CatalogPage;
  error: unknown;
};

export type CatalogEvent = { type: 'catalog.urlChanged'; search: string } | { type: 'catalog.retry' };

export const catalogMachine = setup({
  types: {
    context: {} as CatalogContext,
    events: {} as CatalogEvent,
    input: {} as { search: string },
    tags: {} as 'loading',
  },
  actors: {
    /** Reference data (nasot items, audiences), progress if available, and the profile's audience. */
    prepare: placeholderActor<CatalogPrepared>('prepare'),
    fetchResults: placeholderActor<CatalogPage, CatalogRequest>('fetchResults'),
    /** Reports every later location of the page as `catalog.urlChanged`. */
    watchUrl: placeholderCallback<CatalogEvent>('watchUrl'),
  },
  actions: {
    /** Replace navigation to the given search string (spec §2: the audience default). */
    replaceSearch: placeholderAction<{ search: string }>('replaceSearch'),
  },
  guards: {
    needsDefaultAudience: ({ context }) => needsDefaultAudience(context.query, context.profileAudienceId),
  },
}).createMachine({
  id: 'catalog',
  context: ({ input }) => ({
    query: parseCatalogQuery(input.search),
    profileAudienceId: null,
    progress: [],
    page: { items: [], total: 0 },
    error: null,
  }),
  invoke: { src: 'watchUrl' },
  initial: 'preparing',
  states: {
    preparing: {
      tags: 'loading',
      on: { 'catalog.urlChanged': { actions: assign({ query: ({ event }) => parseCatalogQuery(event.search) }) } },
      invoke: {
        src: 'prepare',
        onDone: {
          target: 'applyingDefaults',
          actions: assign({
            profileAudienceId: ({ event }) => event.output.profileAudienceId,
            progress: ({ event }) => event.output.progress,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    applyingDefaults: {
      always: [
        {
          guard: 'needsDefaultAudience',
          target: 'loading',
          actions: [
            assign({ query: ({ context }) => ({ ...context.query, audience: context.profileAudienceId }) }),
            { type: 'replaceSearch', params: ({ context }) => ({ search: toCatalogSearch(context.query) }) },
          ],
        },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: 'loading',
      invoke: {
        src: 'fetchResults',
        input: ({ context }) => toCatalogRequest(context.query),
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {},
    failed: {
      on: { 'catalog.retry': 'preparing' },
    },
  },
  on: {
    'catalog.urlChanged': {
      // A URL equal to the current query (the echo of our own replace) fetches nothing new.
      guard: ({ context, event }) => toCatalogSearch(parseCatalogQuery(event.search)) !== toCatalogSearch(context.query),
      target: '.loading',
      reenter: true,
      actions: assign({ query: ({ event }) => parseCatalogQuery(event.search) }),
    },
  },
});

export type CatalogMachine = typeof catalogMachine;
