/// <reference types="vite/client" />
import type { Auth0Client } from '@auth0/auth0-spa-js';
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { ApiError, NO_RESPONSE_STATUS } from '@/api/errors';
import {
  localLogin,
  logout as revokeSession,
  recordLearnerEvents,
  startDemoSession,
  issueDemoRegistrationTicket,
} from '@/api/operations/start-up';
import { HOME_PATH } from '@/lib/routes';
import { AUTH_ERROR_CODES, toAuthFailure } from '@/machines/auth/auth.errors';
import { POPUP_TIMEOUT_MS, type authMachine } from '@/machines/auth/auth.machine';
import type {
  CheckSessionOutput,
  LoginWithRedirectInput,
  RedirectCallbackResult,
  TokenGrant,
} from '@/machines/auth/auth.types';
import { readJwtExpiry, type LocalTokenStore } from '@/machines/auth/local-token';
import type { AccessTokenGrant, TokenProvider } from '@/machines/auth/token-provider';
import type { User } from '@/machines/shared/domain';
import { randomUuid } from '@/lib/uuid';

// The real effects behind the auth machine's placeholders: the identity provider through
// @auth0/auth0-spa-js (60 KB gzip, so imported only when a provider session is possible or
// asked for) and the API through src/api. Browser globals are reached through `BrowserPort`
// so this module loads (and is tested) outside a browser too.

export type Auth0Config = {
  domain: string;
  clientId: string;
  audience: string;
  redirectUri: string;
};

type Env = Partial<Record<'VITE_AUTH0_DOMAIN' | 'VITE_AUTH0_CLIENT_ID' | 'VITE_AUTH0_AUDIENCE', string>>;

/** Spec §7: the auth callback path is 'callback' on the product's own origin. */
export const CALLBACK_PATH = '/callback';
/** Default scope plus offline_access, because refresh tokens are on (spec §9). */
export const AUTH0_SCOPE = 'openid profile email offline_access';

/** Defaults fit the embedded identity provider the server mounts on the same origin. */
export function readAuth0Config(origin: string, env: Env = import.meta.env as Env): Auth0Config {
  return {
    domain: env.VITE_AUTH0_DOMAIN || origin,
    clientId: env.VITE_AUTH0_CLIENT_ID || 'educator-learning-spa',
    audience: env.VITE_AUTH0_AUDIENCE || `${origin}/api`,
    redirectUri: `${origin}${CALLBACK_PATH}`,
  };
}

/** The few browser facilities the effects use; `browserPort()` gives the real ones. */
export type BrowserPort = {
  origin: string;
  href: () => string;
  cookie: () => string;
  replaceUrl: (url: string) => void;
  /** A full page load, for destinations outside this SPA. */
  load: (url: string) => void;
  /** Opened synchronously inside the click that asked for it, or browsers block it. */
  openPopup: () => Window | null;
  /** The page is going away (a reload, another site): its cut-off calls are no failures. */
  isLeaving?: () => boolean;
  /** The browser says it has no network (a session the service worker restored offline). */
  isOffline?: () => boolean;
};

let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void (leaving = true));
  window.addEventListener('pageshow', () => void (leaving = false));
}

/** How long a provider sign-out waits for the API to revoke its token before leaving anyway. */
const PROVIDER_REVOKE_TIMEOUT_MS = 2000;
const POPUP_WIDTH = 400;
const POPUP_HEIGHT = 600;

export function browserPort(): BrowserPort {
  return {
    origin: window.location.origin,
    href: () => window.location.href,
    cookie: () => document.cookie,
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
    load: (url) => window.location.assign(url),
    isLeaving: () => leaving,
    isOffline: () => !navigator.onLine,
    openPopup: () => {
      // Same size and placement auth0-spa-js would use (spec §9: pop-up 400x600).
      const left = window.screenX + (window.innerWidth - POPUP_WIDTH) / 2;
      const top = window.screenY + (window.innerHeight - POPUP_HEIGHT) / 2;
      return window.open(
        '',
        'auth0:authorize:popup',
        `left=${left},top=${top},width=${POPUP_WIDTH},height=${POPUP_HEIGHT},resizable,scrollbars=yes,status=1`,
      );
    },
  };
}

