import { useSelector } from '@xstate/react';
import { Button as AriaButton, DropIndicator, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import type { AdminCatalogItemActorRef } from '@/machines/admin/admin-catalog-item.machine';
import { adminCatalogItemIntents } from '@/machines/admin/admin-catalog-item.intents';
import { selectEntries, selectIsBusy } from '@/machines/admin/admin-catalog-item.selectors';
import type { AdminCatalogItemSummary } from '@/machines/admin/admin-catalog-item.types';
import { adminItemSearchIntents, adminItemSearchScreen, selectFoundItems, selectIsSearching, selectSearchText } from '@/machines/admin/admin-item-search.machine';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { SearchPicker } from '@/views/admin/catalog/search-picker';
import { StatusPill, TypeMark } from '@/views/admin/catalog/catalog-labels';
import * as styles from '@/views/admin/catalog/catalog.css';

// A playlist's entries in order: dragged (pointer, or the handle's keyboard drag), or moved a
// place with Move up / Move down; each change is saved at once. Items are added by searching.

const Handle = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
    {[4, 8, 12].flatMap((y) => [6, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.3" fill="currentColor" />))}
  </svg>
);

function AddEntry({ actor, entries }: { actor: AdminCatalogItemActorRef; entries: AdminCatalogItemSummary[] }) {
  const search = useScreenActor(adminItemSearchScreen);
  const { type, clear } = useIntents(search, adminItemSearchIntents);
  const text = useSelector(search, selectSearchText);
  const found = useSelector(search, selectFoundItems);
  const searching = useSelector(search, selectIsSearching);
  const { addEntry } = useIntents(actor, adminCatalogItemIntents);
  const offered = found.filter((item) => !entries.some((e) => e.id === item.id));
  const kind = (item: AdminCatalogItemSummary) => `${item.resourceType === 'LIVESTREAM' ? 'Livestream' : 'Learning object'} · ${item.status === 'DRAFT' ? 'Draft' : 'Published'}`;
  return (
    <SearchPicker
      label="Add an item"
      text={text}
      onText={(words) => (words ? type(words) : clear())}
      options={offered.map((item) => ({ id: item.id, label: item.title, meta: kind(item) }))}
      onPick={(id) => {
        const item = offered.find((i) => i.id === id);
        if (item) addEntry(item);
      }}
      placeholder="Search learning objects and livestreams"
      busy={searching}
      emptyText="No learning object or livestream matches."
    />
  );
}

export function PlaylistEntries({ actor }: { actor: AdminCatalogItemActorRef }) {
  const entries = useSelector(actor, selectEntries);
  const busy = useSelector(actor, selectIsBusy);
  const { moveEntry, removeEntry } = useIntents(actor, adminCatalogItemIntents);

  const { dragAndDropHooks } = useDragAndDrop<AdminCatalogItemSummary>({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': entries.find((e) => e.id === key)?.title ?? String(key) })),
    isDisabled: busy,
    onReorder: (event) => {
      const from = entries.findIndex((e) => e.id === [...event.keys][0]);
      const targetIndex = entries.findIndex((e) => e.id === event.target.key);
      if (from < 0 || targetIndex < 0) return;
      // Dropped before or after the target: where the moved entry lands once it has left its place.
      let to = event.target.dropPosition === 'before' ? targetIndex : targetIndex + 1;
      if (from < to) to -= 1;
      moveEntry(from, to);
    },
    renderDropIndicator: (target) => <DropIndicator target={target} className={styles.dropIndicator} />,
  });

  return (
    <div className={styles.fields}>
      <GridList
        aria-label="Playlist entries"
        items={entries}
        dragAndDropHooks={dragAndDropHooks}
        className={styles.entryList}
        renderEmptyState={() => <p className={styles.empty}>No entry yet: add learning objects or livestreams below. Publishing needs at least one published entry.</p>}
      >
        {(entry: AdminCatalogItemSummary) => {
          const index = entries.findIndex((e) => e.id === entry.id);
          return (
            <GridListItem id={entry.id} textValue={entry.title} className={styles.entry}>
              <AriaButton slot="drag" className={styles.dragHandle} aria-label={`Drag ${entry.title}`}>
                <Handle />
              </AriaButton>
              <span className={styles.entryText}>
                <span className={styles.entryTitle}>
                  <span className={styles.position}>{index + 1}.</span> {entry.title}
                </span>
                <span className={styles.entryMeta}>
                  <TypeMark type={entry.resourceType} />
                  <StatusPill status={entry.status} />
                </span>
              </span>
              <span className={styles.entryButtons}>
                <AriaButton className={styles.iconButton} isDisabled={busy || index === 0} onPress={() => moveEntry(index, index - 1)} aria-label={`Move ${entry.title} up`}>
                  ↑
                </AriaButton>
                <AriaButton
                  className={styles.iconButton}
                  isDisabled={busy || index === entries.length - 1}
                  onPress={() => moveEntry(index, index + 1)}
                  aria-label={`Move ${entry.title} down`}
                >
                  ↓
                </AriaButton>
                <AriaButton className={styles.iconButton} isDisabled={busy} onPress={() => removeEntry(entry.id)} aria-label={`Remove ${entry.title}`}>
                  Remove
                </AriaButton>
              </span>
            </GridListItem>
          );
        }}
      </GridList>
      <AddEntry actor={actor} entries={entries} />
    </div>
  );
}
