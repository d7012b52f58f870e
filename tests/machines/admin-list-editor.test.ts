import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/errors';
import { FRAMEWORK_EDITOR } from '@/machines/admin/admin-framework.actors';
import { adminListEditorMachine, listEditorForm, targetPosition } from '@/machines/admin/admin-list-editor.machine';
import { adminListIntents } from '@/machines/admin/admin-list-editor.intents';
import {
  selectDeleteError,
  selectDeleting,
  selectEditor,
  selectEditorForm,
  selectExpanded,
  selectIsBusy,
  selectItems,
  selectListFailed,
  selectMoved,
} from '@/machines/admin/admin-list-editor.selectors';
import type { ChangeNotice, EditableItem } from '@/machines/admin/admin-list-editor.types';
import { formIntents } from '@/machines/form/form.intents';
import { selectFieldErrors } from '@/machines/form/form.selectors';
import type { FormValues } from '@/machines/form/form.types';
import { flush } from './fixtures';

// The framework's tree and the audiences as the admin site edits them: one change at a time, each
// followed by a fresh read; add and edit through the dialog's form (its rules, a taken title told
// under the field); move one step among siblings; delete after a confirmation, a refusal (in use)
// kept open with the server's reason.

const node = (id: string, parentId: string | null, position: number, title = id): EditableItem => ({
  id,
  parentId,
  position,
  title,
  description: '',
  communityUrl: null,
  type: parentId ? 'STRATEGY' : 'CATEGORY',
});

function start(options: { items?: EditableItem[]; loadFails?: boolean; submit?: (values: FormValues) => Promise<EditableItem>; deleteFails?: Error } = {}) {
  let items = options.items ?? [node('c1', null, 1, 'Planning'), node('s1', 'c1', 1, 'First'), node('s2', 'c1', 2, 'Second'), node('s3', 'c1', 3, 'Third')];
  let loads = 0;
  const moves: { id: string; position: number }[] = [];
  const deletions: string[] = [];
  const submitted: FormValues[] = [];
  const notices: ChangeNotice[] = [];
  const failures: unknown[] = [];
  const actor = createActor(
    adminListEditorMachine.provide({
      actors: {
        loadItems: fromPromise<EditableItem[], void>(async () => {
          loads++;
          if (options.loadFails && loads === 1) throw new Error('The framework could not be loaded');
          return items;
        }),
        moveItem: fromPromise<EditableItem, { id: string; position: number }>(async ({ input }) => {
          moves.push(input);
          const moved = items.find((i) => i.id === input.id)!;
          const siblings = items.filter((i) => i.parentId === moved.parentId && i.id !== moved.id).sort((a, b) => a.position - b.position);
          siblings.splice(input.position - 1, 0, moved);
          items = items.map((i) => (i.parentId === moved.parentId ? { ...i, position: siblings.findIndex((s) => s.id === i.id) + 1 } : i));
          return { ...moved, position: input.position };
        }),
        deleteItem: fromPromise<void, { id: string }>(async ({ input }) => {
          deletions.push(input.id);
          if (options.deleteFails) throw options.deleteFails;
          items = items.filter((i) => i.id !== input.id);
        }),
        itemForm: listEditorForm.provide({
          actors: {
            submit: fromPromise<unknown, FormValues>(async ({ input }) => {
              submitted.push(input);
              const saved = options.submit ? await options.submit(input) : { ...node(`n${submitted.length}`, (input.parentId as string) || null, 9), title: input.title };
              items = [...items.filter((i) => i.id !== saved.id), saved];
              return saved;
            }),
          },
          actions: { notifyError: (_, { error }) => void failures.push(error) },
        }),
      },
      actions: {
        notifySaved: (_, notice) => void notices.push(notice),
        notifyFailed: (_, { error }) => void failures.push(error),
      },
    }),
    { input: FRAMEWORK_EDITOR },
  ).start();
  const intents = adminListIntents((event) => actor.send(event));
  const form = () => {
    const ref = selectEditorForm(actor.getSnapshot());
    if (!ref) throw new Error('no dialog open');
    return { ref, ...formIntents((event) => ref.send(event)) };
  };
  return { actor, intents, form, moves, deletions, submitted, notices, failures, loads: () => loads };
}

