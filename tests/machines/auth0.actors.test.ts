import type { Auth0Client } from '@auth0/auth0-spa-js';
import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic, type InputFrom } from 'xstate';
import { createApiClient } from '@/api/client';
import {
  AUTH0_SCOPE,
  createAuthEffects,
  createTokenSource,
  isRedirectCallback,
  mayHaveProviderSession,
  readAuth0Config,
  safeReturnTo,
  type BrowserPort,
} from '@/machines/auth/auth0.actors';
import { loginReturnTo } from '@/machines/auth/auth.forms';
import { toAuthFailure } from '@/machines/auth/auth.errors';
import { LOCAL_TOKEN_KEY, createLocalTokenStore, readJwtExpiry } from '@/machines/auth/local-token';
import { createTokenProvider } from '@/machines/auth/token-provider';
import { makeUser } from './fixtures';

// The real effects behind the auth machine, over a fake auth0 client, a fake fetch and an
// in-memory storage: what is asked of the provider and the API, and in which shape.

const ORIGIN = 'http://localhost:5173';
const CLIENT_ID = 'educator-learning-spa';
const SESSION_COOKIE = `auth0.${CLIENT_ID}.is.authenticated=true`;

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function fakeBrowser(overrides: Partial<BrowserPort> = {}): BrowserPort {
  return {
    origin: ORIGIN,
    href: () => `${ORIGIN}/`,
    cookie: () => '',
    replaceUrl: vi.fn(),
    load: vi.fn(),
    openPopup: () => ({ close: vi.fn() }) as unknown as Window,
    ...overrides,
  };
}

function fakeAuth0() {
  const client = {
    handleRedirectCallback: vi.fn(async (_url?: string) => ({ appState: { returnTo: '/learning?limit=10' } })),
    isAuthenticated: vi.fn(async () => true),
    loginWithRedirect: vi.fn(async (_options?: unknown) => undefined),
    loginWithPopup: vi.fn(async (_options?: unknown, _config?: unknown) => undefined),
    logout: vi.fn(async (_options?: unknown) => undefined),
    getTokenSilently: vi.fn(async (_options?: unknown) => ({
      access_token: 'provider-token',
      expires_in: 3600,
      id_token: 'id',
      scope: AUTH0_SCOPE,
    })),
  };
  return { client, getAuth0: vi.fn(async () => client as unknown as Auth0Client) };
}

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

type Recorded = { method: string; path: string; body: unknown; authorization: string | null };

const LOCAL_JWT = jwt({ sub: 'local', exp: 1_900_000_000 });
const DEMO_JWT = jwt({ sub: 'demo', exp: 1_900_000_000 });

function setup(options: { browser?: Partial<BrowserPort>; storage?: Record<string, string>; grant?: string } = {}) {
  const requests: Recorded[] = [];
  const user = makeUser('USER');
  const handle = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    const text = await request.text();
    requests.push({
      method: request.method,
      path,
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('Authorization'),
    });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (path === '/api/identity/start') return json({ user, profile: { status: 404 }, subscriptions: { status: 404 }, progress: { status: 404 } });
    if (path === '/api/learner/events') return json({ accepted: 1, duplicates: 0 });
    if (path === '/api/identity/local/authorize') return json({ accessToken: options.grant ?? LOCAL_JWT, tokenType: 'Bearer', expiresIn: 3600 });
    if (path === '/api/identity/demo/session') return json({ accessToken: options.grant ?? DEMO_JWT, tokenType: 'Bearer', expiresIn: 3600 });
    if (path === '/api/identity/demo/registration-ticket') return json({ ticket: 'registration-ticket', expiresAt: '2026-11-02T09:45:00.000Z' });
    if (path === '/api/identity/logout') return new Response(null, { status: 204 });
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  const browser = fakeBrowser(options.browser);
  const storage = memoryStorage(options.storage);
  const localToken = createLocalTokenStore(storage);
  const auth0 = fakeAuth0();
  const tokens = createTokenProvider({
    fetchToken: createTokenSource({ localToken, getAuth0: auth0.getAuth0, clientId: CLIENT_ID, browser }),
  });
  const api = createApiClient({
    baseUrl: `${ORIGIN}/api`,
    getAccessToken: tokens.getToken,
    fetch: async (input) => handle(input instanceof Request ? input : new Request(input)),
  });
  const navigate = vi.fn();
  const effects = createAuthEffects({
    api,
    tokens,
    localToken,
    getAuth0: auth0.getAuth0,
    clientId: CLIENT_ID,
    browser,
    navigate,
    now: () => Date.parse('2026-11-02T09:30:00.000Z'),
    newId: () => '6c1f2e3d-4b5a-4978-8877-665544332211',
  });
  return { effects, auth0, storage, requests, browser, navigate, user, tokens, handle };
}

