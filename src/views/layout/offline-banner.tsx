import { useSelector } from '@xstate/react';
import { connectivityInput, connectivityScreen } from '@/machines/connectivity/connectivity.actors';
import { selectIsOffline } from '@/machines/connectivity/connectivity.selectors';
import { Link } from '@/views/components/link';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import * as styles from '@/views/layout/offline-banner.css';

/**
 * Says what works while the browser is offline. The status region is always in the page (empty
 * while online) so screen readers announce the message when it appears.
 */
export function OfflineBanner() {
  const connectivity = useScreenActor(connectivityScreen, { input: connectivityInput() });
  const offline = useSelector(connectivity, selectIsOffline);
  return (
    <div className={styles.banner} role="status">
      {offline ? (
        <p>
          <span className={styles.title}>You are offline.</span> Pages you opened recently show as you last saw them, and{' '}
          <Link to="/learning#saved-for-offline">strategies saved for offline</Link> play in full. Your progress, ratings, rubric scores and
          applied strategies are sent when you are back. Other pages need a connection.
        </p>
      ) : null}
    </div>
  );
}