describe('admin list editor', () => {
  it('loads the list, and offers a retry when it cannot', async () => {
    const { actor, intents, loads } = start({ loadFails: true });
    await flush();
    expect(selectListFailed(actor.getSnapshot())).toBe(true);
    intents.retry();
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(selectItems(actor.getSnapshot())).toHaveLength(4);
    expect(loads()).toBe(2);
  });

  it('opens and closes levels of the tree', async () => {
    const { actor, intents } = start();
    await flush();
    intents.toggle('c1');
    expect(selectExpanded(actor.getSnapshot())).toEqual(['c1']);
    intents.toggle('c1');
    expect(selectExpanded(actor.getSnapshot())).toEqual([]);
  });

  it('adds an item under a parent through the dialog: its rules first, then the server; the parent opens to show it', async () => {
    const { actor, intents, form, submitted, notices, loads } = start();
    await flush();
    intents.create('c1');
    expect(selectEditor(actor.getSnapshot())).toEqual({ mode: 'create', parentId: 'c1' });
    form().submit();
    expect(selectFieldErrors('title')(form().ref.getSnapshot())).toEqual(['The Title field is required']);
    expect(submitted).toEqual([]);
    form().change('title', 'Exit tickets');
    form().change('communityUrl', 'https://community.example.org/c/exit');
    form().submit();
    await flush();
    expect(submitted).toEqual([{ title: 'Exit tickets', description: '', communityUrl: 'https://community.example.org/c/exit', id: '', parentId: 'c1' }]);
    expect(notices).toEqual([{ change: 'created', item: expect.objectContaining({ title: 'Exit tickets', parentId: 'c1' }) }]);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(selectEditorForm(actor.getSnapshot())).toBeUndefined();
    expect(selectExpanded(actor.getSnapshot())).toEqual(['c1']);
    expect(selectItems(actor.getSnapshot()).some((i) => i.title === 'Exit tickets')).toBe(true);
    expect(loads()).toBe(2);
  });

  it('edits an item with its own values filled in; a title its siblings have is told under the field and nothing closes', async () => {
    const taken = new ApiError(409, 'TITLE_TAKEN', 'The element "Planning" already has a strategy called "First"');
    let refuse = true;
    const { actor, intents, form, notices } = start({
      submit: async (values) => {
        if (refuse) throw taken;
        return { ...node('s2', 'c1', 2), title: values.title };
      },
    });
    await flush();
    intents.edit('s2');
    expect(form().ref.getSnapshot().context.values).toMatchObject({ id: 's2', title: 'Second', description: '', communityUrl: '' });
    form().change('title', 'First');
    form().submit();
    await flush();
    expect(selectFieldErrors('title')(form().ref.getSnapshot())).toEqual([taken.message]);
    expect(selectEditor(actor.getSnapshot())).toEqual({ mode: 'edit', id: 's2' });
    refuse = false;
    form().change('title', 'Second, renamed');
    form().submit();
    await flush();
    expect(notices).toEqual([{ change: 'updated', item: expect.objectContaining({ id: 's2', title: 'Second, renamed' }) }]);
    expect(selectEditor(actor.getSnapshot())).toBeNull();
  });

  it('closes the dialog on cancel, sending nothing', async () => {
    const { actor, intents, form, submitted } = start();
    await flush();
    intents.create(null);
    form().change('title', 'Half typed');
    intents.cancel();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(submitted).toEqual([]);
  });

  it('moves an item one step among its siblings, never past either end', async () => {
    const { actor, intents, moves } = start();
    await flush();
    expect(targetPosition(selectItems(actor.getSnapshot()), 's1', 'up')).toBeNull();
    intents.moveUp('s1');
    intents.moveDown('s3');
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    intents.moveUp('s3');
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    // One change at a time.
    intents.moveUp('s2');
    await flush();
    expect(moves).toEqual([{ id: 's3', position: 2 }]);
    expect(selectMoved(actor.getSnapshot())).toEqual({ id: 's3', direction: 'up' });
    const order = selectItems(actor.getSnapshot())
      .filter((i) => i.parentId === 'c1')
      .sort((a, b) => a.position - b.position)
      .map((i) => i.id);
    expect(order).toEqual(['s1', 's3', 's2']);
  });

  it('deletes after a confirmation, and keeps the confirmation open with the reason when the item is in use', async () => {
    const inUse = new ApiError(409, 'NASOT_ITEM_IN_USE', 'This strategy is tagged on 12 catalogue items; remove it from them first');
    const refused = start({ deleteFails: inUse });
    await flush();
    refused.intents.remove('s1');
    expect(selectDeleting(refused.actor.getSnapshot())?.id).toBe('s1');
    refused.intents.confirm();
    await flush();
    expect(refused.actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
    expect(selectDeleteError(refused.actor.getSnapshot())).toBe(inUse.message);
    // Asking again would only hear the same answer.
    refused.intents.confirm();
    await flush();
    expect(refused.deletions).toEqual(['s1']);
    refused.intents.cancel();
    expect(selectDeleting(refused.actor.getSnapshot())).toBeNull();
    expect(selectDeleteError(refused.actor.getSnapshot())).toBeNull();

    const { actor, intents, deletions, notices } = start();
    await flush();
    intents.remove('s2');
    intents.cancel();
    expect(deletions).toEqual([]);
    intents.remove('s2');
    intents.confirm();
    await flush();
    expect(deletions).toEqual(['s2']);
    expect(notices).toEqual([{ change: 'deleted', item: expect.objectContaining({ id: 's2' }) }]);
    expect(selectItems(actor.getSnapshot()).map((i) => i.id)).not.toContain('s2');
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
