import { plural } from '@/lib/validation/rules';
import { errorMessage } from '@/lib/messages';
import { adminAudiencesScreen, AUDIENCE_EDITOR } from '@/machines/admin/admin-framework.actors';
import type { EditableItem } from '@/machines/admin/admin-list-editor.types';
import { TextField } from '@/views/components/form/text-field';
import { LoadError } from '@/views/components/load-error';
import { LoadingScreen } from '@/views/components/loading-screen';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { Button } from '@/views/layout/button';
import { AdminPage } from '@/views/admin/admin-shell';
import { DeleteDialog, EditorDialog } from '@/views/admin/list-editor-dialogs';
import { MoveAnnouncement, MoveButtons } from '@/views/admin/move-buttons';
import { useListEditor } from '@/views/admin/use-list-editor';
import * as styles from '@/views/admin/framework.css';

type Audience = EditableItem & { name: string; catalogItemCount: number; learnerCount: number };

function usageOf(audience: Audience): string {
  const parts = [`tagged on ${audience.catalogItemCount} ${plural('item', audience.catalogItemCount)}`];
  parts.push(`${audience.learnerCount} ${plural('educator', audience.learnerCount)}`);
  return parts.join(' · ');
}

/** The audiences, in the order onboarding and the catalogue's filter offer them. */
export function AdminAudiencesPage() {
  useDocumentTitle('Audiences · Platform admin');
  const { actor, intents, items, loading, failed, error, editor, busy, moved } = useListEditor<Audience>(adminAudiencesScreen, AUDIENCE_EDITOR);

  if (loading) return <LoadingScreen label="Loading the audiences" />;
  if (failed) {
    return (
      <AdminPage title="Audiences">
        <LoadError onRetry={intents.retry} message={errorMessage(error)} />
      </AdminPage>
    );
  }
  const sorted = [...items].sort((a, b) => a.position - b.position);
  return (
    <>
      <AdminPage
        title="Audiences"
        lead="Who a catalogue item is for. Educators pick one in onboarding and filter the catalogue by them, in this order; an audience in use cannot be deleted."
        actions={<Button onClick={() => intents.create(null)}>Add audience</Button>}
      >
        <div className={styles.panel}>
          <ul className={styles.list} aria-label="Audiences">
            {sorted.map((audience, index) => (
              <li key={audience.id} className={styles.row}>
                <div className={styles.heading}>
                  <span className={styles.leafTitle}>{audience.name}</span>
                  <span className={styles.usage}>{usageOf(audience)}</span>
                </div>
                <div className={styles.actions}>
                  <Button tone="secondary" size="sm" aria-label={`Rename ${audience.name}`} onClick={() => intents.edit(audience.id)}>
                    Rename
                  </Button>
                  <MoveButtons actor={actor} id={audience.id} name={audience.name} first={index === 0} last={index === sorted.length - 1} />
                  <Button tone="secondary" size="sm" aria-label={`Delete ${audience.name}`} onClick={() => intents.remove(audience.id)}>
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {!sorted.length && <p className={styles.empty}>No audiences yet.</p>}
        </div>
        <MoveAnnouncement moved={moved} busy={busy} items={items} name={(item) => String(item.name)} />
      </AdminPage>
      <EditorDialog actor={actor} title={editor?.mode === 'edit' ? 'Rename audience' : 'Add audience'} submitLabel={editor?.mode === 'edit' ? 'Save' : 'Add audience'}>
        {(form) => <TextField form={form} name="name" autoFocus />}
      </EditorDialog>
      <DeleteDialog actor={actor} name={(item) => `the audience “${String(item.name)}”`} />
    </>
  );
}
