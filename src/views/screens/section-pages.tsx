import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useSelector } from '@xstate/react';
import { selectIsDemoUser, selectUser } from '@/machines/identity/identity.selectors';
import { COMMUNITY_CHANNEL } from '@/lib/settings';
import { useRoot } from '@/views/root-context';
import { PageLayout } from '@/views/layout/page-layout';
import { BaseCard } from '@/views/layout/base-card';
import { ButtonLink } from '@/views/layout/button';
import * as styles from '@/views/screens/section-pages.css';

// The home shell's children. The catalogue, learning, billing and usage screens are built in
// their own issues; until then each route shows where the user is and how to move on.

export function DashboardPage() {
  const { identity } = useRoot();
  const user = useSelector(identity, selectUser);
  return (
    <PageLayout
      title={user?.firstName ? `Welcome back, ${user.firstName}` : 'Welcome'}
      header={<p>Find a strategy to try this week in the catalogue, or join a livestream.</p>}
    >
      <div className={styles.cards}>
        <BaseCard title="Strategy catalogue" actions={<ButtonLink to="/catalog">Browse the catalogue</ButtonLink>}>
          <p className="muted">Short classroom videos, rubrics and reproducibles, searchable by element and audience.</p>
        </BaseCard>
        <BaseCard title="Livestreams" actions={<Link to="/livestreams">See livestreams</Link>}>
          <p className="muted">Join coaches live, or catch up on recordings at your own pace.</p>
        </BaseCard>
      </div>
    </PageLayout>
  );
}

export const CatalogPage = () => <PageLayout title="Catalog" />;
export const LivestreamsPage = () => <PageLayout title="Livestreams" />;
export function LivestreamPage() {
  const { publicId } = useParams();
  return <PageLayout title="Livestream" header={publicId && <p className="muted">{publicId}</p>} />;
}
export function LearningObjectPage() {
  const { publicId } = useParams();
  return <PageLayout title="Strategy" header={publicId && <p className="muted">{publicId}</p>} />;
}
export function PlaylistPage() {
  const { publicId } = useParams();
  return <PageLayout title="Playlist" header={publicId && <p className="muted">{publicId}</p>} />;
}
export const ProfilePage = () => <PageLayout title="Profile" />;
export const LearningPage = () => <PageLayout title="My Learning" />;
export const BillingPage = () => <PageLayout title="Billing" />;
export const UsagePage = () => <PageLayout title="Educator Usage" />;

const COMMUNITY_URL = import.meta.env.VITE_COMMUNITY_URL ?? `https://community.example.org/c/${COMMUNITY_CHANNEL}`;

/** Opens the external community in a new tab (demo users never get here: the guard sends them to /). */
export function CommunityPage() {
  const { identity } = useRoot();
  const isDemo = useSelector(identity, selectIsDemoUser);
  useEffect(() => {
    if (!isDemo) window.open(COMMUNITY_URL, '_blank', 'noopener');
  }, [isDemo]);
  return (
    <PageLayout
      title="Community"
      header={
        <p>
          The community opened in a new tab. If it did not,{' '}
          <a href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer">
            open the community
          </a>
          .
        </p>
      }
    />
  );
}
