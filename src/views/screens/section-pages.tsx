import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useSelector } from '@xstate/react';
import { selectIsDemoUser, selectUser } from '@/machines/identity/identity.selectors';
import { COMMUNITY_CHANNEL } from '@/lib/settings';
import { useRoot } from '@/views/root-context';

// The home shell's children. The catalogue, learning, billing and usage screens are built in
// their own issues; until then each route shows where the user is and how to move on.

function Section({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <main className="stack">
      <h1>{title}</h1>
      {children}
    </main>
  );
}

export function DashboardPage() {
  const { identity } = useRoot();
  const user = useSelector(identity, selectUser);
  return (
    <Section title={user?.firstName ? `Welcome back, ${user.firstName}` : 'Welcome'}>
      <p>Find a strategy to try this week in the catalogue, or join a livestream.</p>
      <div className="actions">
        <Link className="button" to="/catalog">
          Browse the catalogue
        </Link>
        <Link to="/livestreams">See livestreams</Link>
      </div>
    </Section>
  );
}

export const CatalogPage = () => <Section title="Catalog" />;
export const LivestreamsPage = () => <Section title="Livestreams" />;
export function LivestreamPage() {
  const { publicId } = useParams();
  return <Section title="Livestream">{publicId && <p className="muted">{publicId}</p>}</Section>;
}
export function LearningObjectPage() {
  const { publicId } = useParams();
  return <Section title="Strategy">{publicId && <p className="muted">{publicId}</p>}</Section>;
}
export function PlaylistPage() {
  const { publicId } = useParams();
  return <Section title="Playlist">{publicId && <p className="muted">{publicId}</p>}</Section>;
}
export const ProfilePage = () => <Section title="Profile" />;
export const LearningPage = () => <Section title="My Learning" />;
export const BillingPage = () => <Section title="Billing" />;
export const UsagePage = () => <Section title="Educator Usage" />;

const COMMUNITY_URL = import.meta.env.VITE_COMMUNITY_URL ?? `https://community.example.org/c/${COMMUNITY_CHANNEL}`;

/** Opens the external community in a new tab (demo users never get here: the guard sends them to /). */
export function CommunityPage() {
  const { identity } = useRoot();
  const isDemo = useSelector(identity, selectIsDemoUser);
  useEffect(() => {
    if (!isDemo) window.open(COMMUNITY_URL, '_blank', 'noopener');
  }, [isDemo]);
  return (
    <Section title="Community">
      <p>
        The community opened in a new tab. If it did not,{' '}
        <a href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer">
          open the community
        </a>
        .
      </p>
    </Section>
  );
}
