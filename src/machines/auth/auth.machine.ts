import { assertEvent, assign, setup } from 'xstate';
import { HOME_PATH, getRoute } from '@/lib/routes';
import { AUTH_ERROR_CODES, authFailure, isLoginRequired, toAuthFailure } from '@/machines/auth/auth.errors';
import type {
  AuthContext,
  AuthEvent,
  AuthInput,
  CheckSessionOutput,
  LoginWithRedirectInput,
  TokenGrant,
} from '@/machines/auth/auth.types';
import type { User } from '@/machines/shared/domain';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';

// Spec §4 "Authentication" and "Access token". Every effect (provider, API, storage,
// navigation) is a named placeholder supplied at the edge (auth0.actors.ts, root.actors.ts),
// so tests run the whole chart with stubs and a simulated clock.

/** Spec §9: pop-up and frame timeout 60 s. */
export const POPUP_TIMEOUT_MS = 60_000;
/** Revoking a local token on logout is a courtesy to the server; never hold the user for it. */
export const REVOKE_TIMEOUT_MS = 5_000;

/** Spec §2: after a demo-user logout /reveal, after any other /login. */
export const LOGOUT_PATHS = { demo: getRoute('reveal').path, other: getRoute('login').path };

export function logoutDestination(context: Pick<AuthContext, 'user' | 'logout'>): string {
  if (context.logout.to) return context.logout.to;
  return context.user?.role === 'DEMO' ? LOGOUT_PATHS.demo : LOGOUT_PATHS.other;
}

