import { Link } from 'react-router';
import { buildPath } from '@/lib/routes';
import type { CatalogItemSummary, ItemProgress } from '@/machines/catalog/catalog.types';
import { PROGRESS_LABELS, progressState } from '@/machines/catalog/catalog.selectors';
import { BaseCard } from '@/views/layout/base-card';
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
};

export function ItemCard({ item, element, progress, showProgress }: Props) {
  const duration = formatDuration(item.durationSeconds);
  return (
    <BaseCard>
      <h3 className={styles.cardTitle}>
        <Link className={styles.cardLink} to={itemPath(item)}>
          {item.title}
        </Link>
      </h3>
      <p className={styles.meta}>
        <span className={styles.badge}>{TYPE_LABELS[item.resourceType]}</span>
        {duration && <span>{duration}</span>}
        {item.ratingAverage !== null && (
          <span>
            Rated {item.ratingAverage.toFixed(1)} of 5 ({item.ratingCount})
          </span>
        )}
        {showProgress && <span>{PROGRESS_LABELS[progressState(progress)]}</span>}
      </p>
      {element && <p className={styles.meta}>Element: {element}</p>}
    </BaseCard>
  );
}
