import type { SnapshotFrom } from 'xstate';
import type { NavigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';

type NavigationProgressSnapshot = SnapshotFrom<NavigationProgressMachine>;

/** The navigation has taken longer than 300 ms and is still going. */
export const selectIsIndicatorVisible = (snapshot: NavigationProgressSnapshot): boolean => snapshot.hasTag('visible');
