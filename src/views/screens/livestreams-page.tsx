import type { ReactNode } from 'react';
import { Link } from '@/views/components/link';
import { useSelector } from '@xstate/react';
import type { CatalogItemSummary } from '@/machines/catalog/catalog.types';
import { selectLivestreams, selectLivestreamsFailed, selectLivestreamsLoading } from '@/machines/catalog/catalog.selectors';
import { livestreamsScreen } from '@/machines/catalog/catalog.actors';
import { loadAtStart } from '@/machines/shared/resource';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadError } from '@/views/components/load-error';
import { Skeleton, SkeletonCard, SkeletonMedia, livestreamSections } from '@/views/catalog/detail-page-parts';
import { PageLayout } from '@/views/layout/page-layout';
import { ButtonLink } from '@/views/layout/button';
import { itemPath } from '@/views/catalog/item-card';
import { LivestreamTime } from '@/views/catalog/livestream-time';
import * as styles from '@/views/catalog/detail-pages.css';

// Livestreams: the session on air now as a hero at the top, then what is coming and the
// recordings of what was, each as a card with its picture.

function Thumb({ item, className }: { item: CatalogItemSummary; className: string }) {
  return item.thumbnailUrl ? <img className={className} src={item.thumbnailUrl} alt="" loading="lazy" /> : <span className={className} />;
}

function LiveHero({ item }: { item: CatalogItemSummary }) {
  return (
    <section className={styles.hero} aria-labelledby={`live-${item.id}`}>
      <Thumb item={item} className={styles.heroImage} />
      <div className={styles.heroBody}>
        <p className={styles.row}>
          <span className={styles.liveBadge}>Live now</span>
          <span className={styles.muted}>
            <LivestreamTime item={item} />
          </span>
        </p>
        <h2 id={`live-${item.id}`} className={styles.heroTitle}>
          {item.title}
        </h2>
        <p className={styles.muted}>{item.description}</p>
        <p>
          <ButtonLink to={itemPath(item)} tone="primary" aria-label={`Join now: ${item.title}`}>
            Join now
          </ButtonLink>
        </p>
      </div>
    </section>
  );
}

function StreamList({ items, empty, label, past }: { items: CatalogItemSummary[]; empty: ReactNode; label: string; past?: boolean }) {
  if (items.length === 0) return <div className={styles.empty}>{empty}</div>;
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={styles.streamCard}>
          <Thumb item={item} className={styles.streamImage} />
          {past && <span className={`${styles.badge} ${styles.playOverlay}`}>Recording</span>}
          <div className={styles.streamBody}>
            <h3 className={styles.streamTitle}>
              <Link className={styles.entryLink} to={itemPath(item)}>
                {item.title}
              </Link>
            </h3>
            <p className={styles.muted}>
              <LivestreamTime item={item} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function LivestreamsPage() {
  const actor = useScreenActor(livestreamsScreen, { input: loadAtStart() });
  const { retry } = useIntents(actor, resourceIntents);
  const items = useSelector(actor, selectLivestreams);
  const loading = useSelector(actor, selectLivestreamsLoading);
  const failed = useSelector(actor, selectLivestreamsFailed);
  const { live, upcoming, past } = livestreamSections(items, new Date());
  return (
    <PageLayout title="Livestreams" header={<p>Join live sessions with other educators, or watch the recordings. Times are shown in your time zone.</p>}>
      {loading && (
        <Skeleton label="Loading livestreams…">
          <SkeletonMedia />
          <SkeletonCard />
          <SkeletonCard />
        </Skeleton>
      )}
      {failed && <LoadError onRetry={retry} />}
      {!loading && !failed && (
        <>
          {live.map((item) => (
            <LiveHero key={item.id} item={item} />
          ))}
          <section className={styles.section} aria-labelledby="livestreams-upcoming">
            <h2 id="livestreams-upcoming" className={styles.sectionTitle}>
              Upcoming
            </h2>
            <StreamList
              items={upcoming}
              label="Upcoming livestreams"
              empty={
                <>
                  <p>No livestreams are scheduled right now.</p>
                  {past.length > 0 && <p className={styles.muted}>Catch up with a recording below while you wait.</p>}
                </>
              }
            />
          </section>
          <section className={styles.section} aria-labelledby="livestreams-past">
            <h2 id="livestreams-past" className={styles.sectionTitle}>
              Past
            </h2>
            <StreamList
              items={past}
              past
              label="Past livestreams"
              empty={
                <>
                  <p>No recordings yet.</p>
                  <ButtonLink to="/catalog" tone="secondary">
                    Browse strategies
                  </ButtonLink>
                </>
              }
            />
          </section>
        </>
      )}
    </PageLayout>
  );
}
