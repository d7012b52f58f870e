import { useParams } from 'react-router';
import { useSelector } from '@xstate/react';
import { buildIcs } from '@/machines/catalog/catalog.ics';
import type { CatalogItem } from '@/machines/catalog/catalog.types';
import { livestreamStatus, selectItemDetail, selectItemFailed, selectItemLoading } from '@/machines/catalog/catalog.selectors';
import { PageLayout } from '@/views/layout/page-layout';
import { BaseCard } from '@/views/layout/base-card';
import { Button } from '@/views/layout/button';
import { button } from '@/views/layout/button.css';
import { useItemDetailActor } from '@/views/catalog/use-screen-actor';
import { Loading } from '@/views/catalog/item-list';
import { LiveBadge, LivestreamTime } from '@/views/catalog/livestream-time';

/** Builds the .ics in the browser and hands it to the browser's download. */
function downloadCalendarFile(item: CatalogItem) {
  if (!item.startDate) return;
  const start = new Date(item.startDate);
  const url = new URL(`/livestreams/${encodeURIComponent(item.publicId)}`, window.location.origin).href;
  const ics = buildIcs({
    uid: `${item.id}@${window.location.host}`,
    start,
    end: item.endDate ? new Date(item.endDate) : start,
    summary: item.title,
    description: item.description,
    url,
  });
  const href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = `${item.publicId}.ics`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

export function LivestreamPage() {
  const { publicId = '' } = useParams();
  return <LivestreamDetail key={publicId} publicId={publicId} />;
}

function LivestreamDetail({ publicId }: { publicId: string }) {
  const actor = useItemDetailActor(publicId);
  const detail = useSelector(actor, selectItemDetail);
  const loading = useSelector(actor, selectItemLoading);
  const failed = useSelector(actor, selectItemFailed);
  const item = detail?.item;
  const now = new Date();
  const status = item ? livestreamStatus(item, now) : null;
  return (
    <PageLayout title={item?.title ?? 'Livestream'} titleSlot={item && <LiveBadge item={item} now={now} />}>
      {loading && <Loading label="Loading livestream…" />}
      {failed && (
        <div role="alert">
          <p className="error">Something went wrong, please try again later</p>
          <Button onClick={() => actor.send({ type: 'item.retry' })}>Try again</Button>
        </div>
      )}
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
                <Button onClick={() => downloadCalendarFile(item)}>Add to calendar</Button>
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
