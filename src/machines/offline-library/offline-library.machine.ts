import { assign, fromCallback, setup } from 'xstate';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { humanSize } from '@/lib/validation/rules';
import type { ItemToSave, NotifyParams, OfflineLibraryContext, OfflineLibraryEvent, OfflineListing } from './offline-library.types';

// Strategies saved on this device for offline use (docs/decisions.md, "Save for offline"): the
// list with the space it takes, one strategy saved at a time with its progress (cancellable), and
// removal. The strategy page and My learning each run one; the store (src/lib/offline-store.ts)
// is the truth, so each lists it when it starts.

const FAILED_MESSAGE = 'This strategy could not be saved for offline.';

const errorMessage = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string' && (error as { message: string }).message.trim()
    ? (error as { message: string }).message
    : FAILED_MESSAGE;

export const offlineLibraryMachine = setup({
  types: {
    context: {} as OfflineLibraryContext,
    events: {} as OfflineLibraryEvent,
    tags: {} as 'loading' | 'unavailable',
  },
  actors: {
    listSaved: placeholderActor<OfflineListing>('listSaved'),
    /** Saves one strategy: sends offline.progress as its video arrives, then offline.saved or offline.failed. Stopping it cancels. */
    saveItem: fromCallback<OfflineLibraryEvent, { item: ItemToSave }>(() => {
      throw new Error('The actor "saveItem" was not provided: supply it with machine.provide()');
    }),
    removeItem: placeholderActor<void, { catalogItemId: string }>('removeItem'),
  },
  actions: {
    notify: placeholderAction<NotifyParams>('notify'),
  },
}).createMachine({
  id: 'offlineLibrary',
  context: { items: [], available: null, saving: null, removing: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'listSaved',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ items: event.output.items, available: event.output.available })) },
        // No Cache Storage (an old or locked-down browser): nothing can be saved here.
        onError: 'unavailable',
      },
    },
    unavailable: { tags: 'unavailable' },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'offline.save': { target: 'saving', actions: assign({ saving: ({ event }) => ({ item: event.item, fraction: 0 }) }) },
            'offline.remove': { target: 'removing', actions: assign({ removing: ({ event }) => event.catalogItemId }) },
          },
        },
        saving: {
          invoke: { src: 'saveItem', input: ({ context }) => ({ item: context.saving!.item }) },
          on: {
            'offline.progress': { actions: assign({ saving: ({ context, event }) => context.saving && { ...context.saving, fraction: Math.min(1, Math.max(0, event.fraction)) } }) },
            'offline.saved': {
              target: 'idle',
              actions: [
                assign({
                  items: ({ context, event }) => [event.item, ...context.items.filter((saved) => saved.catalogItemId !== event.item.catalogItemId)],
                  available: ({ context, event }) => (context.available === null ? null : Math.max(0, context.available - event.item.bytes)),
                  saving: null,
                }),
                { type: 'notify', params: ({ event }) => ({ message: `Saved for offline (${humanSize(event.item.bytes)})`, variant: 'success' as const }) },
              ],
            },
            'offline.failed': {
              target: 'idle',
              actions: [assign({ saving: null }), { type: 'notify', params: ({ event }) => ({ message: errorMessage(event.error), variant: 'error' as const }) }],
            },
            // Stopping the save (leaving this state) aborts it; what it kept is removed.
            'offline.cancel': { target: 'idle', actions: assign({ saving: null }) },
          },
        },
        removing: {
          invoke: {
            src: 'removeItem',
            input: ({ context }) => ({ catalogItemId: context.removing! }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => {
                  const removed = context.items.find((saved) => saved.catalogItemId === context.removing);
                  return {
                    items: context.items.filter((saved) => saved !== removed),
                    available: context.available === null || !removed ? context.available : context.available + removed.bytes,
                    removing: null,
                  };
                }),
                { type: 'notify', params: { message: 'Removed from this device', variant: 'success' as const } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [assign({ removing: null }), { type: 'notify', params: ({ event }) => ({ message: errorMessage(event.error), variant: 'error' as const }) }],
            },
          },
        },
      },
    },
  },
});

export type OfflineLibraryMachine = typeof offlineLibraryMachine;
