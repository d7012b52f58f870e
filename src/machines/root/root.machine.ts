import { enqueueActions, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import { authMachine } from '@/machines/auth/auth.machine';
import type { AuthInput } from '@/machines/auth/auth.types';
import { identityMachine } from '@/machines/identity/identity.machine';
import { onboardingMachine } from '@/machines/onboarding/onboarding.machine';
import { personalizeMachine } from '@/machines/personalize/personalize.machine';
import { profileMachine, type ProfileEvent } from '@/machines/profile/profile.machine';
import type { Profile, User } from '@/machines/shared/domain';
import { subscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { referenceDataMachine } from '@/machines/reference-data/reference-data.machine';
import { emailVerificationMachine } from '@/machines/email-verification/email-verification.machine';
import { callbackMachine } from '@/machines/callback/callback.machine';

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
} as const;

/** Auth tells identity who signed in, and resets everything user-specific at logout. */
export const systemAuthMachine = authMachine.provide({
  actions: {
    announceUser: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.identity),
      (_, params: { user: User }) => ({ type: 'identity.loaded', user: params.user }),
    ),
    announceSignedOut: enqueueActions(({ enqueue, system }) => {
      enqueue.sendTo(system.get(SYSTEM_IDS.identity), { type: 'identity.cleared' });
      enqueue.sendTo(system.get(SYSTEM_IDS.profile), { type: 'profile.clear' });
      enqueue.sendTo(system.get(SYSTEM_IDS.subscriptions), { type: 'subscriptions.clear' });
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

export type RootContext = {
  auth: AuthRef;
  identity: IdentityRef;
  profile: ProfileRef;
  subscriptions: SubscriptionsRef;
  referenceData: ReferenceDataRef;
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
  // Identity, profile and subscriptions exist before auth starts announcing to them.
  context: ({ spawn, input }) => ({
    identity: spawn('identity', { id: 'identity', systemId: SYSTEM_IDS.identity }),
    profile: spawn('profile', { id: 'profile', systemId: SYSTEM_IDS.profile }),
    subscriptions: spawn('subscriptions', { id: 'subscriptions', systemId: SYSTEM_IDS.subscriptions }),
    referenceData: spawn('referenceData', { id: 'referenceData', systemId: SYSTEM_IDS.referenceData }),
    auth: spawn('auth', { id: 'auth', systemId: SYSTEM_IDS.auth, input: input?.auth }),
  }),
  on: {
    'screen.open': { actions: 'openScreen' },
    'screen.close': { actions: 'closeScreen' },
  },
});

export type RootMachine = typeof rootMachine;
