import type { ListEditorEvent } from './admin-list-editor.types';

/** What the framework and audience pages ask of their actor. */
export const adminListIntents = (send: (event: ListEditorEvent) => void) => ({
  toggle: (id: string) => send({ type: 'adminList.toggle', id }),
  create: (parentId: string | null = null) => send({ type: 'adminList.create', parentId }),
  edit: (id: string) => send({ type: 'adminList.edit', id }),
  moveUp: (id: string) => send({ type: 'adminList.move', id, direction: 'up' }),
  moveDown: (id: string) => send({ type: 'adminList.move', id, direction: 'down' }),
  remove: (id: string) => send({ type: 'adminList.delete', id }),
  confirm: () => send({ type: 'adminList.confirm' }),
  cancel: () => send({ type: 'adminList.cancel' }),
  retry: () => send({ type: 'adminList.retry' }),
});
