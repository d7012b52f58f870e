import { assign, not, sendParent, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '@/lib/messages';
import { formMachine } from '@/machines/form/form.machine';
import type { FormInput, FormValues } from '@/machines/form/form.types';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import type { ChangeNotice, EditableItem, ListEditorContext, ListEditorEvent, ListEditorInput } from './admin-list-editor.types';

// An ordered list the platform admin edits in place: the framework's tree (each item's children
// in their order) and the audiences. One change at a time: add or edit in a dialog (the form
// machine, invoked as `editor`), move up or down among siblings, delete after a confirmation.
// Every change is followed by a fresh read of the list, so the page shows what the server has;
// a refused deletion keeps its confirmation open with the server's reason (in use: 409).

/** An entry's siblings (same parent), in their order. */
export function siblingsOf(items: readonly EditableItem[], item: EditableItem): EditableItem[] {
  return items.filter((other) => (other.parentId ?? null) === (item.parentId ?? null)).sort((a, b) => a.position - b.position);
}

/** Where an entry goes when moved one step (1-based among its siblings), or null at that end. */
export function targetPosition(items: readonly EditableItem[], id: string, direction: 'up' | 'down'): number | null {
  const item = items.find((i) => i.id === id);
  if (!item) return null;
  const siblings = siblingsOf(items, item);
  const index = siblings.findIndex((s) => s.id === id);
  const next = direction === 'up' ? index - 1 : index + 1;
  return next < 0 || next >= siblings.length ? null : next + 1;
}

/** The dialog's form: the entry's own fields, plus which entry (or parent) it is for, as hidden values. */
export function editorInput(context: ListEditorContext): FormInput {
  const fields = { ...context.fields, id: {}, parentId: {} };
  const serverFieldErrors = context.serverFieldErrors;
  const editor = context.editor;
  if (!editor || editor.mode === 'create') return { fields, serverFieldErrors, values: { parentId: editor?.parentId ?? '' } };
  const item = context.items.find((i) => i.id === editor.id);
  const values: FormValues = { id: editor.id };
  for (const name of Object.keys(context.fields)) values[name] = item?.[name] ?? '';
  return { fields, serverFieldErrors, values };
}

/** The form the dialog runs: once the server took it, it tells this list (its parent) what was saved. */
export const listEditorForm = formMachine.provide({
  actions: { submitted: sendParent((_, params: { result: unknown }) => ({ type: 'adminList.saved', item: params.result as EditableItem })) },
});

export const adminListEditorMachine = setup({
  types: {
    context: {} as ListEditorContext,
    events: {} as ListEditorEvent,
    input: {} as ListEditorInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadItems: placeholderActor<EditableItem[]>('loadItems'),
    moveItem: placeholderActor<EditableItem, { id: string; position: number }>('moveItem'),
    deleteItem: placeholderActor<void, { id: string }>('deleteItem'),
    itemForm: listEditorForm,
  },
  actions: {
    notifySaved: placeholderAction<ChangeNotice>('notifySaved'),
    notifyFailed: placeholderAction<{ error: unknown }>('notifyFailed'),
    assignItems: assign((_, params: { items: EditableItem[] }) => ({ items: params.items, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    toggle: assign(({ context }, params: { id: string }) => ({
      expanded: context.expanded.includes(params.id) ? context.expanded.filter((id) => id !== params.id) : [...context.expanded, params.id],
    })),
    /** A new entry shows where it was added: under its parent, opened. */
    expand: assign(({ context }, params: { id: string | null | undefined }) => ({
      expanded: params.id && !context.expanded.includes(params.id) ? [...context.expanded, params.id] : context.expanded,
    })),
    openEditor: assign((_, params: { editor: ListEditorContext['editor'] }) => ({ editor: params.editor, moved: null })),
    closeEditor: assign({ editor: null }),
    holdMove: assign((_, params: { id: string; direction: 'up' | 'down' }) => ({ moved: params })),
    holdDeletion: assign((_, params: { id: string }) => ({ deleting: params.id, deleteError: null, moved: null })),
    refuseDeletion: assign((_, params: { error: unknown }) => ({ deleteError: errorMessage(params.error) })),
    dropDeletion: assign({ deleting: null, deleteError: null }),
  },
  guards: {
    exists: ({ context }, params: { id: string }) => context.items.some((i) => i.id === params.id),
    canMove: ({ context }, params: { id: string; direction: 'up' | 'down' }) => targetPosition(context.items, params.id, params.direction) !== null,
    wasRefused: ({ context }) => context.deleteError !== null,
  },
}).createMachine({
  id: 'adminListEditor',
  context: ({ input }) => ({ fields: input.fields, serverFieldErrors: input.serverFieldErrors ?? {}, items: [], expanded: [], editor: null, deleting: null, deleteError: null, moved: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadItems',
        onDone: { target: 'ready', actions: { type: 'assignItems', params: ({ event }) => ({ items: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'adminList.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'adminList.toggle': { actions: { type: 'toggle', params: ({ event }) => ({ id: event.id }) } },
      },
      states: {
        idle: {
          on: {
            'adminList.create': {
              target: 'editing',
              actions: { type: 'openEditor', params: ({ event }) => ({ editor: { mode: 'create' as const, parentId: event.parentId } }) },
            },
            'adminList.edit': {
              guard: { type: 'exists', params: ({ event }) => ({ id: event.id }) },
              target: 'editing',
              actions: { type: 'openEditor', params: ({ event }) => ({ editor: { mode: 'edit' as const, id: event.id } }) },
            },
            'adminList.move': {
              guard: { type: 'canMove', params: ({ event }) => ({ id: event.id, direction: event.direction }) },
              target: 'moving',
              actions: { type: 'holdMove', params: ({ event }) => ({ id: event.id, direction: event.direction }) },
            },
            'adminList.delete': {
              guard: { type: 'exists', params: ({ event }) => ({ id: event.id }) },
              target: 'confirmingDelete',
              actions: { type: 'holdDeletion', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        editing: {
          invoke: { id: 'editor', src: 'itemForm', input: ({ context }) => editorInput(context) },
          on: {
            'adminList.saved': {
              target: 'reloading',
              actions: [
                {
                  type: 'notifySaved',
                  params: ({ context, event }) => ({ change: context.editor?.mode === 'edit' ? ('updated' as const) : ('created' as const), item: event.item }),
                },
                { type: 'expand', params: ({ event }) => ({ id: event.item.parentId }) },
                'closeEditor',
              ],
            },
            'adminList.cancel': { target: 'idle', actions: 'closeEditor' },
          },
        },
        moving: {
          tags: 'busy',
          invoke: {
            src: 'moveItem',
            input: ({ context }) => ({ id: context.moved!.id, position: targetPosition(context.items, context.moved!.id, context.moved!.direction)! }),
            onDone: 'reloading',
            onError: { target: 'idle', actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingDelete: {
          on: {
            // Once the server said why it cannot be deleted, asking again would only hear it again.
            'adminList.confirm': { guard: not('wasRefused'), target: 'deleting' },
            'adminList.cancel': { target: 'idle', actions: 'dropDeletion' },
          },
        },
        deleting: {
          tags: 'busy',
          invoke: {
            src: 'deleteItem',
            input: ({ context }) => ({ id: context.deleting! }),
            onDone: {
              target: 'reloading',
              actions: [
                { type: 'notifySaved', params: ({ context }) => ({ change: 'deleted' as const, item: context.items.find((i) => i.id === context.deleting)! }) },
                'dropDeletion',
              ],
            },
            onError: { target: 'confirmingDelete', actions: { type: 'refuseDeletion', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        reloading: {
          tags: 'busy',
          invoke: {
            src: 'loadItems',
            onDone: { target: 'idle', actions: { type: 'assignItems', params: ({ event }) => ({ items: event.output }) } },
            onError: { target: 'idle', actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type AdminListEditorMachine = typeof adminListEditorMachine;
export type AdminListEditorActorRef = ActorRefFrom<AdminListEditorMachine>;