function run<Logic extends AnyActorLogic>(logic: Logic, input: InputFrom<Logic>) {
  return toPromise(createActor(logic, { input }).start());
}

describe('auth0 configuration', () => {
  it('defaults to the embedded provider on the same origin', () => {
    expect(readAuth0Config(ORIGIN, {})).toEqual({
      domain: ORIGIN,
      clientId: 'educator-learning-spa',
      audience: `${ORIGIN}/api`,
      redirectUri: `${ORIGIN}/callback`,
    });
  });

  it('reads VITE_AUTH0_* when set', () => {
    const config = readAuth0Config(ORIGIN, {
      VITE_AUTH0_DOMAIN: 'https://tenant.eu.auth0.com',
      VITE_AUTH0_CLIENT_ID: 'abc',
      VITE_AUTH0_AUDIENCE: 'https://api.example.org',
    });
    expect(config).toMatchObject({ domain: 'https://tenant.eu.auth0.com', clientId: 'abc', audience: 'https://api.example.org' });
  });
});

describe('auth0 helpers', () => {
  it('knows a browser that may have a provider session by its cookie', () => {
    expect(mayHaveProviderSession('', CLIENT_ID)).toBe(false);
    expect(mayHaveProviderSession(`a=1; ${SESSION_COOKIE}`, CLIENT_ID)).toBe(true);
    expect(mayHaveProviderSession(`_${SESSION_COOKIE}`, CLIENT_ID)).toBe(true);
    expect(mayHaveProviderSession('auth0.other.is.authenticated=true', CLIENT_ID)).toBe(false);
  });

  it('recognises the provider redirect back', () => {
    expect(isRedirectCallback(`${ORIGIN}/callback?code=c&state=s`)).toBe(true);
    expect(isRedirectCallback(`${ORIGIN}/callback?error=access_denied&state=s`)).toBe(true);
    expect(isRedirectCallback(`${ORIGIN}/callback`)).toBe(false);
    expect(isRedirectCallback(`${ORIGIN}/catalog?code=c&state=s`)).toBe(false);
  });

  it('only returns to paths on this site', () => {
    expect(safeReturnTo('/catalog?x=1')).toBe('/catalog?x=1');
    expect(safeReturnTo('//evil.example')).toBe('/');
    expect(safeReturnTo('https://evil.example')).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
  });

  it("reads /login's returnTo: a page of this app, else home", () => {
    expect(loginReturnTo('?returnTo=%2Flivestreams%3Fpage%3D2')).toBe('/livestreams?page=2');
    expect(loginReturnTo('?returnTo=%2Flearning-objects%2Flo-1%23video')).toBe('/learning-objects/lo-1#video');
    // Another site, or what a browser reads as one (a URL parser drops tabs and line breaks).
    for (const foreign of ['https://evil.example/', '//evil.example', '/\\evil.example', '\\\\evil.example', '/\t/evil.example', '/\n/evil.example', 'http://localhost:3000.evil.example/', 'javascript:alert(1)', 'catalog', '']) {
      expect(loginReturnTo(`?returnTo=${encodeURIComponent(foreign)}`), JSON.stringify(foreign)).toBe('/');
    }
    expect(loginReturnTo('')).toBe('/');
  });

  it("reads a JWT expiry without verifying it; a payload without one is spec §8's error", () => {
    expect(readJwtExpiry(jwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
    for (const token of [jwt({ sub: 'x' }), jwt({ exp: '1900000000' }), 'not-a-jwt', 'a.!!!.c', '']) {
      expect(() => readJwtExpiry(token), token).toThrow('Invalid jwt payload. Missing exp field.');
    }
  });
});

describe('auth effects', () => {
  it('finds a local session without loading the provider library', async () => {
    const { effects, auth0 } = setup({ storage: { [LOCAL_TOKEN_KEY]: jwt({ exp: 1_900_000_000 }) } });
    await expect(run(effects.actors.checkSession, undefined)).resolves.toEqual({ providerSession: false, localToken: true });
    expect(auth0.getAuth0).not.toHaveBeenCalled();
  });

  it('asks the provider when its session cookie is there', async () => {
    const { effects, auth0 } = setup({ browser: { cookie: () => SESSION_COOKIE } });
    await expect(run(effects.actors.checkSession, undefined)).resolves.toEqual({
      providerSession: true,
      localToken: false,
      callback: undefined,
    });
    expect(auth0.client.isAuthenticated).toHaveBeenCalled();
  });

  it('handles the redirect back: return path from appState, code removed from the address bar', async () => {
    const href = `${ORIGIN}/callback?code=c&state=s`;
    const { effects, auth0, browser } = setup({ browser: { href: () => href } });
    const result = await run(effects.actors.checkSession, undefined);
    expect(auth0.client.handleRedirectCallback).toHaveBeenCalledWith(href);
    expect(result.callback).toEqual({ ok: true, returnTo: '/learning?limit=10' });
    expect(browser.replaceUrl).toHaveBeenCalledWith('/callback');
  });

  it('reports a failed redirect back', async () => {
    const { effects, auth0 } = setup({ browser: { href: () => `${ORIGIN}/callback?error=x&state=s` } });
    auth0.client.handleRedirectCallback.mockRejectedValueOnce(Object.assign(new Error('Invalid state'), { error: 'state_mismatch' }));
    auth0.client.isAuthenticated.mockResolvedValueOnce(false);
    const result = await run(effects.actors.checkSession, undefined);
    expect(result.providerSession).toBe(false);
    expect(result.callback).toMatchObject({ ok: false, error: { code: 'state_mismatch' } });
  });

  it('sends LEARNER_LOGIN with the access token in the body', async () => {
    const token = jwt({ exp: 1_900_000_000 });
    const { effects, requests, user } = setup({ storage: { [LOCAL_TOKEN_KEY]: token } });
    await run(effects.actors.sendLoginEvent, { user });
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/learner/events',
        authorization: null,
        body: {
          accessToken: token,
          data: [{ id: '6c1f2e3d-4b5a-4978-8877-665544332211', type: 'LEARNER_LOGIN', timeStamp: '2026-11-02T09:30:00.000Z' }],
        },
      },
    ]);
  });

  it('never settles a sign-in call the browser cut off because the page is leaving, so nothing logs out', async () => {
    let leaving = false;
    const { effects, handle } = setup({ browser: { cookie: () => SESSION_COOKIE, isLeaving: () => leaving } });
    handle.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    // While the page stays, a failure is a failure (spec §4: it logs out).
    await expect(run(effects.actors.sendLoginEvent, { user: makeUser('USER') })).rejects.toBeTruthy();
    leaving = true;
    const outcome = await Promise.race([
      run(effects.actors.sendLoginEvent, { user: makeUser('USER') }).then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 50)),
    ]);
    expect(outcome).toBe('pending');
  });

  it('lets a session go on without its login event while the browser is offline, and only then', async () => {
    let offline = true;
    const token = jwt({ exp: 1_900_000_000 });
    const { effects, handle } = setup({ storage: { [LOCAL_TOKEN_KEY]: token }, browser: { isOffline: () => offline } });
    handle.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(run(effects.actors.sendLoginEvent, { user: makeUser('USER') })).resolves.toBeUndefined();
    offline = false;
    await expect(run(effects.actors.sendLoginEvent, { user: makeUser('USER') })).rejects.toBeTruthy();
  });

  it('has no token for an anonymous visitor', async () => {
    const { effects, auth0 } = setup();
    await expect(run(effects.actors.getAccessToken, undefined)).rejects.toThrow('No access token');
    expect(auth0.getAuth0).not.toHaveBeenCalled();
  });

  it('redirects to the provider with appState.returnTo and the hints', async () => {
    const { effects, auth0 } = setup();
    await run(effects.actors.loginWithRedirect, {
      returnTo: '/catalog',
      loginHint: 'demo@example.org',
      screenHint: 'signup',
      prompt: 'login',
    });
    expect(auth0.client.loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: '/catalog' },
      authorizationParams: { login_hint: 'demo@example.org', screen_hint: 'signup', prompt: 'login' },
    });
  });

  it('hands demo registration a ticket from the demo session, so the sign-up takes that demo account', async () => {
    const { effects, auth0, requests } = setup();
    await run(effects.actors.loginWithRedirect, { returnTo: '/', loginHint: 'demo@example.org', screenHint: 'signup', prompt: 'login', registersDemo: true });
    expect(requests.map((request) => request.path)).toEqual(['/api/identity/demo/registration-ticket']);
    expect(auth0.client.loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: '/' },
      authorizationParams: { login_hint: 'demo@example.org', screen_hint: 'signup', prompt: 'login', demo_ticket: 'registration-ticket' },
    });
  });

  it('opens the pop-up itself and gives auth0 a 60 s timeout', async () => {
    const popup = { close: vi.fn() } as unknown as Window;
    const { effects, auth0 } = setup({ browser: { openPopup: () => popup } });
    await run(effects.actors.loginWithPopup, undefined);
    expect(auth0.client.loginWithPopup).toHaveBeenCalledWith({}, { popup, timeoutInSeconds: 60 });
  });

  it('closes the pop-up when the machine gives up on it', async () => {
    const popup = { close: vi.fn() };
    const { effects, auth0 } = setup({ browser: { openPopup: () => popup as unknown as Window } });
    auth0.client.loginWithPopup.mockImplementationOnce(() => new Promise(() => undefined));
    const actor = createActor(effects.actors.loginWithPopup).start();
    await Promise.resolve();
    actor.stop();
    expect(popup.close).toHaveBeenCalled();
  });

  it('reports a blocked pop-up', async () => {
    const { effects } = setup({ browser: { openPopup: () => null } });
    await expect(run(effects.actors.loginWithPopup, undefined)).rejects.toMatchObject({ error: 'popup_blocked' });
  });

  it('logs out at the provider with a return URL, or locally only', async () => {
    const { effects, auth0 } = setup();
    await run(effects.actors.providerLogout, { returnTo: '/login' });
    expect(auth0.client.logout).toHaveBeenLastCalledWith({ logoutParams: { returnTo: `${ORIGIN}/login` } });
    await run(effects.actors.providerLogout, { returnTo: null });
    expect(auth0.client.logout).toHaveBeenLastCalledWith({ openUrl: false });
  });

  it('signs in locally and starts demos from their links through the API', async () => {
    const { effects, requests } = setup();
    await expect(run(effects.actors.localLogin, { email: 'a@example.org', password: 'pw' })).resolves.toMatchObject({
      accessToken: LOCAL_JWT,
    });
    await expect(run(effects.actors.startDemo, { ticket: 'demo-link-ticket' })).resolves.toMatchObject({ accessToken: DEMO_JWT });
    expect(requests.map((request) => [request.path, request.body])).toEqual([
      ['/api/identity/local/authorize', { email: 'a@example.org', password: 'pw' }],
      ['/api/identity/demo/session', { ticket: 'demo-link-ticket' }],
    ]);
  });

  it('a sign-in or demo answering a token without an expiry fails with spec §8 message, and nothing is kept', async () => {
    for (const [actor, input] of [['localLogin', { email: 'a@example.org', password: 'pw' }], ['startDemo', { ticket: 'demo-link-ticket' }]] as const) {
      const { effects, storage } = setup({ grant: jwt({ sub: 'no-expiry' }) });
      const failure = await run(effects.actors[actor] as never, input as never).catch((error: unknown) => error);
      expect(toAuthFailure(failure)).toEqual({ code: 'invalid_token_payload', message: 'Invalid jwt payload. Missing exp field.' });
      expect(storage.getItem('AV_TOKEN')).toBeNull();
    }
  });

  it('a stored token without an expiry is no session: asking for it fails with spec §8 message and it is cleared', async () => {
    const { tokens, storage } = setup({ storage: { [LOCAL_TOKEN_KEY]: jwt({ sub: 'no-expiry' }) } });
    await expect(tokens.getToken()).rejects.toThrow('Invalid jwt payload. Missing exp field.');
    expect(storage.getItem('AV_TOKEN')).toBeNull();
  });

  it('stores and clears the local token under AV_TOKEN, forgetting the cached token', async () => {
    const { effects, storage, tokens } = setup();
    effects.actions.storeLocalToken(undefined, { token: LOCAL_JWT });
    expect(storage.getItem('AV_TOKEN')).toBe(LOCAL_JWT);
    await expect(tokens.getToken()).resolves.toBe(LOCAL_JWT);
    effects.actions.clearLocalToken();
    expect(storage.getItem('AV_TOKEN')).toBeNull();
    await expect(tokens.getToken()).resolves.toBeNull();
  });
});
