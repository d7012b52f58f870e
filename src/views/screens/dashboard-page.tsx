import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { selectUser } from '@/machines/identity/identity.selectors';
import { dashboardScreen } from '@/machines/catalog/catalog.actors';
import { continueItem, selectDashboardFailed, selectDashboardLists, selectDashboardLoading } from '@/machines/catalog/catalog.selectors';
import { loadAtStart } from '@/machines/shared/resource';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { useRoot } from '@/views/root-context';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadError } from '@/views/components/load-error';
import { PageLayout } from '@/views/layout/page-layout';
import { ButtonLink } from '@/views/layout/button';
import { ItemList, Loading } from '@/views/catalog/item-list';
import { ItemCard, itemPath } from '@/views/catalog/item-card';
import * as styles from '@/views/catalog/catalog.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `dashboard-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function DashboardPage() {
  const { identity } = useRoot();
  const user = useSelector(identity, selectUser);
  const actor = useScreenActor(dashboardScreen, { input: loadAtStart() });
  const { retry } = useIntents(actor, resourceIntents);
  const lists = useSelector(actor, selectDashboardLists);
  const loading = useSelector(actor, selectDashboardLoading);
  const failed = useSelector(actor, selectDashboardFailed);
  const resume = lists ? continueItem(lists.inProgress, lists.progress) : null;

  return (
    <PageLayout
      title={user?.firstName ? `Welcome back, ${user.firstName}` : 'Welcome'}
      titleSlot={<ButtonLink to="/catalog">Browse the catalogue</ButtonLink>}
    >
      {loading && <Loading label="Loading your dashboard…" />}
      {failed && <LoadError onRetry={retry} />}
      {lists && (
        <>
          {resume && (
            <Section title="Continue where you left off">
              <ItemCard item={resume} />
              <p>
                <ButtonLink to={itemPath(resume)} aria-label={`Continue ${resume.title}`}>
                  Continue
                </ButtonLink>
              </p>
            </Section>
          )}
          <Section title="In progress">
            <ItemList items={lists.inProgress} progress={lists.progress} empty="Nothing in progress yet: start a strategy from the catalogue." />
          </Section>
          <Section title="Featured">
            <ItemList items={lists.featured} empty="No featured items right now." />
          </Section>
          <Section title="Recommended for you">
            <ItemList items={lists.recommended} empty="No recommendations yet." />
          </Section>
          <Section title="Recommended playlists">
            <ItemList items={lists.recommendedPlaylists} empty="No playlists to recommend yet." />
          </Section>
          <Section title="New">
            <ItemList items={lists.newItems} empty="Nothing new this week." />
          </Section>
        </>
      )}
    </PageLayout>
  );
}