/** One client per page, created on first need. */
export function createAuth0Loader(config: Auth0Config): () => Promise<Auth0Client> {
  let client: Promise<Auth0Client> | null = null;
  return () => {
    client ??= import('@auth0/auth0-spa-js')
      .then(({ createAuth0Client }) =>
        createAuth0Client({
          domain: config.domain,
          clientId: config.clientId,
          authorizationParams: {
            audience: config.audience,
            redirect_uri: config.redirectUri,
            scope: AUTH0_SCOPE,
          },
          useRefreshTokens: true,
          useRefreshTokensFallback: true,
          cacheLocation: 'localstorage',
        }),
      )
      .catch((error: unknown) => {
        // A failed load (offline, blocked chunk) must not poison every later attempt.
        client = null;
        throw error;
      });
    return client;
  };
}

/**
 * auth0-spa-js marks a signed-in browser with this cookie; without it no provider session can
 * exist, so anonymous visitors never download the library.
 */
export function mayHaveProviderSession(cookie: string, clientId: string): boolean {
  const name = `auth0.${clientId}.is.authenticated=`;
  return cookie.split(/;\s*/).some((part) => part.startsWith(name) || part.startsWith(`_${name}`));
}

/** The provider's redirect back: on the callback path with state and a code or an error. */
export function isRedirectCallback(href: string): boolean {
  const url = new URL(href);
  const query = url.searchParams;
  return url.pathname === CALLBACK_PATH && query.has('state') && (query.has('code') || query.has('error'));
}

/** Only same-site paths: a crafted appState must not send the user to another origin. */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : HOME_PATH;
}

export type AuthEffectsDeps = {
  api: ApiClient;
  tokens: TokenProvider;
  localToken: LocalTokenStore;
  getAuth0: () => Promise<Auth0Client>;
  clientId: string;
  browser: BrowserPort;
  navigate: (to: string) => void;
  now?: () => number;
  newId?: () => string;
};

/** Where the token provider gets a token: the local token first, else the provider's cache. */
export function createTokenSource(
  deps: Pick<AuthEffectsDeps, 'localToken' | 'getAuth0' | 'clientId' | 'browser' | 'now'>,
): () => Promise<AccessTokenGrant | null> {
  const now = deps.now ?? Date.now;
  return async () => {
    const local = deps.localToken.read();
    if (local) {
      try {
        return { token: local, expiresAt: readJwtExpiry(local), source: 'local' };
      } catch (error) {
        // A stored token without an expiry is no session: it goes, and the sign-in fails with its message.
        deps.localToken.clear();
        throw error;
      }
    }
    if (!mayHaveProviderSession(deps.browser.cookie(), deps.clientId)) return null;
    const client = await deps.getAuth0();
    const response = await client.getTokenSilently({ detailedResponse: true });
    if (!response) return null;
    return { token: response.access_token, expiresAt: now() + response.expires_in * 1000, source: 'provider' };
  };
}

type AuthImplementations = Parameters<typeof authMachine.provide>[0];

/** A grant whose token carries an expiry; else the sign-in fails with spec §8's message and nothing is stored. */
function withExpiry(grant: TokenGrant): TokenGrant {
  readJwtExpiry(grant.accessToken);
  return grant;
}

