import { useParams, useSearchParams } from 'react-router';
import { ReplaceWith } from '@/views/components/replace-with';
import { PLAY_VIDEO_PARAM } from '@/lib/explorer';
import { Link } from '@/views/components/link';
import { LoadError } from '@/views/components/load-error';
import { NotFoundNotice } from '@/views/catalog/detail-page-parts';
import { Skeleton, SkeletonCard, SkeletonLine, formatClock, isoDuration, playlistSyllabus, type SyllabusEntry } from '@/views/catalog/detail-page-parts';
import { PageLayout } from '@/views/layout/page-layout';
import { ButtonLink } from '@/views/layout/button';
import { useItemDetail } from '@/views/catalog/use-item-detail';
import { TYPE_LABELS } from '@/views/catalog/item-card';
import { entryPath } from '@/views/catalog/detail-page-parts';
import * as styles from '@/views/catalog/detail-pages.css';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { visuallyHidden } from '@/views/components/text.css';

// A playlist as a syllabus: its entries in order with a tick for each one done, how far the
// learner got ("2 of 6 done"), how long it takes, and what is up next. Entries open with the
// playlist kept (`?playlist=`), so a strategy shows its place and the next entry.

export function PlaylistPage() {
  const { publicId = '' } = useParams();
  const [search] = useSearchParams();
  return <PlaylistDetail key={publicId} publicId={publicId} playVideo={search.get(PLAY_VIDEO_PARAM) === 'true'} />;
}

function PlaylistDetail({ publicId, playVideo }: { publicId: string; playVideo: boolean }) {
  const { detail, loading, failed, notFound, retry } = useItemDetail(publicId, 'PLAYLIST');
  useDocumentTitle(detail?.item.title);
  if (notFound) return <NotFoundNotice what="playlist" browseTo="/catalog?type=PLAYLIST" browseLabel="Browse playlists" />;
  const item = detail?.item;
  const syllabus = detail ? playlistSyllabus(detail.item, detail.progress) : null;
  // ?playVideo=true plays the entry up next (the first one again once all are done); a playlist
  // with no entries shows itself instead.
  const playing = playVideo && item && syllabus ? (syllabus.next ?? syllabus.entries[0]) : undefined;
  if (item && playing) return <ReplaceWith to={entryPath(playing.item, item.publicId, { play: true })} />;
  return (
    <PageLayout
      title={item?.title ?? 'Playlist'}
      header={item && <p>{item.description}</p>}
      titleSlot={
        item &&
        syllabus?.next && (
          <ButtonLink to={entryPath(syllabus.next.item, item.publicId, { play: true })} tone="primary" aria-label={`Play next: ${syllabus.next.item.title}`}>
            Play next
          </ButtonLink>
        )
      }
    >
      {loading && (
        <Skeleton label="Loading playlist…">
          <SkeletonLine width="30%" />
          <SkeletonCard />
          <SkeletonCard />
          <SkeletonCard />
        </Skeleton>
      )}
      {failed && <LoadError onRetry={retry} />}
      {item && syllabus && syllabus.total === 0 && (
        <div className={styles.empty}>
          <p>This playlist has no entries yet.</p>
          <ButtonLink to="/catalog" tone="secondary">
            Browse strategies
          </ButtonLink>
        </div>
      )}
      {item && syllabus && syllabus.total > 0 && (
        <div className={styles.layout}>
          <ol className={styles.syllabus} aria-label="Playlist entries">
            {syllabus.entries.map((entry) => (
              <SyllabusRow key={`${entry.position}-${entry.item.id}`} entry={entry} playlistId={item.publicId} isNext={entry === syllabus.next} />
            ))}
          </ol>
          <aside className={styles.stack} aria-label="Playlist progress">
            <section className={styles.card} aria-labelledby="playlist-progress-heading">
              <h2 id="playlist-progress-heading" className={styles.h2}>
                Your progress
              </h2>
              <p className={styles.figure}>
                {syllabus.done} of {syllabus.total} done
              </p>
              <div
                className={styles.bar}
                role="progressbar"
                aria-label="Playlist completed"
                aria-valuemin={0}
                aria-valuemax={syllabus.total}
                aria-valuenow={syllabus.done}
                aria-valuetext={`${syllabus.done} of ${syllabus.total} done`}
              >
                <div className={styles.barFill} style={{ width: `${(syllabus.done / syllabus.total) * 100}%` }} />
              </div>
              <p className={styles.muted}>
                {syllabus.total} {syllabus.total === 1 ? 'entry' : 'entries'}
                {syllabus.totalSeconds > 0 && (
                  <>
                    {' · '}
                    <time dateTime={isoDuration(syllabus.totalSeconds)}>{formatClock(syllabus.totalSeconds)}</time> in total
                  </>
                )}
              </p>
            </section>
            <section className={styles.card} aria-labelledby="up-next-heading">
              <h2 id="up-next-heading" className={styles.h2}>
                Up next
              </h2>
              {syllabus.next ? (
                <>
                  <p className={styles.muted}>
                    {syllabus.next.position} of {syllabus.total}
                  </p>
                  <p>
                    <Link to={entryPath(syllabus.next.item, item.publicId)}>{syllabus.next.item.title}</Link>
                  </p>
                </>
              ) : (
                <p>You finished every entry of this playlist. Well done!</p>
              )}
            </section>
          </aside>
        </div>
      )}
    </PageLayout>
  );
}

function statusText(entry: SyllabusEntry): string {
  const { state, stepsDone, stepsTotal } = entry.status;
  if (state === 'done') return 'Done';
  if (state === 'notStarted') return 'Not started';
  return stepsTotal > 1 ? `${stepsDone} of ${stepsTotal} steps` : 'In progress';
}

function SyllabusRow({ entry, playlistId, isNext }: { entry: SyllabusEntry; playlistId: string; isNext: boolean }) {
  const done = entry.status.state === 'done';
  const seconds = entry.item.durationSeconds;
  return (
    <li className={styles.entry} data-next={isNext}>
      <span className={styles.marker} data-done={done} aria-hidden="true">
        {done ? '✓' : entry.position}
      </span>
      {entry.item.thumbnailUrl ? <img className={styles.thumb} src={entry.item.thumbnailUrl} alt="" loading="lazy" /> : <span className={styles.thumb} />}
      <div>
        <h2 className={styles.entryTitle}>
          <Link className={styles.entryLink} to={entryPath(entry.item, playlistId)}>
            <span className={visuallyHidden}>{entry.position}. </span>
            {entry.item.title}
          </Link>
        </h2>
        <p className={styles.entryMeta}>
          <span className={styles.badge}>{TYPE_LABELS[entry.item.resourceType]}</span>
          {seconds !== null && <time dateTime={isoDuration(seconds)}>{formatClock(seconds)}</time>}
          <span className={done ? styles.doneBadge : undefined}>{statusText(entry)}</span>
          {isNext && <span className={styles.badge}>Up next</span>}
        </p>
      </div>
    </li>
  );
}
