import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { moved, uploadedReproducible } from '@/machines/admin/admin-catalog-item.logic';
import type { AdminCatalogItemActorRef, AdminCatalogItemMachine } from '@/machines/admin/admin-catalog-item.machine';
import { adminCatalogItemIntents } from '@/machines/admin/admin-catalog-item.intents';
import { selectDraftValue } from '@/machines/admin/admin-catalog-item.selectors';
import type { DraftReproducible } from '@/machines/admin/admin-catalog-item.types';
import { humanSize } from '@/lib/validation/rules';
import { useIntents } from '@/views/hooks/use-intents';
import { Button } from '@/views/layout/button';
import { TextInput } from '@/views/admin/catalog/text-input';
import { UploadField, type UploadValue } from '@/views/admin/upload-field';
import * as styles from '@/views/admin/catalog/catalog.css';

// A learning object's reproducible files: what educators download as one zip, in this order. A
// file is uploaded here and added at the end under a title made from its name; the item's files
// keep their place until moved or removed. The list is saved with the item.

const selectErrors = (s: SnapshotFrom<AdminCatalogItemMachine>) => s.context.errors;

export function ReproducibleFields({ actor }: { actor: AdminCatalogItemActorRef }) {
  const files = useSelector(actor, selectDraftValue('reproducibles'));
  const errors = useSelector(actor, selectErrors);
  const { change } = useIntents(actor, adminCatalogItemIntents);
  const set = (next: DraftReproducible[]) => change({ reproducibles: next });
  // The upload answers later: the file goes after whatever the list holds by then.
  const uploaded = useCallback(
    (file: UploadValue | null) => {
      if (file) change({ reproducibles: [...actor.getSnapshot().context.draft.reproducibles, uploadedReproducible(file)] });
    },
    [actor, change],
  );
  return (
    <div className={styles.fields}>
      {files.length === 0 ? (
        <p className={styles.empty}>No reproducible file yet.</p>
      ) : (
        <ol className={styles.rows} aria-label="Reproducible files">
          {files.map((file, i) => {
            const name = file.title.trim() || file.fileName;
            return (
              <li key={file.key} className={styles.row}>
                <div className={styles.rowHead}>
                  <span className={styles.rowTitle}>
                    {file.fileName} <span className={styles.empty}>· {humanSize(file.size)}</span>
                  </span>
                  <div className={styles.rowActions}>
                    <Button tone="ghost" size="sm" disabled={i === 0} onClick={() => set(moved(files, i, i - 1))} aria-label={`Move ${name} up`}>
                      Move up
                    </Button>
                    <Button tone="ghost" size="sm" disabled={i === files.length - 1} onClick={() => set(moved(files, i, i + 1))} aria-label={`Move ${name} down`}>
                      Move down
                    </Button>
                    <Button tone="ghost" size="sm" onClick={() => set(files.filter((_, n) => n !== i))} aria-label={`Remove ${name}`}>
                      Remove
                    </Button>
                  </div>
                </div>
                <TextInput
                  name={`reproducibles.${i}.title`}
                  label={`Title of ${file.fileName}`}
                  value={file.title}
                  error={errors[`reproducibles.${i}.title`] ?? null}
                  onChange={(title) => set(files.map((f, n) => (n === i ? { ...f, title } : f)))}
                />
              </li>
            );
          })}
        </ol>
      )}
      <UploadField label="Add a reproducible file" kind="reproducible" value={null} onChange={uploaded} description="PDF, Word, PowerPoint, Excel, ZIP, PNG or JPEG." />
    </div>
  );
}
