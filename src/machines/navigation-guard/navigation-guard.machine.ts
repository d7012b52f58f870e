import { and, assertEvent, assign, not, setup } from 'xstate';
import { HOME_PATH, getRoute } from '@/lib/routes';
import {
  allowsAdmin,
  allowsDemo,
  hasAccess,
  hasCompletedOnboarding,
  hasRequiredQuery,
  isAnonymousOnly,
  isHiddenByFlag,
  isLegacyRedirect,
  isOrganizationMember,
  isPersonalized,
  isPublic,
  isRoleAllowed,
  isVerified,
  needsSignIn,
} from '@/machines/navigation-guard/guard.predicates';
import type {
  GuardFailureStep,
  GuardOutcome,
  NavigationGuardContext,
  NavigationGuardEvent,
  NavigationGuardInput,
} from '@/machines/navigation-guard/navigation-guard.types';

// Spec §4 "Navigation guard", one decision per navigation. Each ordered step is an `always`
// list of named guards in the spec's order ending in an unguarded fallback. Loading is a state
// that waits for an event (tagged with what to fetch), never an invoke: the router does the
// fetching, and the chart stays walkable by xstate/graph's createTestModel.

// Where the guard sends people, read from the route table so a path changes in one place.
const PATHS = {
  payment: getRoute('payment').path,
  expiredOrganizationSubscription: getRoute('expired-organization-subscription').path,
  onboarding: getRoute('onboarding').path,
  personalize: getRoute('personalize').path,
  checkEmail: getRoute('check-email').path,
};

function withSearch(path: string, fullPath: string): string {
  const search = fullPath.indexOf('?');
  return search === -1 ? path : `${path}${fullPath.slice(search)}`;
}

function userOf(context: NavigationGuardContext) {
  if (!context.user) throw new Error('navigation guard: the user is needed before it was loaded');
  return context.user;
}

function profileOf(context: NavigationGuardContext) {
  if (!context.profile) throw new Error('navigation guard: the profile is needed before it was loaded');
  return context.profile;
}

