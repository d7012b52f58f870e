import type { SnapshotFrom } from 'xstate';
import type { FormActorRef } from '@/machines/form/form.machine';
import type { AdminListEditorMachine } from './admin-list-editor.machine';
import { siblingsOf } from './admin-list-editor.machine';
import type { EditableItem, EditorTarget } from './admin-list-editor.types';

type Snapshot = SnapshotFrom<AdminListEditorMachine>;

export const selectItems = (s: Snapshot): EditableItem[] => s.context.items;
export const selectIsLoadingList = (s: Snapshot): boolean => s.hasTag('loading');
export const selectListFailed = (s: Snapshot): boolean => s.matches('failed');
export const selectListError = (s: Snapshot): unknown => s.context.error;
/** A change is on its way: further changes wait (the controls stay where they are, for focus). */
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectExpanded = (s: Snapshot): readonly string[] => s.context.expanded;
export const selectEditor = (s: Snapshot): EditorTarget | null => (s.matches({ ready: 'editing' }) ? s.context.editor : null);
/** The dialog's form while it is open. */
export const selectEditorForm = (s: Snapshot): FormActorRef | undefined => s.children.editor as FormActorRef | undefined;
export const selectDeleting = (s: Snapshot): EditableItem | null =>
  s.matches({ ready: 'confirmingDelete' }) || s.matches({ ready: 'deleting' }) ? (s.context.items.find((i) => i.id === s.context.deleting) ?? null) : null;
export const selectIsDeleting = (s: Snapshot): boolean => s.matches({ ready: 'deleting' });
export const selectDeleteError = (s: Snapshot): string | null => s.context.deleteError;
export const selectMoved = (s: Snapshot) => s.context.moved;

export { siblingsOf };
