import type { SnapshotFrom } from 'xstate';
import type { SnackbarMachine } from '@/machines/snackbar/snackbar.machine';
import type { SnackbarMessage } from '@/machines/snackbar/snackbar.types';

type SnackbarSnapshot = SnapshotFrom<SnackbarMachine>;

/** The message on screen, or null. */
export const selectSnackbar = (snapshot: SnackbarSnapshot): SnackbarMessage | null => snapshot.context.current;
export const selectQueuedCount = (snapshot: SnackbarSnapshot): number => snapshot.context.queue.length;
