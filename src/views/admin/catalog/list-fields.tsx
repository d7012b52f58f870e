import { useSelector } from '@xstate/react';
import { emptyResource, moved } from '@/machines/admin/admin-catalog-item.logic';
import type { AdminCatalogItemActorRef } from '@/machines/admin/admin-catalog-item.machine';
import { adminCatalogItemIntents } from '@/machines/admin/admin-catalog-item.intents';
import type { AdminCatalogItemMachine } from '@/machines/admin/admin-catalog-item.machine';
import { selectDraftValue } from '@/machines/admin/admin-catalog-item.selectors';
import type { DraftResource, DraftRubricLevel } from '@/machines/admin/admin-catalog-item.types';
import type { SnapshotFrom } from 'xstate';
import { useIntents } from '@/views/hooks/use-intents';
import { Button } from '@/views/layout/button';
import { TextInput } from '@/views/admin/catalog/text-input';
import * as styles from '@/views/admin/catalog/catalog.css';

// The item's lists of rows: resources (add, remove, move) and the four rubric levels.

const selectErrors = (s: SnapshotFrom<AdminCatalogItemMachine>) => s.context.errors;
const LEVEL_HINTS = ['Beginning', 'Developing', 'Applying', 'Innovating'];

export function ResourceFields({ actor }: { actor: AdminCatalogItemActorRef }) {
  const resources = useSelector(actor, selectDraftValue('resources'));
  const errors = useSelector(actor, selectErrors);
  const { change } = useIntents(actor, adminCatalogItemIntents);
  const set = (next: DraftResource[]) => change({ resources: next });
  const edit = (index: number, patch: Partial<DraftResource>) => set(resources.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <div className={styles.fields}>
      {resources.length === 0 ? (
        <p className={styles.empty}>No resource yet.</p>
      ) : (
        <ol className={styles.rows}>
          {resources.map((resource, i) => {
            const name = resource.title.trim() || `Resource ${i + 1}`;
            return (
              <li key={resource.key} className={styles.row}>
                <div className={styles.rowHead}>
                  <span className={styles.rowTitle}>Resource {i + 1}</span>
                  <div className={styles.rowActions}>
                    <Button tone="ghost" size="sm" disabled={i === 0} onClick={() => set(moved(resources, i, i - 1))} aria-label={`Move ${name} up`}>
                      Move up
                    </Button>
                    <Button tone="ghost" size="sm" disabled={i === resources.length - 1} onClick={() => set(moved(resources, i, i + 1))} aria-label={`Move ${name} down`}>
                      Move down
                    </Button>
                    <Button tone="ghost" size="sm" onClick={() => set(resources.filter((_, n) => n !== i))} aria-label={`Remove ${name}`}>
                      Remove
                    </Button>
                  </div>
                </div>
                <div className={styles.twoColumns}>
                  <TextInput name={`resources.${i}.title`} label="Title" value={resource.title} error={errors[`resources.${i}.title`] ?? null} onChange={(title) => edit(i, { title })} />
                  <TextInput name={`resources.${i}.url`} label="URL" value={resource.url} error={errors[`resources.${i}.url`] ?? null} onChange={(url) => edit(i, { url })} inputMode="url" />
                </div>
                <TextInput
                  name={`resources.${i}.description`}
                  label="Description"
                  value={resource.description}
                  error={errors[`resources.${i}.description`] ?? null}
                  onChange={(description) => edit(i, { description })}
                  hint="Optional, at most 500 characters."
                />
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <Button tone="secondary" size="sm" onClick={() => set([...resources, emptyResource()])}>
          Add a resource
        </Button>
      </div>
    </div>
  );
}

export function RubricFields({ actor }: { actor: AdminCatalogItemActorRef }) {
  const rubric = useSelector(actor, selectDraftValue('rubric'));
  const errors = useSelector(actor, selectErrors);
  const { change } = useIntents(actor, adminCatalogItemIntents);
  const edit = (index: number, patch: Partial<DraftRubricLevel>) => change({ rubric: rubric.map((l, i) => (i === index ? { ...l, ...patch } : l)) });
  return (
    <ol className={styles.rows}>
      {rubric.map((level, i) => (
        <li key={level.value} className={styles.row}>
          <div className={styles.rowHead}>
            <span className={styles.rowTitle}>
              <span className={styles.levelBadge} aria-hidden="true">
                {level.value}
              </span>{' '}
              Level {level.value}
            </span>
          </div>
          <TextInput
            name={`rubric.${i}.title`}
            label={`Level ${level.value} title`}
            value={level.title}
            error={errors[`rubric.${i}.title`] ?? null}
            onChange={(title) => edit(i, { title })}
            placeholder={LEVEL_HINTS[i]}
          />
          <TextInput
            name={`rubric.${i}.description`}
            label={`Level ${level.value} description`}
            value={level.description}
            error={errors[`rubric.${i}.description`] ?? null}
            onChange={(description) => edit(i, { description })}
            multiline="prose"
          />
        </li>
      ))}
    </ol>
  );
}
