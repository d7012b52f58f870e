import { useSelector } from '@xstate/react';
import type { AdminListEditorActorRef } from '@/machines/admin/admin-list-editor.machine';
import { adminListIntents } from '@/machines/admin/admin-list-editor.intents';
import { selectDeleteError, selectDeleting, selectEditorForm, selectIsDeleting } from '@/machines/admin/admin-list-editor.selectors';
import type { FormActorRef } from '@/machines/form/form.machine';
import { useForm } from '@/views/components/form/use-form';
import { useIntents } from '@/views/hooks/use-intents';
import { Button } from '@/views/layout/button';
import { DialogActions, ModalDialog } from '@/views/layout/modal-dialog';
import * as styles from '@/views/admin/framework.css';
import { danger } from '@/views/admin/admin.css';

/** The add or edit dialog around a form the list editor runs; its fields are the page's. */
export function EditorDialog({
  actor,
  title,
  intro,
  submitLabel,
  children,
}: {
  actor: AdminListEditorActorRef;
  title: string;
  intro?: string;
  submitLabel: string;
  children: (form: FormActorRef) => React.ReactNode;
}) {
  const form = useSelector(actor, selectEditorForm);
  const { cancel } = useIntents(actor, adminListIntents);
  if (!form) return null;
  return (
    <ModalDialog title={title} intro={intro} onClose={cancel}>
      <EditorForm form={form} submitLabel={submitLabel} onCancel={cancel}>
        {children(form)}
      </EditorForm>
    </ModalDialog>
  );
}

function EditorForm({ form, submitLabel, onCancel, children }: { form: FormActorRef; submitLabel: string; onCancel: () => void; children: React.ReactNode }) {
  const { onSubmit, canSubmit, submitting } = useForm(form);
  return (
    <form onSubmit={onSubmit} noValidate className={styles.dialogForm}>
      {children}
      <DialogActions>
        <Button tone="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit}>
          {submitting ? 'Saving…' : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Asks before deleting; when the server refuses (the entry is in use), says why and offers only Close. */
export function DeleteDialog({ actor, name }: { actor: AdminListEditorActorRef; name: (item: Record<string, unknown>) => string }) {
  const item = useSelector(actor, selectDeleting);
  const refusal = useSelector(actor, selectDeleteError);
  const deleting = useSelector(actor, selectIsDeleting);
  const { confirm, cancel } = useIntents(actor, adminListIntents);
  if (!item) return null;
  return (
    <ModalDialog
      title={refusal ? `${name(item)} cannot be deleted` : `Delete ${name(item)}?`}
      intro={refusal ? undefined : 'This cannot be undone.'}
      onClose={cancel}
      dismissable={!deleting}
      role="alertdialog"
    >
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      <DialogActions>
        {refusal ? (
          <Button tone="secondary" onClick={cancel} autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button tone="secondary" onClick={cancel} disabled={deleting}>
              Cancel
            </Button>
            <Button className={danger} onClick={confirm} disabled={deleting}>
              {deleting ? 'Deleting…' : 'Delete'}
            </Button>
          </>
        )}
      </DialogActions>
    </ModalDialog>
  );
}
