import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ReplaceWith } from '@/views/components/replace-with';
import { EXPLORER_PLAYLIST_ID, PLAY_VIDEO_PARAM, START_HERE_PATH } from '@/lib/explorer';
import { Link } from '@/views/components/link';
import { useSelector } from '@xstate/react';
import { selectUser } from '@/machines/identity/identity.selectors';
import { dashboardScreen } from '@/machines/catalog/catalog.actors';
import {
  dashboardGreeting,
  elementTitle,
  progressPercent,
  selectDashboard,
  selectDashboardFailed,
  selectDashboardLoading,
} from '@/machines/catalog/catalog.selectors';
import type { CatalogItemSummary, ItemProgress } from '@/machines/catalog/catalog.types';
import { loadAtStart } from '@/machines/shared/resource';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { useRoot } from '@/views/root-context';
import { useIntents } from '@/views/hooks/use-intents';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { EmptyState } from '@/views/components/empty-state';
import { LoadError } from '@/views/components/load-error';
import { Skeleton, SkeletonBlock, SkeletonCard } from '@/views/components/skeleton';
import { PageLayout } from '@/views/layout/page-layout';
import { ButtonLink } from '@/views/layout/button';
import { ItemList } from '@/views/catalog/item-list';
import { TYPE_LABELS, itemPath } from '@/views/catalog/item-card';
import * as catalogStyles from '@/views/catalog/catalog.css';
import * as styles from '@/views/screens/dashboard-page.css';

// The learner's home: what to continue, the rest of what they started, and what to start next.
// Which item goes where is decided in the dashboard's actor (arrangeDashboard), from progress.

