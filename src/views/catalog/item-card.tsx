import { Link } from '@/views/components/link';
import { buildPath } from '@/lib/routes';
import type { CatalogItemSummary, ItemProgress } from '@/machines/catalog/catalog.types';
import { cardProgress, PROGRESS_LABELS } from '@/machines/catalog/catalog.selectors';
import * as styles from '@/views/catalog/catalog.css';

export const TYPE_LABELS: Record<CatalogItemSummary['resourceType'], string> = {
  LEARNING_OBJECT: 'Strategy',
  PLAYLIST: 'Playlist',
  LIVESTREAM: 'Livestream',
};

export function itemPath(item: Pick<CatalogItemSummary, 'resourceType' | 'publicId'>): string {
  const params = { publicId: item.publicId };
  if (item.resourceType === 'PLAYLIST') return buildPath('playlist', params);
  if (item.resourceType === 'LIVESTREAM') return buildPath('livestream', params);
  return buildPath('learning-object', params);
}

export function formatDuration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `${minutes} min`;
}

type Props = {
  item: CatalogItemSummary;
  /** Title of the framework element the item belongs to, if known. */
  element?: string | null;
  progress?: ItemProgress;
  showProgress?: boolean;
  /**
   * The card is among the first a page shows: its poster is fetched at once rather than when it
   * scrolls into view (a lazy image above the fold waits for layout, and the first one is usually
   * the page's largest paint).
   */
  eager?: 'first' | 'soon';
  /** More for this card (a search's match in what the video says). */
  extra?: React.ReactNode;
};

/** Posters are 16:9; the box holds the shape before the image arrives. */
const THUMB_WIDTH = 480;
const THUMB_HEIGHT = 270;

const TYPE_ICONS: Record<CatalogItemSummary['resourceType'], string> = {
  LEARNING_OBJECT: 'M10 8l6 4-6 4z', // play
  PLAYLIST: 'M5 7h10M5 12h10M5 17h6M17 14l4 2.5-4 2.5z', // list with play
  LIVESTREAM: 'M12 12m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0M7.8 7.8a6 6 0 0 0 0 8.4M16.2 7.8a6 6 0 0 1 0 8.4', // broadcast
};

function Thumbnail({ item, eager }: { item: CatalogItemSummary; eager?: Props['eager'] }) {
  return (
    <div className={styles.thumb}>
      {item.thumbnailUrl ? (
        // Decorative: the title beside it is the link and says what the item is.
        <img
          className={styles.thumbImage}
          src={item.thumbnailUrl}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager === 'first' ? 'high' : undefined}
          decoding="async"
          width={THUMB_WIDTH}
          height={THUMB_HEIGHT}
        />
      ) : (
        <div className={styles.thumbPlaceholder}>
          <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true">
            <path d={TYPE_ICONS[item.resourceType]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
      )}
    </div>
  );
}

/** The learner's progress: a bar and how far (steps of a strategy, percent watched), or Completed. */
function ProgressLine({ item, progress }: { item: CatalogItemSummary; progress: ItemProgress | undefined }) {
  const shown = cardProgress(item, progress);
  if (shown.state === 'notStarted') return <span className={styles.progressText}>{PROGRESS_LABELS.notStarted}</span>;
  const done = shown.state === 'completed';
  return (
    <>
      <div className={styles.progressTrack} aria-hidden="true">
        <div className={done ? `${styles.progressFill} ${styles.progressDone}` : styles.progressFill} style={{ width: `${Math.round(shown.fraction * 100)}%` }} />
      </div>
      <span className={done ? `${styles.progressText} ${styles.progressTextDone}` : styles.progressText}>
        {done && (
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        )}
        {shown.label}
      </span>
    </>
  );
}

export function ItemCard({ item, element, progress, showProgress, eager, extra }: Props) {
  const duration = formatDuration(item.durationSeconds);
  return (
    <article className={styles.card}>
      <div className={styles.cardInner}>
        <Thumbnail item={item} eager={eager} />
        <div className={styles.cardBody}>
          <p className={styles.itemMeta}>
            <span className={styles.badge}>{TYPE_LABELS[item.resourceType]}</span>
            {duration && <span>{duration}</span>}
          </p>
          <h3 className={styles.itemTitle}>
            <Link className={styles.itemLink} to={itemPath(item)}>
              {item.title}
            </Link>
          </h3>
          {element && <p className={styles.itemMeta}>Element: {element}</p>}
          {extra}
          {(item.ratingAverage !== null || showProgress) && (
            <div className={styles.cardFoot}>
              {item.ratingAverage !== null && (
                <p className={styles.itemMeta}>
                  <span aria-hidden="true">★</span>
                  <span>
                    Rated {item.ratingAverage.toFixed(1)} of 5 ({item.ratingCount})
                  </span>
                </p>
              )}
              {showProgress && <ProgressLine item={item} progress={progress} />}
            </div>
          )}
        </div>
      </div>
    </article>
  );
}

/** The shape of a card while results load: nothing for assistive technology to read. */
export function ItemCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true" data-testid="card-skeleton">
      <div className={styles.skeletonThumb} />
      <div className={styles.cardBody}>
        <div className={styles.skeletonLine} style={{ width: '35%' }} />
        <div className={styles.skeletonLine} style={{ width: '90%' }} />
        <div className={styles.skeletonLine} style={{ width: '60%' }} />
      </div>
    </div>
  );
}