export function createAuthEffects(deps: AuthEffectsDeps) {
  const { api, tokens, localToken, getAuth0, browser } = deps;
  const newId = deps.newId ?? (() => randomUuid());
  const now = deps.now ?? Date.now;

  const handleCallback = async (client: Auth0Client): Promise<RedirectCallbackResult> => {
    try {
      const result = await client.handleRedirectCallback(browser.href());
      const appState: unknown = result.appState;
      const returnTo = typeof appState === 'object' && appState !== null && 'returnTo' in appState ? appState.returnTo : undefined;
      return { ok: true, returnTo: safeReturnTo(returnTo) };
    } catch (error) {
      return { ok: false, error: toAuthFailure(error) };
    } finally {
      // A reload must not replay a code that was already exchanged.
      browser.replaceUrl(CALLBACK_PATH);
    }
  };

  const checkSession = async (): Promise<CheckSessionOutput> => {
    const hasLocalToken = localToken.read() !== null;
    const callbackPage = isRedirectCallback(browser.href());
    if (!callbackPage && !mayHaveProviderSession(browser.cookie(), deps.clientId)) {
      return { providerSession: false, localToken: hasLocalToken };
    }
    try {
      const client = await getAuth0();
      const callback = callbackPage ? await handleCallback(client) : undefined;
      return { providerSession: await client.isAuthenticated(), localToken: hasLocalToken, callback };
    } catch (error) {
      // Provider unreachable or misconfigured: a local session still works without it.
      console.error('The identity provider could not be reached', error);
      return { providerSession: false, localToken: hasLocalToken };
    }
  };

  /**
   * A sign-in call the browser cut off because the page is going away (a reload while the app
   * starts) never settles: the page is leaving anyway, and treating it as a failure would log
   * the user out (spec §4) and revoke the token the reloaded page is about to use.
   */
  async function unlessLeaving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (browser.isLeaving?.()) return new Promise<T>(() => undefined);
      throw error;
    }
  }

  const implementations = {
    actors: {
      checkSession: fromPromise<CheckSessionOutput, void>(checkSession),
      getAccessToken: fromPromise<string, void>(async () => {
        const token = await tokens.getToken();
        if (!token) throw new Error('No access token for this session');
        return token;
      }),
      // fetchUser is the root's start-up (src/machines/root/root.machine.ts).
      sendLoginEvent: fromPromise<void, { user: User }>(({ signal }) =>
        unlessLeaving(async () => {
          const accessToken = await tokens.getToken();
          if (!accessToken) throw new Error('No access token for the login event');
          try {
            await recordLearnerEvents(
              api,
              { accessToken, data: [{ id: newId(), type: 'LEARNER_LOGIN', timeStamp: new Date(now()).toISOString() }] },
              { signal },
            );
          } catch (error) {
            // Offline, a session the service worker restored goes on without its login event
            // (the server cannot be told; signing the user out would lose the offline app).
            // Online, a failure still ends the session (spec §4).
            if (browser.isOffline?.() && error instanceof ApiError && error.status === NO_RESPONSE_STATUS) return;
            throw error;
          }
        }),
      ),
      loginWithRedirect: fromPromise<void, LoginWithRedirectInput>(async ({ input, signal }) => {
        const [client, demo] = await Promise.all([getAuth0(), input.registersDemo ? issueDemoRegistrationTicket(api, { signal }) : null]);
        await client.loginWithRedirect({
          appState: { returnTo: safeReturnTo(input.returnTo) },
          authorizationParams: {
            ...(input.loginHint ? { login_hint: input.loginHint } : {}),
            ...(input.screenHint ? { screen_hint: input.screenHint } : {}),
            ...(input.prompt ? { prompt: input.prompt } : {}),
            ...(input.inviteTicket ? { invite_ticket: input.inviteTicket } : {}),
            ...(demo ? { demo_ticket: demo.ticket } : {}),
          },
        });
      }),
      loginWithPopup: fromPromise<void, void>(async ({ signal }) => {
        // Opened before the first await: the click's user activation does not survive it.
        const popup = browser.openPopup();
        if (!popup) throw Object.assign(new Error('The sign-in pop-up was blocked'), { error: AUTH_ERROR_CODES.popupBlocked });
        // The machine's own 60 s timeout (or a logout) stops this actor: close what it opened.
        const close = () => popup.close();
        signal.addEventListener('abort', close, { once: true });
        try {
          const client = await getAuth0();
          await client.loginWithPopup({}, { popup, timeoutInSeconds: POPUP_TIMEOUT_MS / 1000 });
        } finally {
          signal.removeEventListener('abort', close);
        }
      }),
      providerLogout: fromPromise<void, { returnTo: string | null }>(async ({ input }) => {
        // The API refuses this session's access token from now on, not only once it expires;
        // a slow or failed answer never holds the user back.
        await revokeSession(api, { signal: AbortSignal.timeout(PROVIDER_REVOKE_TIMEOUT_MS) }).catch(() => undefined);
        const client = await getAuth0();
        await client.logout(
          input.returnTo === null
            ? { openUrl: false }
            : { logoutParams: { returnTo: `${browser.origin}${input.returnTo}` } },
        );
      }),
      revokeLocalToken: fromPromise<void, void>(({ signal }) => revokeSession(api, { signal })),
      localLogin: fromPromise<TokenGrant, { email: string; password: string }>(async ({ input, signal }) =>
        withExpiry(await localLogin(api, { email: input.email, password: input.password }, { signal })),
      ),
      startDemo: fromPromise<TokenGrant, { ticket: string }>(async ({ input, signal }) => withExpiry(await startDemoSession(api, { ticket: input.ticket }, { signal }))),
    },
    actions: {
      navigate: (_: unknown, params: { to: string }) => deps.navigate(params.to),
      storeLocalToken: (_: unknown, params: { token: string }) => {
        localToken.write(params.token);
        tokens.clear();
      },
      clearLocalToken: () => {
        localToken.clear();
        tokens.clear();
        // Every logout ends here: the user's offline copies go with the session (loaded when
        // needed, so the first page does not carry it).
        void import('@/lib/offline-cache').then(({ forgetOfflineData }) => forgetOfflineData());
      },
    },
  } satisfies AuthImplementations;
  return implementations;
}
