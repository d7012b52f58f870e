import type { FieldSpec } from '@/machines/form/form.types';

/** One entry the admin site edits in place: a framework item or an audience. */
export type EditableItem = { id: string; parentId?: string | null; position: number } & Record<string, unknown>;

/** What the open dialog adds or changes: a new entry under a parent (null: the top level), or one entry. */
export type EditorTarget = { mode: 'create'; parentId: string | null } | { mode: 'edit'; id: string };

/** What a change did, for the snackbar: the edge words it. */
export type ChangeNotice = { change: 'created' | 'updated' | 'moved' | 'deleted'; item: EditableItem };

export type ListEditorInput = {
  /** The dialog's fields and their rules (spec §5), filled from an entry's own fields when it is edited. */
  fields: Record<string, FieldSpec>;
  /** Server error codes told under a field of the dialog (a taken title). */
  serverFieldErrors?: Record<string, string>;
};

export type ListEditorContext = {
  fields: Record<string, FieldSpec>;
  serverFieldErrors: Record<string, string>;
  items: EditableItem[];
  /** Entries whose children are shown (the framework's tree). */
  expanded: string[];
  editor: EditorTarget | null;
  /** The entry waiting for its deletion to be confirmed. */
  deleting: string | null;
  /** Why the server refused the deletion (a 409: it is in use), shown in the confirmation. */
  deleteError: string | null;
  /** The last entry moved and which way: the view keeps focus on its button. */
  moved: { id: string; direction: 'up' | 'down' } | null;
  /** Why the list could not be loaded. */
  error: unknown;
};

export type ListEditorEvent =
  | { type: 'adminList.toggle'; id: string }
  | { type: 'adminList.create'; parentId: string | null }
  | { type: 'adminList.edit'; id: string }
  /** From the dialog's form: the server took it. */
  | { type: 'adminList.saved'; item: EditableItem }
  | { type: 'adminList.move'; id: string; direction: 'up' | 'down' }
  | { type: 'adminList.delete'; id: string }
  | { type: 'adminList.confirm' }
  | { type: 'adminList.cancel' }
  | { type: 'adminList.retry' };
