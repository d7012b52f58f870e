import { Link } from 'react-router';
import { useSelector } from '@xstate/react';
import type { CatalogItemSummary } from '@/machines/catalog/catalog.types';
import { selectLivestreams, selectLivestreamsFailed, selectLivestreamsLoading, splitLivestreams } from '@/machines/catalog/catalog.selectors';
import { livestreamsScreen } from '@/machines/catalog/catalog.actors';
import { loadAtStart } from '@/machines/shared/resource';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadError } from '@/views/components/load-error';
import { PageLayout } from '@/views/layout/page-layout';
import { BaseCard } from '@/views/layout/base-card';
import { Loading } from '@/views/catalog/item-list';
import { itemPath } from '@/views/catalog/item-card';
import { LiveBadge, LivestreamTime } from '@/views/catalog/livestream-time';
import * as styles from '@/views/catalog/catalog.css';

function StreamList({ items, now, empty, label }: { items: CatalogItemSummary[]; now: Date; empty: string; label: string }) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <BaseCard>
            <h3 className={styles.cardTitle}>
              <Link className={styles.cardLink} to={itemPath(item)}>
                {item.title}
              </Link>
            </h3>
            <p className={styles.meta}>
              <LiveBadge item={item} now={now} />
              <LivestreamTime item={item} />
            </p>
          </BaseCard>
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
  const now = new Date();
  const { upcoming, past } = splitLivestreams(items, now);
  return (
    <PageLayout title="Livestreams" header={<p className="muted">Times are shown in your time zone.</p>}>
      {loading && <Loading label="Loading livestreams…" />}
      {failed && <LoadError onRetry={retry} />}
      {!loading && !failed && (
        <>
          <section className={styles.section} aria-labelledby="livestreams-upcoming">
            <h2 id="livestreams-upcoming" className={styles.sectionTitle}>
              Upcoming
            </h2>
            <StreamList items={upcoming} now={now} label="Upcoming livestreams" empty="No livestreams are scheduled right now." />
          </section>
          <section className={styles.section} aria-labelledby="livestreams-past">
            <h2 id="livestreams-past" className={styles.sectionTitle}>
              Past
            </h2>
            <StreamList items={past} now={now} label="Past livestreams" empty="No recordings yet." />
          </section>
        </>
      )}
    </PageLayout>
  );
}
