import type { SnapshotFrom } from 'xstate';
import type { CallbackMachine } from './callback.machine';

type CallbackSnapshot = SnapshotFrom<CallbackMachine>;

/** Still waiting for the sign-in to finish (it leaves this page when it succeeds). */
export const selectIsWaiting = (s: CallbackSnapshot): boolean => s.matches('waiting');
/** 'Redirecting to login...' is up (spec §2, after the 7-second wait). */
export const selectIsRedirecting = (s: CallbackSnapshot): boolean => s.matches('redirecting');
