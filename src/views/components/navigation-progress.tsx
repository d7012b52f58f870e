import { useSelector } from '@xstate/react';
import { selectIsIndicatorVisible } from '@/machines/navigation-progress/navigation-progress.selectors';
import { useRoot } from '@/views/root-context';
import * as styles from '@/views/components/navigation-progress.css';

/** A thin bar at the top while a navigation takes longer than 300 ms (spec §2). */
export function NavigationProgress() {
  const { navigationProgress } = useRoot();
  const visible = useSelector(navigationProgress, selectIsIndicatorVisible);
  if (!visible) return null;
  return (
    <div className={styles.track} role="progressbar" aria-label="Loading page">
      <div className={styles.bar} />
    </div>
  );
}
