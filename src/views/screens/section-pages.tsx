import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { selectIsDemoUser } from '@/machines/identity/identity.selectors';
import { COMMUNITY_CHANNEL } from '@/lib/settings';
import { useRoot } from '@/views/root-context';
import { PageLayout } from '@/views/layout/page-layout';

// The home shell's children still to be built in their own issues (profile, my learning,
// billing, usage), and the community link.

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
