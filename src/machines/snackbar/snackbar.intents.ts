import type { SnackbarEvent, SnackbarRequest } from './snackbar.types';

/** What actors' effects and the snackbar host ask of the app-wide snackbar. */
export const snackbarIntents = (send: (event: SnackbarEvent) => void) => ({
  show: (request: SnackbarRequest) => send({ type: 'snackbar.enqueue', ...request }),
  close: () => send({ type: 'snackbar.close' }),
});
