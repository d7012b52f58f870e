import { assign, not, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '@/lib/messages';
import type { AdminCatalogItemInput as CreateBody, AdminCatalogItemPatch } from '@/api/operations/admin';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { createBody, draftErrors, draftOf, emptyDraft, errorField, isDirty, moved, patchBody } from './admin-catalog-item.logic';
import type {
  AdminCatalogItem,
  AdminCatalogItemContext,
  AdminCatalogItemEvent,
  AdminCatalogItemInput,
  AdminCatalogItemSummary,
  CatalogItemStatus,
  Draft,
} from './admin-catalog-item.types';

// One catalogue item in the admin site: loaded (or new, of a type), edited as a draft of text
// fields, saved (created, then changed by the fields that differ), and moved through its
// lifecycle (publish, archive, back to draft). The rules are checked before anything is sent;
// a refusal of the server lands under its field, or, when it is the whole item's (what
// publishing still needs), in an alert. A playlist's entries change at once: a move is sent as
// the new order and put back if the server refuses it.

export const STATUS_MESSAGES: Record<CatalogItemStatus, string> = {
  PUBLISHED: 'Published: educators can find it now',
  ARCHIVED: 'Archived: educators are not offered it any more',
  DRAFT: 'Back to draft: educators no longer see it',
};

type Saved = { item: AdminCatalogItem };


/** A new item's draft, or an unsaved change to an existing one. */
const hasUnsavedWork = (context: AdminCatalogItemContext) =>
  context.id === null ? true : isDirty(context.type, context.saved, context.draft);

export const adminCatalogItemMachine = setup({
  types: {
    context: {} as AdminCatalogItemContext & { sending: Draft | null },
    events: {} as AdminCatalogItemEvent,
    input: {} as AdminCatalogItemInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadItem: placeholderActor<AdminCatalogItem, { id: string }>('loadItem'),
    createItem: placeholderActor<AdminCatalogItem, { body: CreateBody }>('createItem'),
    updateItem: placeholderActor<AdminCatalogItem, { id: string; patch: AdminCatalogItemPatch }>('updateItem'),
    changeStatus: placeholderActor<AdminCatalogItem, { id: string; status: CatalogItemStatus }>('changeStatus'),
    reorderEntries: placeholderActor<AdminCatalogItem, { id: string; itemIds: string[] }>('reorderEntries'),
  },
  actions: {
    notifySaved: placeholderAction<{ message: string }>('notifySaved'),
    /** A new item was created: its own address from now on. */
    created: placeholderAction<{ id: string }>('created'),
    assignLoaded: assign((_, { item }: Saved) => {
      const draft = draftOf(item);
      return { item, id: item.id, type: item.resourceType, draft, saved: draft, entries: item.entries.map((e) => e.item), error: null };
    }),
    /** The server's item after a save; what was typed meanwhile stays. */
    assignSaved: assign(({ context }, { item }: Saved) => {
      const saved = draftOf(item);
      return {
        item,
        id: item.id,
        saved,
        draft: context.draft === context.sending ? saved : context.draft,
        sending: null,
        entries: item.entries.map((e) => e.item),
        errors: {},
        alert: null,
      };
    }),
    /** A status change or a new order: the item, and its entries; the draft as it is. */
    assignItem: assign((_, { item }: Saved) => ({ item, entries: item.entries.map((e) => e.item), alert: null })),
    assignLoadError: assign((_, { error }: { error: unknown }) => ({ error })),
    change: assign(({ context }, { patch }: { patch: Partial<Draft> }) => {
      const draft = { ...context.draft, ...patch };
      // A field once refused is checked again as it is edited, so its message goes when it is right.
      const recheck = draftErrors(context.type, draft);
      const errors = Object.fromEntries(Object.keys(context.errors).flatMap((key) => (recheck[key] ? [[key, recheck[key]]] : [])));
      return { draft, errors };
    }),
    checkDraft: assign(({ context }) => ({ errors: draftErrors(context.type, context.draft) })),
    markSending: assign(({ context }) => ({ sending: context.draft, alert: null })),
    refused: assign(({ context }, { error }: { error: unknown }) => {
      const field = errorField(error);
      const message = errorMessage(error);
      return field ? { errors: { ...context.errors, [field]: message }, alert: null, sending: null, pendingStatus: null } : { alert: message, sending: null, pendingStatus: null };
    }),
    holdStatus: assign((_, { status }: { status: CatalogItemStatus }) => ({ pendingStatus: status, alert: null })),
    dropStatus: assign({ pendingStatus: null }),
    dismissAlert: assign({ alert: null }),
    moveEntry: assign(({ context }, { from, to }: { from: number; to: number }) => ({ entries: moved(context.entries, from, to) })),
    addEntry: assign(({ context }, { entry }: { entry: AdminCatalogItemSummary }) => ({
      entries: context.entries.some((e) => e.id === entry.id) ? context.entries : [...context.entries, entry],
    })),
    removeEntry: assign(({ context }, { itemId }: { itemId: string }) => ({ entries: context.entries.filter((e) => e.id !== itemId) })),
    /** The order the server has, again (it refused the new one). */
    restoreEntries: assign(({ context }) => ({ entries: context.item?.entries.map((e) => e.item) ?? context.entries })),
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    draftIsValid: ({ context }) => Object.keys(draftErrors(context.type, context.draft)).length === 0,
    hasUnsavedWork: ({ context }) => hasUnsavedWork(context),
    hasPendingStatus: ({ context }) => context.pendingStatus !== null,
    changesStatus: ({ context }, { status }: { status: CatalogItemStatus }) => context.item !== null && context.item.status !== status,
    movesEntry: ({ context }, { from, to }: { from: number; to: number }) => from !== to && from >= 0 && to >= 0 && from < context.entries.length && to < context.entries.length,
    isNewEntry: ({ context }, { entry }: { entry: AdminCatalogItemSummary }) => !context.entries.some((e) => e.id === entry.id),
  },
}).createMachine({
  id: 'adminCatalogItem',
  context: ({ input }) => ({
    id: 'id' in input ? input.id : null,
    type: 'type' in input ? input.type : 'LEARNING_OBJECT',
    item: null,
    draft: emptyDraft(),
    saved: emptyDraft(),
    errors: {},
    alert: null,
    error: null,
    pendingStatus: null,
    entries: [],
    sending: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadItem',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => ({ item: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'catalogItem.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        // Typing goes on while something is being saved: nothing typed is lost.
        'catalogItem.change': { actions: { type: 'change', params: ({ event }) => ({ patch: event.patch }) } },
        'catalogItem.dismissAlert': { actions: 'dismissAlert' },
      },
      states: {
        idle: {
          on: {
            'catalogItem.save': [
              { guard: not('hasUnsavedWork') },
              { guard: 'draftIsValid', target: 'saving' },
              { actions: 'checkDraft' },
            ],
            'catalogItem.setStatus': [
              { guard: 'isNew' },
              {
                guard: { type: 'changesStatus', params: ({ event }) => ({ status: event.status }) },
                actions: { type: 'holdStatus', params: ({ event }) => ({ status: event.status }) },
                target: 'checkingStatus',
              },
            ],
            'catalogItem.moveEntry': [
              {
                guard: 'isNew',
                actions: { type: 'moveEntry', params: ({ event }) => event },
              },
              {
                guard: { type: 'movesEntry', params: ({ event }) => event },
                target: 'reordering',
                actions: { type: 'moveEntry', params: ({ event }) => event },
              },
            ],
            'catalogItem.addEntry': [
              {
                guard: 'isNew',
                actions: { type: 'addEntry', params: ({ event }) => ({ entry: event.entry }) },
              },
              {
                guard: { type: 'isNewEntry', params: ({ event }) => ({ entry: event.entry }) },
                target: 'savingEntries',
                actions: { type: 'addEntry', params: ({ event }) => ({ entry: event.entry }) },
              },
            ],
            'catalogItem.removeEntry': [
              { guard: 'isNew', actions: { type: 'removeEntry', params: ({ event }) => ({ itemId: event.itemId }) } },
              { target: 'savingEntries', actions: { type: 'removeEntry', params: ({ event }) => ({ itemId: event.itemId }) } },
            ],
          },
        },
        /** A status asked for: unsaved changes are saved first (publishing reads what the server has). */
        checkingStatus: {
          always: [
            { guard: 'hasUnsavedWork', target: 'checkingSave' },
            { target: 'changingStatus' },
          ],
        },
        checkingSave: {
          always: [
            { guard: 'draftIsValid', target: 'saving' },
            { target: 'idle', actions: ['checkDraft', 'dropStatus'] },
          ],
        },
        saving: {
          always: [{ guard: 'isNew', target: 'creating' }, { target: 'updating' }],
        },
        creating: {
          tags: 'busy',
          entry: 'markSending',
          invoke: {
            src: 'createItem',
            input: ({ context }) => ({ body: createBody(context.type, context.draft, context.entries.map((e) => e.id)) }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignSaved', params: ({ event }) => ({ item: event.output }) },
                { type: 'notifySaved', params: { message: 'Draft created' } },
                { type: 'created', params: ({ event }) => ({ id: event.output.id }) },
                'dropStatus',
              ],
            },
            onError: { target: 'idle', actions: { type: 'refused', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        updating: {
          tags: 'busy',
          entry: 'markSending',
          invoke: {
            src: 'updateItem',
            input: ({ context }) => ({ id: context.id!, patch: patchBody(context.type, context.saved, context.draft) ?? {} }),
            onDone: [
              {
                guard: 'hasPendingStatus',
                target: 'changingStatus',
                actions: { type: 'assignSaved', params: ({ event }) => ({ item: event.output }) },
              },
              {
                target: 'idle',
                actions: [{ type: 'assignSaved', params: ({ event }) => ({ item: event.output }) }, { type: 'notifySaved', params: { message: 'Changes saved' } }],
              },
            ],
            onError: { target: 'idle', actions: { type: 'refused', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        changingStatus: {
          tags: 'busy',
          invoke: {
            src: 'changeStatus',
            input: ({ context }) => ({ id: context.id!, status: context.pendingStatus! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignItem', params: ({ event }) => ({ item: event.output }) },
                { type: 'notifySaved', params: ({ event }) => ({ message: STATUS_MESSAGES[event.output.status] }) },
                'dropStatus',
              ],
            },
            onError: { target: 'idle', actions: { type: 'refused', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        reordering: {
          tags: 'busy',
          invoke: {
            src: 'reorderEntries',
            input: ({ context }) => ({ id: context.id!, itemIds: context.entries.map((e) => e.id) }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'assignItem', params: ({ event }) => ({ item: event.output }) }, { type: 'notifySaved', params: { message: 'Order saved' } }],
            },
            onError: { target: 'idle', actions: ['restoreEntries', { type: 'refused', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        savingEntries: {
          tags: 'busy',
          invoke: {
            src: 'updateItem',
            input: ({ context }) => ({ id: context.id!, patch: { entryIds: context.entries.map((e) => e.id) } }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'assignItem', params: ({ event }) => ({ item: event.output }) }, { type: 'notifySaved', params: { message: 'Entries saved' } }],
            },
            onError: { target: 'idle', actions: ['restoreEntries', { type: 'refused', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
  },
});

export type AdminCatalogItemMachine = typeof adminCatalogItemMachine;
export type AdminCatalogItemActorRef = ActorRefFrom<AdminCatalogItemMachine>;

export { hasUnsavedWork };
