import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { errorMessage } from '@/lib/messages';
import type { AdminCatalogItemSummary } from './admin-catalog-item.types';
import { findPlaylistCandidates } from './admin-catalog-item.actors';

// The playlist editor's "add an item" box: the admin types part of a title; 300 ms after the
// last keystroke the server is asked for the first 20 learning objects and livestreams that
// match (drafts too). A failed search is told in the snackbar and leaves the last list.

export const ITEM_SEARCH_DEBOUNCE_MS = 300;

type Context = { text: string; items: AdminCatalogItemSummary[] };
type Event = { type: 'itemSearch.type'; text: string } | { type: 'itemSearch.clear' } | { type: 'screen.leave' };

export const adminItemSearchMachine = setup({
  types: { context: {} as Context, events: {} as Event, tags: {} as 'loading' },
  actors: { search: placeholderActor<AdminCatalogItemSummary[], { words: string }>('search') },
  actions: {
    assignText: assign((_, { text }: { text: string }) => ({ text })),
    assignItems: assign((_, { items }: { items: AdminCatalogItemSummary[] }) => ({ items })),
    notifyError: placeholderAction<{ error: unknown }>('notifyError'),
  },
  delays: { debounce: ITEM_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'adminItemSearch',
  context: { text: '', items: [] },
  initial: 'searching',
  on: {
    'itemSearch.type': { target: '.debouncing', reenter: true, actions: { type: 'assignText', params: ({ event }) => ({ text: event.text }) } },
    'itemSearch.clear': { target: '.searching', actions: { type: 'assignText', params: { text: '' } } },
  },
  states: {
    ready: {},
    debouncing: { tags: 'loading', after: { debounce: 'searching' } },
    searching: {
      tags: 'loading',
      invoke: {
        src: 'search',
        input: ({ context }) => ({ words: context.text }),
        onDone: { target: 'ready', actions: { type: 'assignItems', params: ({ event }) => ({ items: event.output }) } },
        onError: { target: 'ready', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof adminItemSearchMachine>;

export const selectSearchText = (s: Snapshot) => s.context.text;
export const selectFoundItems = (s: Snapshot) => s.context.items;
export const selectIsSearching = (s: Snapshot) => s.hasTag('loading');

export const adminItemSearchIntents = (send: (event: Event) => void) => ({
  type: (text: string) => send({ type: 'itemSearch.type', text }),
  clear: () => send({ type: 'itemSearch.clear' }),
});

export const adminItemSearchScreen = defineScreen('adminItemSearch', (services) =>
  adminItemSearchMachine.provide({
    actors: {
      search: fromPromise<AdminCatalogItemSummary[], { words: string }>(({ input, signal }) => findPlaylistCandidates(services, input.words, signal)),
    },
    actions: {
      notifyError: (_, { error }) => bindIntents(services.actors.snackbar, snackbarIntents).show({ message: errorMessage(error), variant: 'error' }),
    },
  }),
);

