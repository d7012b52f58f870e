import { assertEvent, assign, setup } from 'xstate';
import type { IdentityContext, IdentityEvent } from '@/machines/identity/identity.types';

// Spec §4 "Identity state": who is signed in, as the rest of the app reads it. The auth machine
// loads the user and announces it here; identity itself has no effects.

export const identityMachine = setup({
  types: {
    context: {} as IdentityContext,
    events: {} as IdentityEvent,
  },
  actions: {
    assignUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'identity.loaded');
        return event.user;
      },
      isInitialized: true,
      isAppLoading: false,
    }),
    clearUser: assign({ user: null, isInitialized: true, isAppLoading: false }),
    markVerified: assign({ user: ({ context }) => (context.user ? { ...context.user, verified: true } : null) }),
    markOnboarded: assign({
      user: ({ context }) => (context.user ? { ...context.user, completedOnboarding: true } : null),
    }),
    assignAppLoading: assign({
      isAppLoading: ({ event }) => {
        assertEvent(event, 'identity.appLoading');
        return event.isAppLoading;
      },
    }),
  },
}).createMachine({
  id: 'identity',
  context: { user: null, isInitialized: false, isAppLoading: true },
  initial: 'unknown',
  on: {
    'identity.appLoading': { actions: 'assignAppLoading' },
  },
  states: {
    unknown: {
      on: {
        'identity.loaded': { target: 'signedIn', actions: 'assignUser' },
        'identity.cleared': { target: 'anonymous', actions: 'clearUser' },
      },
    },
    signedIn: {
      on: {
        'identity.loaded': { target: 'signedIn', actions: 'assignUser' },
        'identity.cleared': { target: 'anonymous', actions: 'clearUser' },
        'identity.emailVerified': { actions: 'markVerified' },
        'identity.onboardingCompleted': { actions: 'markOnboarded' },
      },
    },
    anonymous: {
      on: {
        'identity.loaded': { target: 'signedIn', actions: 'assignUser' },
        'identity.cleared': { actions: 'clearUser' },
      },
    },
  },
});

export type IdentityMachine = typeof identityMachine;
