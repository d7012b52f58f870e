import type { SnapshotFrom } from 'xstate';
import type { ConnectivityMachine } from '@/machines/connectivity/connectivity.machine';

/** The browser says it has no network: the offline banner is on screen. */
export const selectIsOffline = (snapshot: SnapshotFrom<ConnectivityMachine>): boolean => snapshot.hasTag('offline');
