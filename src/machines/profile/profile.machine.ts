import { assertEvent, assign, emit, setup } from 'xstate';
import type { Profile } from '@/machines/shared/domain';
import { placeholderActor } from '@/machines/shared/placeholders';

// The signed-in user's profile, app-wide: loaded once, reloaded on demand, replaced after a
// save elsewhere (onboarding, personalization), forgotten at logout. It emits
// `profile.loaded` / `profile.failed`, the same events the navigation guard waits for.

export type ProfileContext = { profile: Profile | null; error: unknown };

export type ProfileEvent =
  /** Loads unless already loaded or loading. */
  | { type: 'profile.load' }
  | { type: 'profile.reload' }
  /** A save elsewhere answered the new profile: no need to fetch it again. */
  | { type: 'profile.set'; profile: Profile }
  | { type: 'profile.clear' };

export type ProfileEmitted = { type: 'profile.loaded'; profile: Profile } | { type: 'profile.failed'; error: unknown };

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as ProfileEmitted,
    tags: {} as 'loading',
  },
  actors: {
    fetchProfile: placeholderActor<Profile>('fetchProfile'),
  },
  actions: {
    assignProfile: assign({ profile: (_, params: { profile: Profile }) => params.profile, error: null }),
    assignError: assign({ error: (_, params: { error: unknown }) => params.error }),
    announceLoaded: emit((_, params: { profile: Profile }) => ({ type: 'profile.loaded' as const, profile: params.profile })),
    announceFailed: emit((_, params: { error: unknown }) => ({ type: 'profile.failed' as const, error: params.error })),
    clear: assign({ profile: null, error: null }),
  },
}).createMachine({
  id: 'profile',
  context: { profile: null, error: null },
  initial: 'idle',
  on: {
    'profile.clear': { target: '.idle', actions: 'clear' },
    'profile.set': {
      target: '.loaded',
      actions: {
        type: 'assignProfile',
        params: ({ event }) => {
          assertEvent(event, 'profile.set');
          return { profile: event.profile };
        },
      },
    },
  },
  states: {
    idle: {
      on: { 'profile.load': 'loading', 'profile.reload': 'loading' },
    },
    loading: {
      tags: 'loading',
      invoke: {
        src: 'fetchProfile',
        onDone: {
          target: 'loaded',
          actions: [
            { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) },
            { type: 'announceLoaded', params: ({ event }) => ({ profile: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    loaded: {
      on: { 'profile.reload': 'loading' },
    },
    failed: {
      on: { 'profile.load': 'loading', 'profile.reload': 'loading' },
    },
  },
});

export type ProfileMachine = typeof profileMachine;
