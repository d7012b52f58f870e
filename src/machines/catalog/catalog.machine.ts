import { assign, enqueueActions, setup } from 'xstate';
import { placeholderAction, placeholderActor, placeholderCallback } from '@/machines/shared/placeholders';
import {
  changeQuery,
  EMPTY_QUERY,
  hasLegacyKeys,
  needsDefaultAudience,
  parseCatalogQuery,
  rewriteSearch,
  toCatalogRequest,
  toCatalogSearch,
  type CatalogRequest,
} from '@/machines/catalog/catalog.query';
import type { CatalogPage, CatalogQuery, ItemProgress } from '@/machines/catalog/catalog.types';

// The catalogue screen (spec §2 "Route-level data rules": Catalog). The URL is the source of
// truth: the machine starts from the location it opened at, hears `catalog.urlChanged` for every
// later location (its own navigations, back/forward) and fetches what that query shows. A search
// or a filter is a navigation the machine asks for; the fetch follows from the location it gives.

export type CatalogPrepared = { profileAudienceId: string | null; progress: ItemProgress[] };

export type CatalogContext = {
  query: CatalogQuery;
  /** The location's search string as last seen: a rewrite keeps the parameters it does not own. */
  location: string;
  profileAudienceId: string | null;
  progress: ItemProgress[];
  page: CatalogPage;
  error: unknown;
};

/** Where the page opened, and the profile's audience when it is already known then (the guard loaded it). */
export type CatalogInput = { search: string; profileAudienceId?: string | null };

export type CatalogFilterPatch = Partial<Omit<CatalogQuery, 'page'>>;

export type CatalogEvent =
  | { type: 'catalog.urlChanged'; search: string }
  | { type: 'catalog.retry' }
  | { type: 'catalog.search'; text: string }
  | { type: 'catalog.filter'; patch: CatalogFilterPatch }
  | { type: 'catalog.clearAll' };

export const catalogMachine = setup({
  types: {
    context: {} as CatalogContext,
    events: {} as CatalogEvent,
    input: {} as CatalogInput,
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
    /** The profile's audience joins the query; everything else the location had stays. */
    addProfileAudience: assign({ query: ({ context }) => ({ ...context.query, audience: context.profileAudienceId }) }),
    /** Replace navigation to the given search string (the audience default, older links' keys). */
    replaceSearch: placeholderAction<{ search: string }>('replaceSearch'),
    /** A new history entry for the given search string (a search, a filter, Clear all). */
    pushSearch: placeholderAction<{ search: string }>('pushSearch'),
    followUrl: assign({
      location: ({ event }) => (event as { search: string }).search,
      query: ({ event }) => parseCatalogQuery((event as { search: string }).search),
    }),
    /** Older links (`?q=`) are replaced by the same query under the spec's keys. */
    replaceLegacyKeys: enqueueActions(({ context, enqueue }) => {
      if (hasLegacyKeys(context.location)) enqueue({ type: 'replaceSearch', params: { search: rewriteSearch(context.location, context.query) } });
    }),
  },
  guards: {
    needsDefaultAudience: ({ context }) => needsDefaultAudience(context.query, context.profileAudienceId),
    hasLegacyKeys: ({ context }) => hasLegacyKeys(context.location),
    // A URL equal to the current query (the echo of our own replace) fetches nothing new.
    urlQueryChanged: ({ context, event }) =>
      event.type === 'catalog.urlChanged' && toCatalogSearch(parseCatalogQuery(event.search)) !== toCatalogSearch(context.query),
  },
}).createMachine({
  id: 'catalog',
  context: ({ input }) => ({
    query: parseCatalogQuery(input.search),
    location: input.search,
    profileAudienceId: input.profileAudienceId ?? null,
    progress: [],
    page: { items: [], total: 0 },
    error: null,
  }),
  invoke: { src: 'watchUrl' },
  initial: 'starting',
  states: {
    /**
     * The profile is usually known already (the guard loaded it): its audience joins the query
     * before anything is drawn, so its filter chip is there from the first frame and never pushes
     * the results down. Otherwise it joins once prepared, as below.
     */
    starting: {
      always: [
        {
          guard: 'needsDefaultAudience',
          target: 'preparing',
          actions: ['addProfileAudience', { type: 'replaceSearch', params: ({ context }) => ({ search: rewriteSearch(context.location, context.query) }) }],
        },
        { target: 'preparing' },
      ],
    },
    preparing: {
      tags: 'loading',
      on: { 'catalog.urlChanged': { actions: 'followUrl' } },
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
          actions: ['addProfileAudience', { type: 'replaceSearch', params: ({ context }) => ({ search: rewriteSearch(context.location, context.query) }) }],
        },
        {
          guard: 'hasLegacyKeys',
          target: 'loading',
          actions: { type: 'replaceSearch', params: ({ context }) => ({ search: rewriteSearch(context.location, context.query) }) },
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
    'catalog.urlChanged': [
      { guard: 'urlQueryChanged', target: '.loading', reenter: true, actions: ['followUrl', 'replaceLegacyKeys'] },
      { actions: ['followUrl', 'replaceLegacyKeys'] },
    ],
    'catalog.search': {
      actions: {
        type: 'pushSearch',
        params: ({ context, event }) => ({ search: rewriteSearch(context.location, changeQuery(context.query, { search: event.text.trim() })) }),
      },
    },
    'catalog.filter': {
      actions: {
        type: 'pushSearch',
        params: ({ context, event }) => ({ search: rewriteSearch(context.location, changeQuery(context.query, event.patch)) }),
      },
    },
    'catalog.clearAll': {
      actions: { type: 'pushSearch', params: ({ context }) => ({ search: rewriteSearch(context.location, EMPTY_QUERY) }) },
    },
  },
});

export type CatalogMachine = typeof catalogMachine;
