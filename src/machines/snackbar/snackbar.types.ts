/** Spec §9: a snackbar stays 2000 ms unless told otherwise; one may start every 2500 ms. */
export const SNACKBAR_TIMEOUT_MS = 2000;
export const SNACKBAR_THROTTLE_MS = 2500;

export type SnackbarVariant = 'success' | 'error';

export type SnackbarRequest = {
  message: string;
  variant: SnackbarVariant;
  /** How long it stays, in ms (default 2000). */
  timeout?: number;
  /** Offers a close button. */
  closable?: boolean;
};

export type SnackbarMessage = Required<SnackbarRequest> & {
  /** Tells two equal messages apart (React key, screen readers re-announce). */
  id: number;
};

export type SnackbarContext = {
  queue: SnackbarMessage[];
  /** The message on screen; null between messages. */
  current: SnackbarMessage | null;
  nextId: number;
};

export type SnackbarEvent = ({ type: 'snackbar.enqueue' } & SnackbarRequest) | { type: 'snackbar.close' };
