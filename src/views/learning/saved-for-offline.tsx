import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { offlineLibraryScreen } from '@/machines/offline-library/offline-library.actors';
import { offlineLibraryIntents } from '@/machines/offline-library/offline-library.intents';
import {
  selectAvailable,
  selectBusy,
  selectBytesUsed,
  selectLoading,
  selectRemoving,
  selectSavedItem,
  selectSavedItems,
  selectSaving,
  selectUnavailable,
} from '@/machines/offline-library/offline-library.selectors';
import type { ItemToSave, SavedItem } from '@/machines/offline-library/offline-library.types';
import { humanSize } from '@/lib/validation/rules';
import { EmptyState } from '@/views/components/empty-state';
import { Link } from '@/views/components/link';
import { Skeleton, SkeletonBlock } from '@/views/components/skeleton';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { BaseCard } from '@/views/layout/base-card';
import { Button } from '@/views/layout/button';
import * as styles from '@/views/learning/saved-for-offline.css';

// "Save for offline" (docs/decisions.md): the strategy page's card and My learning's list of
// what this device keeps, both over the offline-library actor.

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const until = (saved: SavedItem) => dateFormat.format(new Date(saved.offlineUntil));

/** The strategy page's card (in the page's own card and heading styles): save this strategy on the device, watch it save, or remove it. */
export function SaveForOfflineCard({ item, className, headingClassName }: { item: ItemToSave; className: string; headingClassName: string }) {
  const library = useScreenActor(offlineLibraryScreen, {});
  const { save, cancel, remove } = useIntents(library, offlineLibraryIntents);
  const saved = useSelector(library, selectSavedItem(item.id));
  const saving = useSelector(library, selectSaving(item.id));
  const busy = useSelector(library, selectBusy);
  const loading = useSelector(library, selectLoading);
  const unavailable = useSelector(library, selectUnavailable);
  const heading = useRef<HTMLHeadingElement>(null);
  const phase = saving !== null ? 'saving' : saved ? 'saved' : 'not saved';
  // The button pressed is replaced (Save by Cancel, Cancel or the end of a save by Remove): the
  // focus it held goes to the card's heading, not to the top of the page.
  useEffect(() => {
    if (document.activeElement === document.body) heading.current?.focus();
  }, [phase]);
  if (unavailable) return null;
  return (
    <section className={className} aria-labelledby="watch-offline-heading">
      <h2 id="watch-offline-heading" className={headingClassName} ref={heading} tabIndex={-1}>
        Watch offline
      </h2>
      {saving !== null ? (
        <div className={styles.meter}>
          <progress className={styles.bar} max={1} value={saving} aria-label="Saving for offline" />
          {/* The bar carries the figure; a live region would read out every percent. */}
          <p className={styles.text}>Saving… {Math.round(saving * 100)}%. Keep this page open until it is done.</p>
          <div className={styles.row}>
            <Button tone="secondary" size="sm" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </div>
      ) : saved ? (
        <>
          <p className={styles.text}>
            Saved on this device ({humanSize(saved.bytes)}): the video, captions, guide, rubric and reproducibles. Plays offline until{' '}
            {until(saved)}.
          </p>
          <div className={styles.row}>
            <Button tone="secondary" size="sm" disabled={busy} onClick={() => remove(item.id)}>
              Remove from this device
            </Button>
            <Link to="/learning#saved-for-offline">All saved strategies</Link>
          </div>
        </>
      ) : (
        <>
          <p className={styles.text}>Keep the video, captions, guide, rubric and reproducibles on this device, to watch without a connection.</p>
          <div className={styles.row}>
            <Button tone="secondary" size="sm" disabled={busy || loading} onClick={() => save(item)}>
              Save for offline
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** My learning's list of the strategies this device keeps, with the space they take, each removable. */
export function SavedForOfflineCard() {
  const library = useScreenActor(offlineLibraryScreen, {});
  const { remove } = useIntents(library, offlineLibraryIntents);
  const items = useSelector(library, selectSavedItems);
  const used = useSelector(library, selectBytesUsed);
  const available = useSelector(library, selectAvailable);
  const loading = useSelector(library, selectLoading);
  const unavailable = useSelector(library, selectUnavailable);
  const removing = useSelector(library, selectRemoving);
  const busy = useSelector(library, selectBusy);
  const card = useRef<HTMLDivElement>(null);
  // A removed strategy's button goes with it: the focus moves to the next Remove, or to the card.
  useEffect(() => {
    if (document.activeElement !== document.body || !card.current) return;
    (card.current.querySelector<HTMLElement>('li button') ?? card.current).focus();
  }, [items.length]);
  return (
    <div id="saved-for-offline" ref={card} tabIndex={-1}>
      <BaseCard title="Saved for offline">
        {unavailable ? (
          <p className={styles.text}>This browser cannot keep strategies for offline use.</p>
        ) : loading ? (
          <Skeleton label="Loading your saved strategies…">
            <SkeletonBlock width="60%" height="1.25rem" />
            <SkeletonBlock width="40%" />
          </Skeleton>
        ) : items.length === 0 ? (
          <EmptyState title="Nothing saved on this device" action={<Link to="/catalog">Browse strategies</Link>}>
            Open a strategy and select Save for offline to watch it, with its guide and reproducibles, without a connection.
          </EmptyState>
        ) : (
          <>
            <p className={styles.summary}>
              {items.length === 1 ? '1 strategy' : `${items.length} strategies`} · {humanSize(used)} on this device
              {available !== null && ` · ${humanSize(available)} free`}
            </p>
            <ul className={styles.list} aria-label="Strategies saved for offline">
              {items.map((saved) => (
                <li key={saved.catalogItemId} className={styles.item}>
                  <span className={styles.itemText}>
                    <Link className={styles.itemTitle} to={`/learning-objects/${saved.publicId}`}>
                      {saved.title}
                    </Link>
                    <span className={styles.text}>
                      {humanSize(saved.bytes)} · plays offline until {until(saved)}
                    </span>
                  </span>
                  <Button tone="secondary" size="sm" disabled={busy} aria-label={`Remove ${saved.title} from this device`} onClick={() => remove(saved.catalogItemId)}>
                    {removing === saved.catalogItemId ? 'Removing…' : 'Remove'}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </BaseCard>
    </div>
  );
}
