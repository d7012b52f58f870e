import { useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { selectUser } from '@/machines/identity/identity.selectors';
import { continueItem, selectDashboardFailed, selectDashboardLists, selectDashboardLoading } from '@/machines/catalog/catalog.selectors';
import { useRoot } from '@/views/root-context';
import { PageLayout } from '@/views/layout/page-layout';
import { Button, ButtonLink } from '@/views/layout/button';
import { useDashboardActor } from '@/views/catalog/use-screen-actor';
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
  const { identity, referenceData } = useRoot();
  const user = useSelector(identity, selectUser);
  const actor = useDashboardActor();
  const lists = useSelector(actor, selectDashboardLists);
  const loading = useSelector(actor, selectDashboardLoading);
  const failed = useSelector(actor, selectDashboardFailed);
  // Cards name their framework element, which comes from the shared reference data.
  useEffect(() => referenceData.send({ type: 'referenceData.load' }), [referenceData]);
  const resume = lists ? continueItem(lists.inProgress, lists.progress) : null;

  return (
    <PageLayout
      title={user?.firstName ? `Welcome back, ${user.firstName}` : 'Welcome'}
      titleSlot={<ButtonLink to="/catalog">Browse the catalogue</ButtonLink>}
    >
      {loading && <Loading label="Loading your dashboard…" />}
      {failed && (
        <div role="alert">
          <p className="error">Something went wrong, please try again later</p>
          <Button onClick={() => actor.send({ type: 'dashboard.retry' })}>Try again</Button>
        </div>
      )}
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
