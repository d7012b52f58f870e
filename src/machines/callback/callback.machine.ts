import { setup } from 'xstate';
import { placeholderAction, placeholderCallback } from '@/machines/shared/placeholders';

// /callback when the provider's answer could not be used (spec §2): 'Something went wrong.',
// then after 7 seconds 'Redirecting to login...' and the logout, at once (spec §9: the wait is
// 7,000 ms; the notice shows while the logout takes the visitor to the sign-in page).

/** Spec §9: callback logout wait. */
export const CALLBACK_LOGOUT_DELAY_MS = 7000;

export type CallbackEvent = { type: 'callback.failed' } | { type: 'callback.succeeded' };

export const callbackMachine = setup({
  types: {
    events: {} as CallbackEvent,
  },
  actors: {
    /** Reports `callback.failed` once the sign-in this page returned from could not be completed. */
    watchSignIn: placeholderCallback<CallbackEvent>('watchSignIn'),
  },
  actions: {
    logout: placeholderAction('logout'),
  },
  delays: { logoutDelay: CALLBACK_LOGOUT_DELAY_MS },
}).createMachine({
  id: 'callback',
  initial: 'waiting',
  states: {
    /** The auth actor is handling the provider's answer. */
    waiting: {
      invoke: { src: 'watchSignIn' },
      on: { 'callback.failed': 'failed', 'callback.succeeded': 'done' },
    },
    failed: { after: { logoutDelay: 'redirecting' } },
    redirecting: { entry: 'logout' },
    done: { type: 'final' },
  },
});

export type CallbackMachine = typeof callbackMachine;