export const navigationGuardMachine = setup({
  types: {
    context: {} as NavigationGuardContext,
    events: {} as NavigationGuardEvent,
    input: {} as NavigationGuardInput,
    output: {} as GuardOutcome,
    tags: {} as 'loadingUser' | 'loadingProfile' | 'loadingSubscriptions' | 'decided',
  },
  actions: {
    assignUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'identity.loaded');
        return event.user;
      },
    }),
    assignProfile: assign({
      profile: ({ event }) => {
        assertEvent(event, 'profile.loaded');
        return event.profile;
      },
    }),
    assignSubscriptions: assign({
      subscriptions: ({ event }) => {
        assertEvent(event, 'subscriptions.loaded');
        return event.subscriptions;
      },
    }),
    proceed: assign({ outcome: { type: 'proceed' } }),
    redirect: assign({ outcome: (_, params: { to: string }) => ({ type: 'redirect', to: params.to }) }),
    goBack: assign({ outcome: { type: 'back' } }),
    sendToLogin: assign({ outcome: ({ context }) => ({ type: 'login', returnTo: context.to.path }) }),
    sendToAdminSite: assign({ outcome: ({ context }) => ({ type: 'adminSite', logout: context.isLocalAuth }) }),
    showNotFound: assign({ outcome: { type: 'notFound' } }),
    fail: assign({ outcome: (_, params: { step: GuardFailureStep }) => ({ type: 'failed', step: params.step }) }),
  },
  guards: {
    // Route facts: who asks does not matter.
    isLegacyRedirect: ({ context }) => isLegacyRedirect(context.to.meta),
    isHiddenByFlag: ({ context }) => isHiddenByFlag(context.to.meta, context.flags),
    lacksRequiredQuery: ({ context }) => !hasRequiredQuery(context.to.meta, context.to.query),
    isAnonymousOnlyRoute: ({ context }) => isAnonymousOnly(context.to.meta),
    isPublicRoute: ({ context }) => isPublic(context.to.meta),
    routeNeedsSignIn: ({ context }) => needsSignIn(context.to.meta),
    routeAllowsAdmin: ({ context }) => allowsAdmin(context.to.meta),
    routeAllowsDemo: ({ context }) => allowsDemo(context.to.meta),
    routeRedirectsDemo: ({ context }) => context.to.meta.demoRedirectTo !== undefined,
    isPaymentRoute: ({ context }) => context.to.name === 'payment',
    isExpiredOrganizationRoute: ({ context }) => context.to.name === 'expired-organization-subscription',
    isOnboardingRoute: ({ context }) => context.to.name === 'onboarding',
    isPersonalizeRoute: ({ context }) => context.to.name === 'personalize',
    isCheckEmailRoute: ({ context }) => context.to.name === 'check-email',
    // The two screens that sell or explain access (spec §4 step 5).
    isAccessGateRoute: ({ context }) =>
      context.to.name === 'payment' || context.to.name === 'expired-organization-subscription',
    // Visitor facts.
    needsUser: ({ context }) => context.isAuthenticated && context.user === null,
    accessFactsLoaded: ({ context }) => context.profile !== null && context.subscriptions !== null,
    isSignedIn: ({ context }) => context.isAuthenticated && context.user !== null,
    isAdmin: ({ context }) => context.user?.role === 'ADMIN',
    isDemo: ({ context }) => context.user?.role === 'DEMO',
    isVerified: ({ context }) => isVerified(userOf(context)),
    roleAllowedOnRoute: ({ context }) => isRoleAllowed(context.to.meta, userOf(context).role),
    isPersonalized: ({ context }) => isPersonalized(profileOf(context)),
    isOrganizationMember: ({ context }) => isOrganizationMember(profileOf(context)),
    hasAccess: ({ context }) => hasAccess(userOf(context), context.subscriptions ?? []),
    hasCompletedOnboarding: ({ context }) => hasCompletedOnboarding(userOf(context)),
  },
}).createMachine({
  id: 'navigationGuard',
  context: ({ input }) => ({ ...input, profile: null, subscriptions: null, outcome: null }),
  initial: 'checkingRoute',
  output: ({ context }) => {
    if (!context.outcome) throw new Error('navigation guard finished without an outcome');
    return context.outcome;
  },
  states: {
    // Facts about the route alone come first: a legacy path, a route hidden by its flag and a
    // route missing its required query are the same for every visitor, so nothing is loaded.
    checkingRoute: {
      always: [
        {
          guard: 'isLegacyRedirect',
          target: 'decided',
          actions: {
            type: 'redirect',
            params: ({ context }) => ({ to: withSearch(context.to.meta.redirectTo ?? HOME_PATH, context.to.path) }),
          },
        },
        { guard: 'isHiddenByFlag', target: 'decided', actions: 'showNotFound' },
        // Spec §2: email-verification without its token goes to not-found, for any visitor.
        { guard: 'lacksRequiredQuery', target: 'decided', actions: 'showNotFound' },
        // Step 1: the user is loaded first if not already.
        { guard: 'needsUser', target: 'loadingUser' },
        { target: 'checkingSession' },
      ],
    },
    loadingUser: {
      tags: 'loadingUser',
      on: {
        'identity.loaded': { target: 'checkingSession', actions: 'assignUser' },
        'identity.failed': { target: 'decided', actions: { type: 'fail', params: { step: 'user' } } },
      },
    },
    checkingSession: {
      always: [
        // Step 2.
        { guard: and(['isSignedIn', 'isAnonymousOnlyRoute']), target: 'decided', actions: 'goBack' },
        // Not in the spec: an account whose address is not proven yet (a sign-up before its
        // e-mailed link is followed) reaches the link and the screen that asks for it, nothing
        // else, whatever its role; once proven, that screen has nothing more to say.
        {
          guard: and(['isSignedIn', not('isVerified'), not('isPublicRoute'), not('isCheckEmailRoute')]),
          target: 'decided',
          actions: { type: 'redirect', params: { to: PATHS.checkEmail } },
        },
        { guard: and(['isSignedIn', not('isVerified')]), target: 'decided', actions: 'proceed' },
        {
          guard: and(['isSignedIn', 'isCheckEmailRoute']),
          target: 'decided',
          actions: { type: 'redirect', params: { to: HOME_PATH } },
        },
        // Step 3.
        {
          guard: and(['isSignedIn', 'isAdmin', not('routeAllowsAdmin')]),
          target: 'decided',
          actions: 'sendToAdminSite',
        },
        // A platform admin has no subscription or onboarding: steps 4–5 do not describe them.
        {
          guard: and(['isSignedIn', 'isAdmin']),
          target: 'decided',
          actions: 'proceed',
        },
        // Step 4.
        { guard: and(['isSignedIn', 'isDemo']), target: 'demo' },
        // Step 5.
        { guard: 'isSignedIn', target: 'regular' },
        // Step 7.
        { target: 'anonymous' },
      ],
    },
    demo: {
      initial: 'checkingRoute',
      states: {
        checkingRoute: {
          always: [
            // Email verification is always allowed for demo users.
            { guard: 'isPublicRoute', target: '#navigationGuard.decided', actions: 'proceed' },
            { guard: not('routeAllowsDemo'), target: '#navigationGuard.decided', actions: 'goBack' },
            { target: 'loadingProfile' },
          ],
        },
        loadingProfile: {
          tags: 'loadingProfile',
          on: {
            'profile.loaded': { target: 'checkingPersonalization', actions: 'assignProfile' },
            'profile.failed': {
              target: '#navigationGuard.decided',
              actions: { type: 'fail', params: { step: 'profile' } },
            },
          },
        },
        checkingPersonalization: {
          always: [
            {
              guard: and([not('isPersonalized'), not('isPersonalizeRoute')]),
              target: '#navigationGuard.decided',
              actions: { type: 'redirect', params: { to: PATHS.personalize } },
            },
            {
              guard: and(['isPersonalized', 'isPersonalizeRoute']),
              target: '#navigationGuard.decided',
              actions: { type: 'redirect', params: { to: HOME_PATH } },
            },
            // Spec §2: /community sends demo users to the dashboard.
            {
              guard: 'routeRedirectsDemo',
              target: '#navigationGuard.decided',
              actions: {
                type: 'redirect',
                params: ({ context }) => ({ to: context.to.meta.demoRedirectTo ?? HOME_PATH }),
              },
            },
            { target: '#navigationGuard.decided', actions: 'proceed' },
          ],
        },
      },
    },
    regular: {
      initial: 'checkingRoute',
      states: {
        checkingRoute: {
          always: [
            // "Anyone" may verify an e-mail address: a verification link must work before the
            // user has paid or finished onboarding, or the link would be lost to a redirect.
            { guard: 'isPublicRoute', target: '#navigationGuard.decided', actions: 'proceed' },
            { target: 'loadingAccess' },
          ],
        },
        // Profile and subscriptions are independent, so the router fetches both at once. Moving
        // on is an eventless check rather than onDone: xstate/graph would otherwise send the
        // internal done event on its own while the regions are still loading.
        loadingAccess: {
          type: 'parallel',
          always: { guard: 'accessFactsLoaded', target: 'checkingAccess' },
          states: {
            profile: {
              initial: 'loading',
              states: {
                loading: {
                  tags: 'loadingProfile',
                  on: {
                    'profile.loaded': { target: 'loaded', actions: 'assignProfile' },
                    'profile.failed': {
                      target: '#navigationGuard.decided',
                      actions: { type: 'fail', params: { step: 'profile' } },
                    },
                  },
                },
                loaded: {},
              },
            },
            subscriptions: {
              initial: 'loading',
              states: {
                loading: {
                  tags: 'loadingSubscriptions',
                  on: {
                    'subscriptions.loaded': { target: 'loaded', actions: 'assignSubscriptions' },
                    'subscriptions.failed': {
                      target: '#navigationGuard.decided',
                      actions: { type: 'fail', params: { step: 'subscriptions' } },
                    },
                  },
                },
                loaded: {},
              },
            },
          },
        },
        checkingAccess: {
          always: [
            // On the payment or expired-organization-subscription routes.
            {
              guard: and(['isAccessGateRoute', 'hasAccess']),
              target: '#navigationGuard.decided',
              actions: { type: 'redirect', params: { to: HOME_PATH } },
            },
            {
              guard: and(['isPaymentRoute', 'isOrganizationMember']),
              target: '#navigationGuard.decided',
              actions: { type: 'redirect', params: { to: PATHS.expiredOrganizationSubscription } },
            },
            {
              guard: and(['isExpiredOrganizationRoute', not('isOrganizationMember')]),
              target: '#navigationGuard.decided',
              actions: { type: 'redirect', params: { to: PATHS.payment } },
            },
            { guard: 'isAccessGateRoute', target: '#navigationGuard.decided', actions: 'proceed' },
            // On any other route without access.
            {
              guard: and([not('hasAccess'), 'isOrganizationMember']),
              target: '#navigationGuard.decided',
              actions: { type: 'redirect', params: { to: PATHS.expiredOrganizationSubscription } },
            },
            {
              guard: not('hasAccess'),
              target: '#navigationGuard.decided',
              actions: { type: 'redirect', params: { to: PATHS.payment } },
            },
            {
              guard: and([not('hasCompletedOnboarding'), not('isOnboardingRoute')]),
              target: '#navigationGuard.decided',
              actions: { type: 'redirect', params: { to: PATHS.onboarding } },
            },
            { guard: not('roleAllowedOnRoute'), target: '#navigationGuard.decided', actions: 'goBack' },
            { target: '#navigationGuard.decided', actions: 'proceed' },
          ],
        },
      },
    },
    anonymous: {
      always: [
        { guard: 'routeNeedsSignIn', target: 'decided', actions: 'sendToLogin' },
        // Anonymous-only and public routes.
        { target: 'decided', actions: 'proceed' },
      ],
    },
    decided: { type: 'final', tags: 'decided' },
  },
});
