import { assign, setup } from 'xstate';
import { placeholderActor } from '@/machines/shared/placeholders';
import type { CatalogItem, CatalogItemSummary, CatalogVideo, DashboardLists, ItemProgress } from '@/machines/catalog/catalog.types';

// The simpler screens: one load each, retried on request.

export const dashboardMachine = setup({
  types: { context: {} as { lists: DashboardLists | null; error: unknown }, events: {} as { type: 'dashboard.retry' }, tags: {} as 'loading' },
  actors: { fetchDashboard: placeholderActor<DashboardLists>('fetchDashboard') },
}).createMachine({
  id: 'dashboard',
  context: { lists: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'fetchDashboard',
        onDone: { target: 'ready', actions: assign({ lists: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {},
    failed: { on: { 'dashboard.retry': 'loading' } },
  },
});

export const livestreamsMachine = setup({
  types: {
    context: {} as { items: CatalogItemSummary[]; error: unknown },
    events: {} as { type: 'livestreams.retry' },
    tags: {} as 'loading',
  },
  actors: { fetchLivestreams: placeholderActor<CatalogItemSummary[]>('fetchLivestreams') },
}).createMachine({
  id: 'livestreams',
  context: { items: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'fetchLivestreams',
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {},
    failed: { on: { 'livestreams.retry': 'loading' } },
  },
});

export type ItemDetail = { item: CatalogItem; progress: ItemProgress[]; video: CatalogVideo | null };

/** A playlist or livestream page: the item, the learner's progress if at hand, a recording if any. */
export const itemDetailMachine = setup({
  types: {
    context: {} as { publicId: string; detail: ItemDetail | null; error: unknown },
    events: {} as { type: 'item.retry' },
    input: {} as { publicId: string },
    tags: {} as 'loading',
  },
  actors: { fetchDetail: placeholderActor<ItemDetail, { publicId: string }>('fetchDetail') },
}).createMachine({
  id: 'itemDetail',
  context: ({ input }) => ({ publicId: input.publicId, detail: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'fetchDetail',
        input: ({ context }) => ({ publicId: context.publicId }),
        onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {},
    failed: { on: { 'item.retry': 'loading' } },
  },
});
