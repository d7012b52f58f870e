import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Button as AriaButton, Tag, TagGroup, TagList } from 'react-aria-components';
import type { AdminCatalogItemActorRef } from '@/machines/admin/admin-catalog-item.machine';
import { adminCatalogItemIntents } from '@/machines/admin/admin-catalog-item.intents';
import { selectDraftValue, selectFieldError } from '@/machines/admin/admin-catalog-item.selectors';
import type { NasotItem } from '@/machines/reference-data/reference-data.machine';
import { NASOT_LEVELS } from '@/machines/reference-data/reference-data.selectors';
import { fieldMessage, messageSlot, hint } from '@/views/components/form/form.css';
import { useIntents } from '@/views/hooks/use-intents';
import { SearchPicker } from '@/views/admin/catalog/search-picker';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { Button } from '@/views/layout/button';
import * as styles from '@/views/admin/catalog/catalog.css';

// The item's framework tags (elements and strategies of the framework tree, found by typing)
// and its audiences (a short list: checkboxes).

type FrameworkOption = { id: string; title: string; level: string; path: string };

/** Elements and strategies, each with the way down to it ("Strand › Element"), in tree order. */
function frameworkOptions(items: readonly NasotItem[]): FrameworkOption[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const pathOf = (item: NasotItem): NasotItem[] => {
    const parent = item.parentId ? byId.get(item.parentId) : undefined;
    return parent ? [...pathOf(parent), parent] : [];
  };
  const order = (item: NasotItem): number[] => [...pathOf(item).map((p) => p.position), item.position];
  return items
    .filter((i) => i.type === 'ELEMENT' || i.type === 'STRATEGY')
    .map((i) => ({ item: i, key: order(i) }))
    .sort((a, b) => {
      for (let n = 0; n < Math.min(a.key.length, b.key.length); n++) if (a.key[n] !== b.key[n]) return a.key[n]! - b.key[n]!;
      return a.key.length - b.key.length;
    })
    .map(({ item }) => ({
      id: item.id,
      title: item.title,
      level: NASOT_LEVELS[item.type],
      path: pathOf(item)
        .filter((p) => p.type !== 'CATEGORY')
        .map((p) => p.title)
        .join(' › '),
    }));
}


export function FrameworkPicker({ actor }: { actor: AdminCatalogItemActorRef }) {
  const { nasotItems, failed, retry } = useReferenceData({ load: true });
  const selected = useSelector(actor, selectDraftValue('nasotItemIds'));
  const error = useSelector(actor, selectFieldError('nasotItemIds'));
  const { change } = useIntents(actor, adminCatalogItemIntents);
  const [text, setText] = useState('');
  const options = useMemo(() => frameworkOptions(nasotItems), [nasotItems]);
  // Every level by id: an item may already be tagged with a strand or a category.
  const byId = useMemo(() => new Map(nasotItems.map((i) => [i.id, { title: i.title, level: NASOT_LEVELS[i.type] }])), [nasotItems]);
  const words = text.trim().toLowerCase();
  const shown = options.filter((o) => !selected.includes(o.id) && (!words || `${o.title} ${o.path}`.toLowerCase().includes(words))).slice(0, 50);

  return (
    <div className={styles.fields}>
      <SearchPicker
        label="Add a framework tag"
        name="nasotItemIds"
        text={text}
        onText={setText}
        options={shown.map((o) => ({ id: o.id, label: o.title, meta: o.path ? `${o.level} · ${o.path}` : o.level }))}
        onPick={(id) => change({ nasotItemIds: [...selected, id] })}
        placeholder="Type part of an element or a strategy"
        emptyText="No element or strategy matches."
      />
      {failed && (
        <p className={hint}>
          The framework could not be loaded.{' '}
          <Button tone="ghost" size="sm" onClick={retry}>
            Try again
          </Button>
        </p>
      )}
      <TagGroup aria-label="Framework tags" onRemove={(keys) => change({ nasotItemIds: selected.filter((id) => !keys.has(id)) })}>
        <TagList className={styles.tagList} renderEmptyState={() => <p className={styles.empty}>No framework tag yet: publishing needs at least one.</p>}>
          {selected.map((id) => {
            const option = byId.get(id);
            const name = option?.title ?? 'Framework item';
            return (
              <Tag key={id} id={id} textValue={name} className={styles.tag}>
                <span>
                  {name} {option && <span className={styles.tagKind}>({option.level})</span>}
                </span>
                <AriaButton slot="remove" className={styles.tagRemove} aria-label={`Remove ${name}`}>
                  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                    <path d="M3 3l6 6M9 3l-6 6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                  </svg>
                </AriaButton>
              </Tag>
            );
          })}
        </TagList>
      </TagGroup>
      {error && (
        <div className={messageSlot}>
          <p className={fieldMessage}>{error}</p>
        </div>
      )}
    </div>
  );
}

export function AudienceChoices({ actor }: { actor: AdminCatalogItemActorRef }) {
  const { audiences } = useReferenceData({ load: true });
  const selected = useSelector(actor, selectDraftValue('audienceIds'));
  const error = useSelector(actor, selectFieldError('audienceIds'));
  const { change } = useIntents(actor, adminCatalogItemIntents);
  const toggle = (id: string, on: boolean) => change({ audienceIds: on ? [...selected, id] : selected.filter((a) => a !== id) });
  return (
    <fieldset className={styles.plainFieldset}>
      <legend className={styles.legend}>Audiences</legend>
      <div className={styles.audienceGrid}>
        {[...audiences]
          .sort((a, b) => a.position - b.position)
          .map((audience) => (
            <label key={audience.id} className={styles.audienceChoice}>
              <input type="checkbox" name="audienceIds" checked={selected.includes(audience.id)} onChange={(e) => toggle(audience.id, e.target.checked)} />
              {audience.name}
            </label>
          ))}
      </div>
      {error && <p className={fieldMessage}>{error}</p>}
    </fieldset>
  );
}
