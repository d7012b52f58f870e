import { COMMUNITY_URL } from '@/lib/settings';
import { communityScreen } from '@/machines/community/community.actors';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { PageLayout } from '@/views/layout/page-layout';

// The community link.

/** Opens the external community in a new tab (demo users never get here: the guard sends them to /). */
export function CommunityPage() {
  useScreenActor(communityScreen);
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