function errorOf(event: { type: string }): unknown {
  return 'error' in event ? event.error : undefined;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput | undefined,
    tags: {} as 'loading' | 'session' | 'busy' | 'userLoaded',
  },
  actors: {
    checkSession: placeholderActor<CheckSessionOutput>('checkSession'),
    getAccessToken: placeholderActor<string>('getAccessToken'),
    fetchUser: placeholderActor<User>('fetchUser'),
    sendLoginEvent: placeholderActor<void, { user: User }>('sendLoginEvent'),
    loginWithRedirect: placeholderActor<void, LoginWithRedirectInput>('loginWithRedirect'),
    loginWithPopup: placeholderActor<void>('loginWithPopup'),
    /** `returnTo: null` ends the provider session here without leaving the page. */
    providerLogout: placeholderActor<void, { returnTo: string | null }>('providerLogout'),
    revokeLocalToken: placeholderActor<void>('revokeLocalToken'),
    localLogin: placeholderActor<TokenGrant, { email: string; password: string }>('localLogin'),
    startDemo: placeholderActor<TokenGrant, { ticket: string }>('startDemo'),
  },
  actions: {
    navigate: placeholderAction<{ to: string }>('navigate'),
    storeLocalToken: placeholderAction<{ token: string }>('storeLocalToken'),
    clearLocalToken: placeholderAction('clearLocalToken'),
    /** Tells the rest of the app who signed in (the root forwards it to identity). */
    announceUser: placeholderAction<{ user: User }>('announceUser'),
    /** Tells the rest of the app nobody is signed in (any more): identity, profile, subscriptions reset. */
    announceSignedOut: placeholderAction('announceSignedOut'),

    markProviderSession: assign({ session: 'provider' }),
    markLocalSession: assign({ session: 'local' }),
    rememberReturnTo: assign({ returnTo: (_, params: { to: string | null }) => params.to }),
    forgetReturnTo: assign({ returnTo: null }),
    assignUser: assign({ user: (_, params: { user: User }) => params.user }),
    assignError: assign({ error: ({ event }) => toAuthFailure(errorOf(event)) }),
    assignFailure: assign({ error: (_, params: { code: string }) => authFailure(params.code) }),
    assignCallbackError: assign({
      error: (_, params: { callback: CheckSessionOutput['callback'] }) =>
        params.callback?.ok === false ? params.callback.error : null,
    }),
    clearError: assign({ error: null }),
    planLogout: assign({
      logout: (_, params: { redirect: boolean; to?: string }) => ({ redirect: params.redirect, to: params.to ?? null }),
    }),
    forgetSession: assign({ session: null, user: null, returnTo: null }),
  },
  guards: {
    foundProviderSession: (_, params: { output: CheckSessionOutput }) => params.output.providerSession,
    foundLocalToken: (_, params: { output: CheckSessionOutput }) => params.output.localToken,
    callbackFailed: (_, params: { output: CheckSessionOutput }) => params.output.callback?.ok === false,
    isLoginRequired: ({ event }) => isLoginRequired(errorOf(event)),
    isAdmin: ({ context }) => context.user?.role === 'ADMIN',
    isDemo: ({ context }) => context.user?.role === 'DEMO',
    hasReturnTo: ({ context }) => context.returnTo !== null,
    isLocalSession: ({ context }) => context.session === 'local',
    isProviderSession: ({ context }) => context.session === 'provider',
    logoutRedirects: ({ context }) => context.logout.redirect,
  },
  delays: {
    popupTimeout: POPUP_TIMEOUT_MS,
    revokeTimeout: REVOKE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    session: null,
    user: null,
    returnTo: null,
    error: null,
    callbackErrorPath: input?.callbackErrorPath ?? HOME_PATH,
    logout: { redirect: true, to: null },
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'checkSession',
        onDone: [
          {
            // A provider session wins: any local token left from before is dropped (spec §4).
            guard: { type: 'foundProviderSession', params: ({ event }) => ({ output: event.output }) },
            target: 'signingIn',
            actions: [
              'clearLocalToken',
              'markProviderSession',
              {
                type: 'rememberReturnTo',
                params: ({ event }) => ({ to: event.output.callback?.ok ? event.output.callback.returnTo : null }),
              },
            ],
          },
          {
            guard: { type: 'foundLocalToken', params: ({ event }) => ({ output: event.output }) },
            target: 'signingIn',
            actions: 'markLocalSession',
          },
          {
            guard: { type: 'callbackFailed', params: ({ event }) => ({ output: event.output }) },
            target: 'unauthenticated',
            actions: [
              {
                type: 'assignCallbackError',
                params: ({ event }) => ({ callback: event.output.callback }),
              },
              'announceSignedOut',
              { type: 'navigate', params: ({ context }) => ({ to: context.callbackErrorPath }) },
            ],
          },
          // Nobody is signed in: identity is initialized without a user.
          { target: 'unauthenticated', actions: 'announceSignedOut' },
        ],
        onError: { target: 'unauthenticated', actions: ['assignError', 'announceSignedOut'] },
      },
    },
    // "When authentication becomes true": token, user, LEARNER_LOGIN; any failure logs out.
    signingIn: {
      tags: ['loading', 'session'],
      initial: 'fetchingToken',
      states: {
        fetchingToken: {
          invoke: {
            src: 'getAccessToken',
            onDone: 'loadingUser',
            onError: [
              {
                // The provider session is already gone: log out here, without a redirect.
                guard: 'isLoginRequired',
                target: '#auth.loggingOut',
                actions: ['assignError', { type: 'planLogout', params: { redirect: false } }],
              },
              {
                target: '#auth.loggingOut',
                actions: ['assignError', { type: 'planLogout', params: { redirect: true } }],
              },
            ],
          },
        },
        loadingUser: {
          invoke: {
            src: 'fetchUser',
            onDone: {
              target: 'checkingLoginEvent',
              actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: {
              target: '#auth.loggingOut',
              actions: ['assignError', { type: 'planLogout', params: { redirect: true } }],
            },
          },
        },
        checkingLoginEvent: {
          always: [
            // The platform admin sends no login event (spec §6).
            { guard: 'isAdmin', target: 'signedIn' },
            { target: 'recordingLogin' },
          ],
        },
        // The user is known from here on: the navigation guard goes on to its next steps
        // (profile, subscriptions) while the login event is on its way, instead of after it.
        recordingLogin: {
          tags: 'userLoaded',
          invoke: {
            src: 'sendLoginEvent',
            input: ({ context }) => {
              if (!context.user) throw new Error('auth: the login event needs the user');
              return { user: context.user };
            },
            onDone: 'signedIn',
            onError: {
              target: '#auth.loggingOut',
              actions: ['assignError', { type: 'planLogout', params: { redirect: true } }],
            },
          },
        },
        signedIn: {
          tags: 'userLoaded',
          entry: {
            type: 'announceUser',
            params: ({ context }) => {
              if (!context.user) throw new Error('auth: signed in without a user');
              return { user: context.user };
            },
          },
          always: [
            {
              guard: 'hasReturnTo',
              target: '#auth.authenticated',
              actions: [{ type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? HOME_PATH }) }, 'forgetReturnTo'],
            },
            { target: '#auth.authenticated' },
          ],
        },
      },
    },
    authenticated: {
      tags: ['session', 'userLoaded'],
      initial: 'idle',
      on: {
        'auth.logout': {
          target: 'loggingOut',
          actions: { type: 'planLogout', params: ({ event }) => ({ redirect: true, to: event.returnTo }) },
        },
        'auth.unauthorized': {
          target: 'loggingOut',
          actions: { type: 'planLogout', params: { redirect: true } },
        },
        'auth.tokenFailed': {
          guard: 'isLoginRequired',
          target: 'loggingOut',
          actions: ['assignError', { type: 'planLogout', params: { redirect: false } }],
        },
      },
      states: {
        idle: {
          on: {
            'auth.register': { guard: 'isDemo', target: 'registering' },
            'auth.clearError': { actions: 'clearError' },
          },
        },
        // Spec §4 "Demo registration": sign-up with the demo e-mail as hint and a forced prompt;
        // the sign-up takes this demo account over (and no one else can).
        registering: {
          tags: 'busy',
          invoke: {
            src: 'loginWithRedirect',
            input: ({ context }) => ({
              returnTo: HOME_PATH,
              loginHint: context.user?.email,
              screenHint: 'signup',
              prompt: 'login',
              registersDemo: true,
            }),
            // Success leaves the page; only a failure comes back here.
            onError: { target: 'idle', actions: 'assignError' },
          },
        },
      },
    },
    unauthenticated: {
      on: {
        'auth.loginWithRedirect': { target: 'redirectingToLogin', actions: 'clearError' },
        'auth.loginWithPopup': {
          target: 'loggingInWithPopup',
          actions: ['clearError', { type: 'rememberReturnTo', params: ({ event }) => ({ to: event.returnTo ?? null }) }],
        },
        'auth.loginLocal': {
          target: 'loggingInLocally',
          actions: ['clearError', { type: 'rememberReturnTo', params: ({ event }) => ({ to: event.returnTo ?? HOME_PATH }) }],
        },
        'auth.startDemo': {
          target: 'startingDemo',
          actions: ['clearError', { type: 'rememberReturnTo', params: ({ event }) => ({ to: event.returnTo ?? HOME_PATH }) }],
        },
        // The callback page logs out after its wait even though nobody is signed in. It has told
        // the visitor what failed: the sign-in page it leads to starts without that error.
        'auth.logout': {
          target: 'loggingOut',
          actions: ['clearError', { type: 'planLogout', params: ({ event }) => ({ redirect: true, to: event.returnTo }) }],
        },
        'auth.clearError': { actions: 'clearError' },
      },
    },
    redirectingToLogin: {
      tags: 'busy',
      invoke: {
        src: 'loginWithRedirect',
        input: ({ event }) => {
          assertEvent(event, 'auth.loginWithRedirect');
          const { type: _type, ...options } = event;
          return { ...options, returnTo: options.returnTo ?? HOME_PATH };
        },
        // Success leaves the page for the provider; only a failure comes back here.
        onError: { target: 'unauthenticated', actions: 'assignError' },
      },
    },
    loggingInWithPopup: {
      tags: 'busy',
      invoke: {
        src: 'loginWithPopup',
        onDone: { target: 'signingIn', actions: ['clearLocalToken', 'markProviderSession'] },
        // Closing the pop-up rejects with `cancelled` (spec §8).
        onError: { target: 'unauthenticated', actions: ['assignError', 'forgetReturnTo'] },
      },
      after: {
        popupTimeout: {
          target: 'unauthenticated',
          actions: [{ type: 'assignFailure', params: { code: AUTH_ERROR_CODES.timeout } }, 'forgetReturnTo'],
        },
      },
    },
    loggingInLocally: {
      tags: 'busy',
      invoke: {
        src: 'localLogin',
        input: ({ event }) => {
          assertEvent(event, 'auth.loginLocal');
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: 'signingIn',
          actions: [{ type: 'storeLocalToken', params: ({ event }) => ({ token: event.output.accessToken }) }, 'markLocalSession'],
        },
        onError: { target: 'unauthenticated', actions: ['assignError', 'forgetReturnTo'] },
      },
    },
    startingDemo: {
      tags: 'busy',
      invoke: {
        src: 'startDemo',
        input: ({ event }) => {
          assertEvent(event, 'auth.startDemo');
          return { ticket: event.ticket };
        },
        onDone: {
          target: 'signingIn',
          actions: [{ type: 'storeLocalToken', params: ({ event }) => ({ token: event.output.accessToken }) }, 'markLocalSession'],
        },
        onError: { target: 'unauthenticated', actions: ['assignError', 'forgetReturnTo'] },
      },
    },
    // Logout clears the local token and redirects: /reveal for demo users, /login for others.
    loggingOut: {
      tags: 'loading',
      initial: 'choosing',
      states: {
        choosing: {
          always: [
            { guard: 'isLocalSession', target: 'revokingLocalToken' },
            { guard: 'isProviderSession', target: 'endingProviderSession' },
            { target: 'finishing' },
          ],
        },
        revokingLocalToken: {
          invoke: { src: 'revokeLocalToken', onDone: 'finishing', onError: 'finishing' },
          after: { revokeTimeout: 'finishing' },
        },
        endingProviderSession: {
          invoke: {
            src: 'providerLogout',
            input: ({ context }) => ({ returnTo: context.logout.redirect ? logoutDestination(context) : null }),
            onDone: 'finishing',
            // The session must end here even when the provider cannot be told.
            onError: 'finishing',
          },
        },
        finishing: {
          entry: ['clearLocalToken', 'announceSignedOut'],
          always: [
            {
              guard: 'logoutRedirects',
              target: '#auth.unauthenticated',
              actions: [{ type: 'navigate', params: ({ context }) => ({ to: logoutDestination(context) }) }, 'forgetSession'],
            },
            { target: '#auth.unauthenticated', actions: 'forgetSession' },
          ],
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
