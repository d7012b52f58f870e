import { Link, useParams } from 'react-router';
import {
  PROGRESS_LABELS,
  playNext,
  playlistEntries,
  progressById,
  progressState,
} from '@/machines/catalog/catalog.selectors';
import { LoadError } from '@/views/components/load-error';
import { PageLayout } from '@/views/layout/page-layout';
import { ButtonLink } from '@/views/layout/button';
import { Loading } from '@/views/catalog/item-list';
import { useItemDetail } from '@/views/catalog/use-item-detail';
import { TYPE_LABELS, formatDuration, itemPath } from '@/views/catalog/item-card';
import * as styles from '@/views/catalog/catalog.css';

export function PlaylistPage() {
  const { publicId = '' } = useParams();
  return <PlaylistDetail key={publicId} publicId={publicId} />;
}

function PlaylistDetail({ publicId }: { publicId: string }) {
  const { detail, loading, failed, retry } = useItemDetail(publicId);
  const item = detail?.item;
  const next = detail ? playNext(detail.item, detail.progress) : null;
  const byId = progressById(detail?.progress ?? []);
  return (
    <PageLayout
      title={item?.title ?? 'Playlist'}
      header={item && <p className="muted">{item.description}</p>}
      titleSlot={next && <ButtonLink to={itemPath(next)} tone="primary" aria-label={`Play next: ${next.title}`}>Play next</ButtonLink>}
    >
      {loading && <Loading label="Loading playlist…" />}
      {failed && <LoadError onRetry={retry} />}
      {item && (
        <ol className={styles.entries} aria-label="Playlist entries">
          {playlistEntries(item).map(({ position, item: entry }) => {
            const duration = formatDuration(entry.durationSeconds);
            return (
              <li key={`${position}-${entry.id}`}>
                <Link className={styles.cardLink} to={itemPath(entry)}>
                  {entry.title}
                </Link>
                <span className={styles.meta}>
                  <span className={styles.badge}>{TYPE_LABELS[entry.resourceType]}</span>
                  {duration && <span>{duration}</span>}
                  {detail.progress.length > 0 && <span>{PROGRESS_LABELS[progressState(byId.get(entry.id))]}</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {item && item.catalogItems.length === 0 && <p className="muted">This playlist is empty.</p>}
    </PageLayout>
  );
}
