import { enqueueActions, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import { authMachine } from '@/machines/auth/auth.machine';
import type { AuthInput } from '@/machines/auth/auth.types';
import { identityMachine } from '@/machines/identity/identity.machine';
import type { IdentityEvent } from '@/machines/identity/identity.types';
import { onboardingMachine } from '@/machines/onboarding/onboarding.machine';
import { personalizeMachine } from '@/machines/personalize/personalize.machine';
import { profileMachine, type ProfileEvent } from '@/machines/profile/profile.machine';
import type { Profile, User } from '@/machines/shared/domain';
import { subscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { referenceDataMachine } from '@/machines/reference-data/reference-data.machine';
import { emailVerificationMachine } from '@/machines/email-verification/email-verification.machine';
import { callbackMachine } from '@/machines/callback/callback.machine';
import { snackbarMachine } from '@/machines/snackbar/snackbar.machine';
import { flagsMachine } from '@/machines/flags/flags.machine';
import { navigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';
import { integrationsMachine } from '@/machines/integrations/integrations.machine';
import type { SnackbarEvent } from '@/machines/snackbar/snackbar.types';
import type { FlagsEvent } from '@/machines/flags/flags.types';
import { progressMachine } from '@/machines/progress/progress.machine';
import { learnerEventsMachine } from '@/machines/learner-events/learner-events.machine';

// The one actor system of the app (DESIGN.md): long-lived children with systemIds, plus the
// screen actors it spawns on request. How the children talk to each other is wired here,
// without effects; the effects (API, provider, storage, navigation) are supplied in
// root.actors.ts.

export const SYSTEM_IDS = {
  auth: 'auth',
  identity: 'identity',
  profile: 'profile',
  subscriptions: 'subscriptions',
  onboarding: 'onboarding',
  personalize: 'personalize',
  referenceData: 'referenceData',
  emailVerification: 'emailVerification',
  callback: 'callback',
  snackbar: 'snackbar',
  flags: 'flags',
  navigationProgress: 'navigationProgress',
  integrations: 'integrations',
  progress: 'progress',
  learnerEvents: 'learnerEvents',
} as const;

const identifyFlags = (userId: string | null): FlagsEvent => ({ type: 'flags.identify', userId });

/**
 * Auth tells identity who signed in (and the flags client, whose experiments are per user), and
 * resets everything user-specific at logout. A sign-in the visitor just made on this page (local
 * login or demo start: a local session with somewhere to go) is confirmed with a snackbar; a
 * session restored at page load is not.
 */
export const systemAuthMachine = authMachine.provide({
  actions: {
    announceUser: enqueueActions(({ context, enqueue, system }, params: { user: User }) => {
      const loaded: IdentityEvent = { type: 'identity.loaded', user: params.user };
      enqueue.sendTo(system.get(SYSTEM_IDS.identity), loaded);
      enqueue.sendTo(system.get(SYSTEM_IDS.flags), identifyFlags(params.user.id));
      if (context.session === 'local' && context.returnTo !== null) {
        const signedIn: SnackbarEvent = { type: 'snackbar.enqueue', message: 'Signed in', variant: 'success' };
        enqueue.sendTo(system.get(SYSTEM_IDS.snackbar), signedIn);
      }
    }),
    announceSignedOut: enqueueActions(({ enqueue, system }) => {
      enqueue.sendTo(system.get(SYSTEM_IDS.flags), identifyFlags(null));
      enqueue.sendTo(system.get(SYSTEM_IDS.identity), { type: 'identity.cleared' });
      enqueue.sendTo(system.get(SYSTEM_IDS.profile), { type: 'profile.clear' });
      enqueue.sendTo(system.get(SYSTEM_IDS.subscriptions), { type: 'subscriptions.clear' });
      enqueue.sendTo(system.get(SYSTEM_IDS.progress), { type: 'progress.clear' });
    }),
  },
});

/** A saved onboarding updates the shared profile and the user's completedOnboarding flag. */
export const systemOnboardingMachine = onboardingMachine.provide({
  actions: {
    announceSaved: enqueueActions(({ enqueue, system }, params: { profile: Profile }) => {
      const profileSet: ProfileEvent = { type: 'profile.set', profile: params.profile };
      enqueue.sendTo(system.get(SYSTEM_IDS.profile), profileSet);
      enqueue.sendTo(system.get(SYSTEM_IDS.identity), { type: 'identity.onboardingCompleted' });
    }),
  },
});

/** A saved personalization updates the shared profile (demo users are gated on it). */
export const systemPersonalizeMachine = personalizeMachine.provide({
  actions: {
    announceSaved: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.profile),
      (_, params: { profile: Profile }) => ({ type: 'profile.set', profile: params.profile }),
    ),
  },
});

/** A verified e-mail makes the signed-in user's `verified` flag true. */
export const systemEmailVerificationMachine = emailVerificationMachine.provide({
  actions: {
    announceVerified: sendTo(({ system }) => system.get(SYSTEM_IDS.identity), { type: 'identity.emailVerified' }),
  },
});

/** A failed provider callback ends in a logout (spec §2 /callback). */
export const systemCallbackMachine = callbackMachine.provide({
  actions: {
    logout: sendTo(({ system }) => system.get(SYSTEM_IDS.auth), { type: 'auth.logout' }),
  },
});

export type ScreenName = 'onboarding' | 'personalize' | 'emailVerification' | 'callback';

export type RootInput = { auth?: AuthInput };

export type RootEvent =
  /** A screen mounts: (re)start its actor, prefilled from the shared profile. */
  | { type: 'screen.open'; screen: ScreenName; token?: string }
  /** A screen unmounts: stop its actor. */
  | { type: 'screen.close'; screen: ScreenName };

export type AuthRef = ActorRefFrom<typeof systemAuthMachine>;
export type IdentityRef = ActorRefFrom<typeof identityMachine>;
export type ProfileRef = ActorRefFrom<typeof profileMachine>;
export type SubscriptionsRef = ActorRefFrom<typeof subscriptionsMachine>;
export type OnboardingRef = ActorRefFrom<typeof systemOnboardingMachine>;
export type PersonalizeRef = ActorRefFrom<typeof systemPersonalizeMachine>;
export type ReferenceDataRef = ActorRefFrom<typeof referenceDataMachine>;
export type EmailVerificationRef = ActorRefFrom<typeof systemEmailVerificationMachine>;
export type CallbackRef = ActorRefFrom<typeof systemCallbackMachine>;
export type SnackbarRef = ActorRefFrom<typeof snackbarMachine>;
export type FlagsRef = ActorRefFrom<typeof flagsMachine>;
export type NavigationProgressRef = ActorRefFrom<typeof navigationProgressMachine>;
export type IntegrationsRef = ActorRefFrom<typeof integrationsMachine>;
export type ProgressRef = ActorRefFrom<typeof progressMachine>;
export type LearnerEventsRef = ActorRefFrom<typeof learnerEventsMachine>;

export type RootContext = {
  auth: AuthRef;
  identity: IdentityRef;
  profile: ProfileRef;
  subscriptions: SubscriptionsRef;
  referenceData: ReferenceDataRef;
  snackbar: SnackbarRef;
  flags: FlagsRef;
  navigationProgress: NavigationProgressRef;
  integrations: IntegrationsRef;
  progress: ProgressRef;
  learnerEvents: LearnerEventsRef;
};

export const rootMachine = setup({
  types: {
    context: {} as RootContext,
    events: {} as RootEvent,
    input: {} as RootInput | undefined,
    children: {} as {
      auth: 'auth';
      identity: 'identity';
      profile: 'profile';
      subscriptions: 'subscriptions';
      onboarding: 'onboarding';
      personalize: 'personalize';
      referenceData: 'referenceData';
      emailVerification: 'emailVerification';
      callback: 'callback';
      snackbar: 'snackbar';
      flags: 'flags';
      navigationProgress: 'navigationProgress';
      integrations: 'integrations';
      progress: 'progress';
      learnerEvents: 'learnerEvents';
    },
  },
  actors: {
    auth: systemAuthMachine,
    identity: identityMachine,
    profile: profileMachine,
    subscriptions: subscriptionsMachine,
    onboarding: systemOnboardingMachine,
    personalize: systemPersonalizeMachine,
    referenceData: referenceDataMachine,
    emailVerification: systemEmailVerificationMachine,
    callback: systemCallbackMachine,
    snackbar: snackbarMachine,
    flags: flagsMachine,
    navigationProgress: navigationProgressMachine,
    integrations: integrationsMachine,
    progress: progressMachine,
    learnerEvents: learnerEventsMachine,
  },
  actions: {
    openScreen: enqueueActions(({ enqueue, context, event, self }) => {
      if (event.type !== 'screen.open') return;
      // Opening again starts over, from what the profile holds now.
      if (self.getSnapshot().children[event.screen]) enqueue.stopChild(event.screen);
      const profile = context.profile.getSnapshot().context.profile;
      if (event.screen === 'onboarding') {
        enqueue.spawnChild('onboarding', { id: 'onboarding', systemId: SYSTEM_IDS.onboarding, input: { profile } });
      } else if (event.screen === 'personalize') {
        enqueue.spawnChild('personalize', { id: 'personalize', systemId: SYSTEM_IDS.personalize, input: { profile } });
      } else if (event.screen === 'emailVerification') {
        enqueue.spawnChild('emailVerification', {
          id: 'emailVerification',
          systemId: SYSTEM_IDS.emailVerification,
          input: { token: event.token ?? '' },
        });
      } else {
        enqueue.spawnChild('callback', { id: 'callback', systemId: SYSTEM_IDS.callback });
      }
    }),
    closeScreen: stopChild(({ event }) => event.screen),
  },
}).createMachine({
  id: 'root',
  // Whatever auth announces to exists before it starts; integrations watches identity and
  // profile, so it comes after them.
  context: ({ spawn, input }) => ({
    snackbar: spawn('snackbar', { id: 'snackbar', systemId: SYSTEM_IDS.snackbar }),
    flags: spawn('flags', { id: 'flags', systemId: SYSTEM_IDS.flags }),
    navigationProgress: spawn('navigationProgress', { id: 'navigationProgress', systemId: SYSTEM_IDS.navigationProgress }),
    identity: spawn('identity', { id: 'identity', systemId: SYSTEM_IDS.identity }),
    profile: spawn('profile', { id: 'profile', systemId: SYSTEM_IDS.profile }),
    subscriptions: spawn('subscriptions', { id: 'subscriptions', systemId: SYSTEM_IDS.subscriptions }),
    referenceData: spawn('referenceData', { id: 'referenceData', systemId: SYSTEM_IDS.referenceData }),
    integrations: spawn('integrations', { id: 'integrations', systemId: SYSTEM_IDS.integrations }),
    progress: spawn('progress', { id: 'progress', systemId: SYSTEM_IDS.progress, input: {} }),
    learnerEvents: spawn('learnerEvents', { id: 'learnerEvents', systemId: SYSTEM_IDS.learnerEvents, input: {} }),
    auth: spawn('auth', { id: 'auth', systemId: SYSTEM_IDS.auth, input: input?.auth }),
  }),
  on: {
    'screen.open': { actions: 'openScreen' },
    'screen.close': { actions: 'closeScreen' },
  },
});

export type RootMachine = typeof rootMachine;
