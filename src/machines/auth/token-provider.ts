// The access token every API call carries (spec §4 "Access token"): refreshed when missing or
// expired, one refresh shared by every caller that asks meanwhile, provider tokens refreshed
// 60 s before they really expire so a token never dies on its way to the server.

export type AccessTokenGrant = {
  token: string;
  /** Epoch milliseconds; null when the token does not say (it is then used until rejected). */
  expiresAt: number | null;
  source: 'provider' | 'local';
};

export type TokenProviderOptions = {
  /** Gets a token from wherever the session keeps one; null when nobody is signed in. */
  fetchToken: () => Promise<AccessTokenGrant | null>;
  /** Injectable clock (epoch milliseconds). */
  now?: () => number;
  /** How early a provider token counts as expired (spec §4: 60 s). */
  providerLeewayMs?: number;
  /** Told about every failed refresh, e.g. to log out on the provider's login_required. */
  onRefreshError?: (error: unknown) => void;
  /** The browser has no network: a token past its time is used as it is (see getToken). */
  isOffline?: () => boolean;
};

export type TokenProvider = {
  getToken: () => Promise<string | null>;
  /** Forgets the cached token; call when the session changes (login, logout). */
  clear: () => void;
};

export const PROVIDER_TOKEN_LEEWAY_MS = 60_000;

export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  const { fetchToken, now = Date.now, providerLeewayMs = PROVIDER_TOKEN_LEEWAY_MS, onRefreshError, isOffline } = options;
  let current: AccessTokenGrant | null = null;
  let inFlight: Promise<AccessTokenGrant | null> | null = null;
  // Bumped by clear(): a refresh that started for the previous session must not be cached.
  let generation = 0;

  const isFresh = (grant: AccessTokenGrant): boolean => {
    if (grant.expiresAt === null) return true;
    const leeway = grant.source === 'provider' ? providerLeewayMs : 0;
    return now() < grant.expiresAt - leeway;
  };

  const refresh = (): Promise<AccessTokenGrant | null> => {
    const startedIn = generation;
    const pending = fetchToken().then(
      (grant) => {
        if (startedIn === generation) current = grant;
        return grant;
      },
      (error: unknown) => {
        onRefreshError?.(error);
        throw error;
      },
    );
    const shared = pending.finally(() => {
      if (inFlight === shared) inFlight = null;
    });
    return shared;
  };

  return {
    getToken: async () => {
      // Offline, a provider token past its ten minutes still names the user to the service worker,
      // which answers from their offline copies; no server is there to refuse it, and a refresh
      // could only fail. Back online, the next call refreshes it.
      if (current && (isFresh(current) || isOffline?.())) return current.token;
      inFlight ??= refresh();
      const grant = await inFlight;
      return grant?.token ?? null;
    },
    clear: () => {
      generation += 1;
      current = null;
      inFlight = null;
    },
  };
}
