import { useParams } from 'react-router';
import { calendarScreen } from '@/machines/calendar/calendar.actors';
import { calendarIntents } from '@/machines/calendar/calendar.intents';
import { livestreamStatus } from '@/machines/catalog/catalog.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadError } from '@/views/components/load-error';
import { PageLayout } from '@/views/layout/page-layout';
import { BaseCard } from '@/views/layout/base-card';
import { Button } from '@/views/layout/button';
import { button } from '@/views/layout/button.css';
import { Loading } from '@/views/catalog/item-list';
import { useItemDetail } from '@/views/catalog/use-item-detail';
import { LiveBadge, LivestreamTime } from '@/views/catalog/livestream-time';

export function LivestreamPage() {
  const { publicId = '' } = useParams();
  return <LivestreamDetail key={publicId} publicId={publicId} />;
}

function LivestreamDetail({ publicId }: { publicId: string }) {
  const { detail, loading, failed, retry } = useItemDetail(publicId);
  const calendar = useIntents(useScreenActor(calendarScreen), calendarIntents);
  const item = detail?.item;
  const now = new Date();
  const status = item ? livestreamStatus(item, now) : null;
  return (
    <PageLayout title={item?.title ?? 'Livestream'} titleSlot={item && <LiveBadge item={item} now={now} />}>
      {loading && <Loading label="Loading livestream…" />}
      {failed && <LoadError onRetry={retry} />}
      {item && (
        <BaseCard
          actions={
            status !== 'past' && (
              <>
                {item.joinUrl && (
                  <a className={button({ tone: 'primary' })} href={item.joinUrl} target="_blank" rel="noreferrer">
                    Join livestream
                  </a>
                )}
                <Button onClick={() => calendar.add(item)}>Add to calendar</Button>
              </>
            )
          }
        >
          <p>
            <LivestreamTime item={item} />
          </p>
          <p>{item.description}</p>
          {status === 'past' && detail.video && (
            <figure>
              <video controls preload="metadata" src={detail.video.url} poster={detail.video.posterUrl ?? undefined} aria-label={`Recording of ${item.title}`}>
                {detail.video.captions.map((c) => (
                  <track key={c.src} kind="captions" src={c.src} srcLang={c.srclang} label={c.label} default={c.default} />
                ))}
              </video>
              <figcaption>Recording</figcaption>
            </figure>
          )}
          {status === 'past' && !detail.video && <p className="muted">The recording is not available yet.</p>}
        </BaseCard>
      )}
    </PageLayout>
  );
}
