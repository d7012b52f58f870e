import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Tag, TagGroup, TagList, Text, type Key } from 'react-aria-components';
import type { AdminCatalogItemActorRef } from '@/machines/admin/admin-catalog-item.machine';
import { adminCatalogItemIntents } from '@/machines/admin/admin-catalog-item.intents';
import { selectDraftValue, selectFieldError } from '@/machines/admin/admin-catalog-item.selectors';
import type { NasotItem } from '@/machines/reference-data/reference-data.machine';
import { NASOT_LEVELS } from '@/machines/reference-data/reference-data.selectors';
import { fieldMessage, messageSlot, hint } from '@/views/components/form/form.css';
import { useIntents } from '@/views/hooks/use-intents';
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

const Chevron = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
    <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function FrameworkPicker({ actor }: { actor: AdminCatalogItemActorRef }) {
  const { nasotItems, failed, retry } = useReferenceData({ load: true });
  const selected = useSelector(actor, selectDraftValue('nasotItemIds'));
  const error = useSelector(actor, selectFieldError('nasotItemIds'));
  const { change } = useIntents(actor, adminCatalogItemIntents);
  const [text, setText] = useState('');
  const options = useMemo(() => frameworkOptions(nasotItems), [nasotItems]);
  const byId = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);
  const words = text.trim().toLowerCase();
  const shown = options.filter((o) => !selected.includes(o.id) && (!words || `${o.title} ${o.path}`.toLowerCase().includes(words))).slice(0, 50);

  const add = (key: Key | null) => {
    if (key === null) return;
    change({ nasotItemIds: [...selected, String(key)] });
    setText('');
  };

  return (
    <div className={styles.fields}>
      <ComboBox items={shown} inputValue={text} onInputChange={setText} selectedKey={null} onSelectionChange={add} menuTrigger="focus" className="field">
        <Label>Add a framework tag</Label>
        <div className={styles.comboField}>
          <Input className={styles.comboInput} name="nasotItemIds" placeholder="Type part of an element or a strategy" />
          <AriaButton className={styles.comboToggle} aria-label="Show framework items">
            <Chevron />
          </AriaButton>
        </div>
        <Popover className={styles.comboPopover} placement="bottom start">
          <ListBox className={styles.listBox} renderEmptyState={() => <p className={styles.empty}>Nothing matches.</p>}>
            {(option: FrameworkOption) => (
              <ListBoxItem id={option.id} textValue={option.title} className={styles.option}>
                <Text slot="label">{option.title}</Text>
                <Text slot="description" className={styles.optionMeta}>
                  {option.level}
                  {option.path && ` · ${option.path}`}
                </Text>
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
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
