import { useParams, useSearchParams } from 'react-router';
import { calendarScreen } from '@/machines/calendar/calendar.actors';
import { calendarIntents } from '@/machines/calendar/calendar.intents';
import { livestreamStatus } from '@/machines/catalog/catalog.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadError } from '@/views/components/load-error';
import { NotFoundNotice } from '@/views/catalog/detail-page-parts';
import { Skeleton, SkeletonLine, SkeletonMedia } from '@/views/catalog/detail-page-parts';
import { PageLayout } from '@/views/layout/page-layout';
import { Button, ButtonLink } from '@/views/layout/button';
import { button } from '@/views/layout/button.css';
import { useItemDetail } from '@/views/catalog/use-item-detail';
import { LivestreamTime } from '@/views/catalog/livestream-time';
import * as styles from '@/views/catalog/detail-pages.css';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { MediaPlayer } from '@/views/media/media-player';

// One livestream: before and during the session, its picture, time and the way in; after it,
// the recording in a full-width player with its captions.

export function LivestreamPage() {
  const { publicId = '' } = useParams();
  const [search] = useSearchParams();
  // A search hit in the recording's words opens it at that line (`?t=<seconds>`), as a strategy's does.
  const t = search.get('t');
  const startAt = t !== null && /^\d{1,6}(\.\d+)?$/.test(t) ? Number(t) : null;
  return <LivestreamDetail key={`${publicId}?${startAt ?? ''}`} publicId={publicId} startAt={startAt} />;
}

const STATUS_LABEL = { live: 'Live now', upcoming: 'Upcoming', past: 'Recording' } as const;

function LivestreamDetail({ publicId, startAt }: { publicId: string; startAt: number | null }) {
  const { detail, loading, failed, notFound, retry } = useItemDetail(publicId, 'LIVESTREAM');
  const calendar = useIntents(useScreenActor(calendarScreen), calendarIntents);
  useDocumentTitle(detail?.item.title);
  if (notFound) return <NotFoundNotice what="livestream" browseTo="/livestreams" browseLabel="See all livestreams" />;
  const item = detail?.item;
  const status = item ? livestreamStatus(item, new Date()) : null;
  return (
    <PageLayout
      title={item?.title ?? 'Livestream'}
      titleSlot={item && status && <span className={status === 'live' ? styles.liveBadge : styles.badge}>{STATUS_LABEL[status]}</span>}
      header={
        item && (
          <p>
            <LivestreamTime item={item} />
          </p>
        )
      }
    >
      {loading && (
        <Skeleton label="Loading livestream…">
          <SkeletonMedia />
          <SkeletonLine width="60%" />
          <SkeletonLine />
        </Skeleton>
      )}
      {failed && <LoadError onRetry={retry} />}
      {item && (
        <div className={styles.layout}>
          <div className={styles.stack}>
            {status === 'past' && detail.video ? (
              <MediaPlayer
                source={{ ...detail.video, posterUrl: detail.video.posterUrl ?? item.thumbnailUrl }}
                label={`Recording of ${item.title}`}
                status={<p className={styles.muted}>Recording of the session, with captions.</p>}
                onLoadedMetadata={(media) => {
                  if (startAt === null) return;
                  media.currentTime = Math.min(startAt, media.duration || startAt);
                  // Browsers that refuse to start without a gesture leave it paused there.
                  void media.play().catch(() => undefined);
                }}
              />
            ) : item.thumbnailUrl ? (
              <img className={styles.heroImage} src={item.thumbnailUrl} alt="" />
            ) : null}
            <p>{item.description}</p>
          </div>
          <aside className={styles.card} aria-label="Session">
            {status === 'past' ? (
              detail.video ? (
                <p>This session has ended. Watch the recording at your own pace.</p>
              ) : (
                <>
                  <p>The recording is not available yet.</p>
                  <ButtonLink to="/livestreams" tone="secondary">
                    See upcoming livestreams
                  </ButtonLink>
                </>
              )
            ) : (
              <>
                <p>{status === 'live' ? 'This session is on air now.' : 'Save the date and join when it starts.'}</p>
                <div className={styles.row}>
                  {item.joinUrl && (
                    <a className={button({ tone: 'primary' })} href={item.joinUrl} target="_blank" rel="noreferrer">
                      {status === 'live' ? 'Join now' : 'Join livestream'}
                    </a>
                  )}
                  <Button tone="secondary" onClick={() => calendar.add(item)}>
                    Add to calendar
                  </Button>
                </div>
              </>
            )}
          </aside>
        </div>
      )}
    </PageLayout>
  );
}