function Section({ title, more, children }: { title: string; more?: { to: string; label: string }; children: ReactNode }) {
  const id = `dashboard-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {more && (
          <Link className={styles.seeAll} to={more.to}>
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function progressText(item: CatalogItemSummary, progress: ItemProgress | null): string {
  const percent = progressPercent(item, progress ?? undefined);
  if (item.resourceType === 'LEARNING_OBJECT') return `${Math.round((percent / 100) * 5)} of 5 steps done`;
  return `${percent}% watched`;
}

function ContinueCard({ item, progress }: { item: CatalogItemSummary; progress: ItemProgress | null }) {
  const { nasotItems } = useReferenceData();
  const element = elementTitle(item.nasotItemIds, nasotItems);
  const percent = progressPercent(item, progress ?? undefined);
  const text = progressText(item, progress);
  return (
    <article className={styles.resume} aria-labelledby="continue-title">
      {item.thumbnailUrl ? <img className={styles.thumb} src={item.thumbnailUrl} alt="" width={480} height={270} fetchPriority="high" /> : <span className={styles.thumb} />}
      <div className={styles.resumeBody}>
        <p className={styles.resumeMeta}>
          <span className={catalogStyles.badge}>{TYPE_LABELS[item.resourceType]}</span>
          {element && <span>{element}</span>}
        </p>
        <h3 id="continue-title" className={styles.resumeTitle}>
          {item.title}
        </h3>
        <div className={styles.meter}>
          <span className={styles.meterLabel}>{text}</span>
          <span className={styles.track} role="progressbar" aria-label={`Progress on ${item.title}`} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-valuetext={text}>
            <span className={styles.fill} style={{ width: `${percent}%` }} />
          </span>
        </div>
        <div className={styles.actions}>
          <ButtonLink to={itemPath(item)} aria-label={`Continue ${item.title}`}>
            Continue
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}

function DashboardSkeleton() {
  return (
    <Skeleton label="Loading your dashboard…">
      <div className={styles.skeletonResume}>
        <SkeletonBlock height="10rem" radius="10px" />
        <div className={styles.skeletonLines}>
          <SkeletonBlock width="30%" />
          <SkeletonBlock width="75%" height="1.5rem" />
          <SkeletonBlock width="50%" height="0.5rem" />
          <SkeletonBlock width="8rem" height="2.75rem" />
        </div>
      </div>
      <SkeletonBlock width="12rem" height="1.5rem" />
      <div className={catalogStyles.grid}>
        <SkeletonCard media={false} />
        <SkeletonCard media={false} />
        <SkeletonCard media={false} />
      </div>
    </Skeleton>
  );
}

const browse = <ButtonLink to="/catalog">Browse the catalogue</ButtonLink>;

/** The home shell's `?playVideo=true` (spec §2) plays the explorer playlist's next entry. */
export function DashboardPage() {
  const [search] = useSearchParams();
  if (search.get(PLAY_VIDEO_PARAM) === 'true') return <ReplaceWith to={`/playlists/${encodeURIComponent(EXPLORER_PLAYLIST_ID)}?${PLAY_VIDEO_PARAM}=true`} />;
  return <Dashboard />;
}

function Dashboard() {
  const { identity } = useRoot();
  const user = useSelector(identity, selectUser);
  const actor = useScreenActor(dashboardScreen, { input: loadAtStart() });
  const { retry } = useIntents(actor, resourceIntents);
  const view = useSelector(actor, selectDashboard);
  const loading = useSelector(actor, selectDashboardLoading);
  const failed = useSelector(actor, selectDashboardFailed);

  return (
    <PageLayout
      title={dashboardGreeting(user)}
      titleSlot={<ButtonLink tone="secondary" to="/catalog">Browse the catalogue</ButtonLink>}
      header={<p className={styles.intro}>Pick up where you left off, or find your next strategy.</p>}
    >
      {loading && !view && <DashboardSkeleton />}
      {failed && <LoadError onRetry={retry} />}
      {view && (
        <>
          <Section title="Continue where you left off" more={{ to: '/learning', label: 'See all in My learning' }}>
            {view.resume ? (
              <ContinueCard item={view.resume.item} progress={view.resume.progress} />
            ) : (
              <EmptyState
                title="Nothing in progress yet"
                action={
                  <div className={styles.actions}>
                    <ButtonLink to={START_HERE_PATH}>Start here</ButtonLink>
                    <ButtonLink tone="secondary" to="/catalog">
                      Browse the catalogue
                    </ButtonLink>
                  </div>
                }
              >
                Start with the first video of our starter playlist, or pick a strategy from the catalogue: the one you touched last waits for you here.
              </EmptyState>
            )}
          </Section>
          {view.inProgress.length > 0 && (
            <Section title="In progress">
              <ItemList items={view.inProgress} progress={view.progress} empty="" shelf />
            </Section>
          )}
          <Section title="Recommended for you">
            {view.recommended.length ? (
              <ItemList items={view.recommended} progress={view.progress} empty="" shelf />
            ) : (
              <EmptyState title="No recommendations yet" action={<ButtonLink to="/profile">Choose your interests</ButtonLink>}>
                Recommendations follow the interests and audience in your profile.
              </EmptyState>
            )}
          </Section>
          <Section title="Recommended playlists" more={{ to: '/catalog?type=PLAYLIST', label: 'All playlists' }}>
            {view.recommendedPlaylists.length ? (
              <ItemList items={view.recommendedPlaylists} progress={view.progress} empty="" shelf />
            ) : (
              <EmptyState title="No playlists to suggest right now" action={<ButtonLink to="/catalog?type=PLAYLIST">Browse playlists</ButtonLink>} />
            )}
          </Section>
          <Section title="Featured">
            {view.featured.length ? (
              <ItemList items={view.featured} progress={view.progress} empty="" shelf />
            ) : (
              <EmptyState title="Nothing featured that you haven't done" action={browse} />
            )}
          </Section>
          <Section title="New">
            {view.newItems.length ? (
              <ItemList items={view.newItems} progress={view.progress} empty="" shelf />
            ) : (
              <EmptyState title="Nothing new since you last looked" action={browse} />
            )}
          </Section>
        </>
      )}
    </PageLayout>
  );
}
