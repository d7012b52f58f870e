import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/errors';
import type { Role } from '@/lib/routes';
import { POPUP_TIMEOUT_MS, authMachine } from '@/machines/auth/auth.machine';
import { selectAuthError, selectHasSession, selectIsAuthLoading, selectIsAuthenticated, selectIsBusy, selectIsUserSettled } from '@/machines/auth/auth.selectors';
import type { AuthInput, CheckSessionOutput, LoginWithRedirectInput, TokenGrant } from '@/machines/auth/auth.types';
import type { User } from '@/machines/shared/domain';
import { deferred, flush, makeUser } from './fixtures';

// Spec §4 "Authentication" and "Access token", transition by transition, with every effect
// stubbed. A stub records its calls; the pop-up timeout runs on vitest's fake clock.

type Stubs = {
  session?: CheckSessionOutput;
  checkSession?: () => Promise<CheckSessionOutput>;
  user?: User;
  getAccessToken?: () => Promise<string>;
  fetchUser?: () => Promise<User>;
  sendLoginEvent?: (input: { user: User }) => Promise<void>;
  loginWithPopup?: (signal: AbortSignal) => Promise<void>;
  localLogin?: (input: { email: string; password: string }) => Promise<TokenGrant>;
  startDemo?: (input: { ticket: string }) => Promise<TokenGrant>;
  input?: AuthInput;
};

function loginRequired(): Error {
  return Object.assign(new Error('Login required'), { error: 'login_required' });
}

function start(stubs: Stubs = {}) {
  const user = stubs.user ?? makeUser('USER');
  const effects = {
    checkSession: vi.fn(stubs.checkSession ?? (async () => stubs.session ?? { providerSession: false, localToken: false })),
    getAccessToken: vi.fn(stubs.getAccessToken ?? (async () => 'access-token')),
    fetchUser: vi.fn(stubs.fetchUser ?? (async () => user)),
    sendLoginEvent: vi.fn(stubs.sendLoginEvent ?? (async (_input: { user: User }) => undefined)),
    loginWithRedirect: vi.fn(async (_input: LoginWithRedirectInput) => undefined),
    loginWithPopup: vi.fn(stubs.loginWithPopup ?? (async () => undefined)),
    providerLogout: vi.fn(async (_input: { returnTo: string | null }) => undefined),
    revokeLocalToken: vi.fn(async () => undefined),
    localLogin: vi.fn(stubs.localLogin ?? (async () => ({ accessToken: 'local-token' }))),
    startDemo: vi.fn(stubs.startDemo ?? (async () => ({ accessToken: 'demo-token' }))),
    navigate: vi.fn((_to: string) => undefined),
    storeLocalToken: vi.fn((_token: string) => undefined),
    clearLocalToken: vi.fn(() => undefined),
    announceUser: vi.fn((_user: User) => undefined),
    announceSignedOut: vi.fn(() => undefined),
  };
  const machine = authMachine.provide({
    actors: {
      checkSession: fromPromise<CheckSessionOutput, void>(() => effects.checkSession()),
      getAccessToken: fromPromise<string, void>(() => effects.getAccessToken()),
      fetchUser: fromPromise<User, void>(() => effects.fetchUser()),
      sendLoginEvent: fromPromise<void, { user: User }>(({ input }) => effects.sendLoginEvent(input)),
      loginWithRedirect: fromPromise<void, LoginWithRedirectInput>(({ input }) => effects.loginWithRedirect(input)),
      loginWithPopup: fromPromise<void, void>(({ signal }) => effects.loginWithPopup(signal)),
      providerLogout: fromPromise<void, { returnTo: string | null }>(({ input }) => effects.providerLogout(input)),
      revokeLocalToken: fromPromise<void, void>(() => effects.revokeLocalToken()),
      localLogin: fromPromise<TokenGrant, { email: string; password: string }>(({ input }) => effects.localLogin(input)),
      startDemo: fromPromise<TokenGrant, { ticket: string }>(({ input }) => effects.startDemo(input)),
    },
    actions: {
      navigate: (_, params) => effects.navigate(params.to),
      storeLocalToken: (_, params) => effects.storeLocalToken(params.token),
      clearLocalToken: () => effects.clearLocalToken(),
      announceUser: (_, params) => effects.announceUser(params.user),
      announceSignedOut: () => effects.announceSignedOut(),
    },
  });
  const actor = createActor(machine, { input: stubs.input });
  actor.start();
  return { actor, effects, user };
}

type Started = ReturnType<typeof start>;

const settled = (started: Started) =>
  waitFor(started.actor, (snapshot) => snapshot.matches('authenticated') || snapshot.matches('unauthenticated'));

async function signedIn(stubs: Stubs & { role?: Role; session: CheckSessionOutput }) {
  const started = start({ ...stubs, user: stubs.user ?? makeUser(stubs.role ?? 'USER') });
  const snapshot = await settled(started);
  expect(snapshot.value).toEqual({ authenticated: 'idle' });
  for (const mock of Object.values(started.effects)) mock.mockClear();
  return started;
}

const PROVIDER: CheckSessionOutput = { providerSession: true, localToken: false };
const LOCAL: CheckSessionOutput = { providerSession: false, localToken: true };

afterEach(() => {
  vi.useRealTimers();
});

describe('auth: session at start-up', () => {
  it('is loading first, and unauthenticated without a provider session or local token', async () => {
    const started = start();
    expect(selectIsAuthLoading(started.actor.getSnapshot())).toBe(true);
    const snapshot = await settled(started);
    expect(snapshot.value).toBe('unauthenticated');
    expect(selectHasSession(snapshot)).toBe(false);
    expect(started.effects.getAccessToken).not.toHaveBeenCalled();
    expect(started.effects.navigate).not.toHaveBeenCalled();
    // Identity learns that nobody is signed in, so it is initialized.
    expect(started.effects.announceSignedOut).toHaveBeenCalledTimes(1);
  });

  it('signs in with a provider session: token, user, LEARNER_LOGIN, then authenticated', async () => {
    const started = start({ session: PROVIDER });
    expect(selectHasSession((await waitFor(started.actor, (s) => s.matches('signingIn'))))).toBe(true);
    const snapshot = await settled(started);
    expect(snapshot.value).toEqual({ authenticated: 'idle' });
    expect(snapshot.context.session).toBe('provider');
    expect(snapshot.context.user).toEqual(started.user);
    expect(started.effects.getAccessToken).toHaveBeenCalledTimes(1);
    expect(started.effects.fetchUser).toHaveBeenCalledTimes(1);
    expect(started.effects.sendLoginEvent).toHaveBeenCalledWith({ user: started.user });
    expect(started.effects.announceUser).toHaveBeenCalledWith(started.user);
    // Restoring a session stays on the page the visitor opened.
    expect(started.effects.navigate).not.toHaveBeenCalled();
  });

  it('counts the user as loaded while the LEARNER_LOGIN event is on its way, and still loading for the shell', async () => {
    const user = deferred<User>();
    const loginEvent = deferred<void>();
    const started = start({ session: LOCAL, fetchUser: () => user.promise, sendLoginEvent: () => loginEvent.promise });
    await waitFor(started.actor, (s) => s.matches({ signingIn: 'loadingUser' }));
    // Before /identity/me answers, the guard's first step keeps waiting.
    expect(selectIsUserSettled(started.actor.getSnapshot())).toBe(false);
    user.resolve(started.user);
    const recording = await waitFor(started.actor, (s) => s.matches({ signingIn: 'recordingLogin' }));
    expect(selectIsUserSettled(recording)).toBe(true);
    expect(recording.context.user).toEqual(started.user);
    // The sign-in is not finished: the shell shows its loader and nobody is told yet.
    expect(selectIsAuthLoading(recording)).toBe(true);
    expect(selectIsAuthenticated(recording)).toBe(false);
    expect(started.effects.announceUser).not.toHaveBeenCalled();
    loginEvent.resolve();
    const snapshot = await settled(started);
    expect(selectIsUserSettled(snapshot)).toBe(true);
    expect(started.effects.announceUser).toHaveBeenCalledWith(started.user);
  });

  it('signs in with a local token and keeps it', async () => {
    const started = start({ session: LOCAL });
    const snapshot = await settled(started);
    expect(snapshot.context.session).toBe('local');
    expect(started.effects.clearLocalToken).not.toHaveBeenCalled();
    expect(started.effects.sendLoginEvent).toHaveBeenCalledTimes(1);
  });

  it('drops the local token when a provider session exists too', async () => {
    const started = start({ session: { providerSession: true, localToken: true } });
    const snapshot = await settled(started);
    expect(snapshot.context.session).toBe('provider');
    expect(started.effects.clearLocalToken).toHaveBeenCalledTimes(1);
  });

  it('goes to the stored target after the provider redirect returns', async () => {
    const started = start({ session: { ...PROVIDER, callback: { ok: true, returnTo: '/catalog?audience=a1' } } });
    await settled(started);
    expect(started.effects.navigate).toHaveBeenCalledWith('/catalog?audience=a1');
    expect(started.actor.getSnapshot().context.returnTo).toBeNull();
  });

  it('goes to the configured error path when the provider callback fails (default /)', async () => {
    const failure = { code: 'access_denied', message: 'Something went wrong, please try again later' };
    const byDefault = start({ session: { providerSession: false, localToken: false, callback: { ok: false, error: failure } } });
    expect((await settled(byDefault)).context.error).toEqual(failure);
    expect(byDefault.effects.navigate).toHaveBeenCalledWith('/');

    const configured = start({
      session: { providerSession: false, localToken: false, callback: { ok: false, error: failure } },
      input: { callbackErrorPath: '/reveal' },
    });
    await settled(configured);
    expect(configured.effects.navigate).toHaveBeenCalledWith('/reveal');
  });

  it('treats a failing session check as signed out', async () => {
    const started = start({ checkSession: async () => Promise.reject(new Error('crypto.subtle is missing')) });
    expect((await settled(started)).value).toBe('unauthenticated');
  });
});

describe('auth: any failure while signing in logs out', () => {
  it('logs out when loading the user fails', async () => {
    const started = start({ session: LOCAL, fetchUser: async () => Promise.reject(new ApiError(500, 'UNKNOWN', 'boom')) });
    const snapshot = await settled(started);
    expect(snapshot.value).toBe('unauthenticated');
    expect(snapshot.context.session).toBeNull();
    expect(started.effects.clearLocalToken).toHaveBeenCalled();
    expect(started.effects.announceSignedOut).toHaveBeenCalledTimes(1);
    expect(started.effects.revokeLocalToken).toHaveBeenCalledTimes(1);
    expect(started.effects.navigate).toHaveBeenCalledWith('/login');
    expect(started.effects.announceUser).not.toHaveBeenCalled();
  });

  it('logs out when the access token cannot be fetched', async () => {
    const started = start({ session: PROVIDER, getAccessToken: async () => Promise.reject(new Error('network')) });
    await settled(started);
    expect(started.effects.providerLogout).toHaveBeenCalledWith({ returnTo: '/login' });
    expect(started.effects.navigate).toHaveBeenCalledWith('/login');
    expect(started.effects.fetchUser).not.toHaveBeenCalled();
  });

  it('logs out when the LEARNER_LOGIN event fails', async () => {
    const started = start({ session: LOCAL, sendLoginEvent: async () => Promise.reject(new Error('beacon refused')) });
    expect((await settled(started)).value).toBe('unauthenticated');
    expect(started.effects.announceSignedOut).toHaveBeenCalledTimes(1);
  });

  it('logs out without a redirect when the provider says login_required during the silent token fetch', async () => {
    const started = start({ session: PROVIDER, getAccessToken: async () => Promise.reject(loginRequired()) });
    const snapshot = await settled(started);
    expect(snapshot.value).toBe('unauthenticated');
    expect(snapshot.context.error?.code).toBe('login_required');
    expect(started.effects.providerLogout).toHaveBeenCalledWith({ returnTo: null });
    expect(started.effects.clearLocalToken).toHaveBeenCalled();
    expect(started.effects.navigate).not.toHaveBeenCalled();
  });
});

describe('auth: LEARNER_LOGIN', () => {
  it.each(['USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN', 'DEMO'] as const)('is sent for %s', async (role) => {
    const started = start({ session: LOCAL, user: makeUser(role) });
    await settled(started);
    expect(started.effects.sendLoginEvent).toHaveBeenCalledTimes(1);
  });

  it('is not sent for the platform admin', async () => {
    const started = start({ session: PROVIDER, user: makeUser('ADMIN') });
    const snapshot = await settled(started);
    expect(snapshot.value).toEqual({ authenticated: 'idle' });
    expect(started.effects.sendLoginEvent).not.toHaveBeenCalled();
    expect(started.effects.announceUser).toHaveBeenCalledTimes(1);
  });
});

describe('auth: logout', () => {
  it.each([
    ['DEMO', LOCAL, '/reveal'],
    ['USER', LOCAL, '/login'],
    ['SCHOOL_ADMIN', PROVIDER, '/login'],
    ['DISTRICT_ADMIN', PROVIDER, '/login'],
    ['ADMIN', PROVIDER, '/login'],
  ] as const)('sends a %s user (%o) to %s and clears the local token', async (role, session, destination) => {
    const started = await signedIn({ role, session });
    started.actor.send({ type: 'auth.logout' });
    const snapshot = await settled(started);
    expect(snapshot.value).toBe('unauthenticated');
    expect(snapshot.context.user).toBeNull();
    expect(started.effects.clearLocalToken).toHaveBeenCalledTimes(1);
    expect(started.effects.announceSignedOut).toHaveBeenCalledTimes(1);
    expect(started.effects.navigate).toHaveBeenCalledWith(destination);
    if (session.providerSession) {
      expect(started.effects.providerLogout).toHaveBeenCalledWith({ returnTo: destination });
      expect(started.effects.revokeLocalToken).not.toHaveBeenCalled();
    } else {
      expect(started.effects.revokeLocalToken).toHaveBeenCalledTimes(1);
      expect(started.effects.providerLogout).not.toHaveBeenCalled();
    }
  });

  it('goes to a caller-given destination (the admin site)', async () => {
    const started = await signedIn({ role: 'ADMIN', session: LOCAL });
    started.actor.send({ type: 'auth.logout', returnTo: '/admin' });
    await settled(started);
    expect(started.effects.navigate).toHaveBeenCalledWith('/admin');
  });

  it('logs out on a 401 from the API', async () => {
    const started = await signedIn({ role: 'USER', session: LOCAL });
    started.actor.send({ type: 'auth.unauthorized' });
    expect((await settled(started)).value).toBe('unauthenticated');
    expect(started.effects.navigate).toHaveBeenCalledWith('/login');
  });

  it('logs out without a redirect when a later token refresh says login_required', async () => {
    const started = await signedIn({ role: 'USER', session: PROVIDER });
    started.actor.send({ type: 'auth.tokenFailed', error: new Error('offline') });
    expect(started.actor.getSnapshot().value).toEqual({ authenticated: 'idle' });
    started.actor.send({ type: 'auth.tokenFailed', error: loginRequired() });
    expect((await settled(started)).value).toBe('unauthenticated');
    expect(started.effects.providerLogout).toHaveBeenCalledWith({ returnTo: null });
    expect(started.effects.navigate).not.toHaveBeenCalled();
  });

  it('finishes even when revoking the local token hangs', async () => {
    vi.useFakeTimers();
    const started = await signedIn({ role: 'USER', session: LOCAL });
    started.effects.revokeLocalToken.mockImplementation(() => new Promise(() => undefined));
    started.actor.send({ type: 'auth.logout' });
    expect(started.actor.getSnapshot().matches('loggingOut')).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started.actor.getSnapshot().value).toBe('unauthenticated');
  });

  it('works from the callback page too, where nobody is signed in', async () => {
    const started = start();
    await settled(started);
    started.actor.send({ type: 'auth.logout' });
    await settled(started);
    expect(started.effects.clearLocalToken).toHaveBeenCalledTimes(1);
    expect(started.effects.navigate).toHaveBeenCalledWith('/login');
  });
});

describe('auth: provider login', () => {
  it('redirects with the return path and hints', async () => {
    const started = start();
    await settled(started);
    started.actor.send({ type: 'auth.loginWithRedirect', returnTo: '/playlists/p1?x=1' });
    expect(selectIsBusy(started.actor.getSnapshot())).toBe(true);
    await flush();
    expect(started.effects.loginWithRedirect).toHaveBeenCalledWith({ returnTo: '/playlists/p1?x=1' });

    const invite = start();
    await settled(invite);
    invite.actor.send({ type: 'auth.loginWithRedirect', loginHint: 'new@example.org', screenHint: 'signup', prompt: 'login' });
    await flush();
    expect(invite.effects.loginWithRedirect).toHaveBeenCalledWith({
      returnTo: '/',
      loginHint: 'new@example.org',
      screenHint: 'signup',
      prompt: 'login',
    });
  });

  it('starts a sign-up for a demo user with the e-mail as hint and a forced prompt, taking over that demo account', async () => {
    const started = await signedIn({ role: 'DEMO', session: LOCAL });
    started.actor.send({ type: 'auth.register' });
    await flush();
    expect(started.effects.loginWithRedirect).toHaveBeenCalledWith({
      returnTo: '/',
      loginHint: started.user.email,
      screenHint: 'signup',
      prompt: 'login',
      registersDemo: true,
    });
  });

  it('does not start a sign-up for other roles', async () => {
    const started = await signedIn({ role: 'USER', session: LOCAL });
    started.actor.send({ type: 'auth.register' });
    await flush();
    expect(started.effects.loginWithRedirect).not.toHaveBeenCalled();
  });

  it('signs in through the pop-up and drops any local token', async () => {
    const started = start();
    await settled(started);
    started.actor.send({ type: 'auth.loginWithPopup' });
    const snapshot = await settled(started);
    expect(snapshot.value).toEqual({ authenticated: 'idle' });
    expect(snapshot.context.session).toBe('provider');
    expect(started.effects.clearLocalToken).toHaveBeenCalledTimes(1);
    expect(started.effects.navigate).not.toHaveBeenCalled();
  });

  it('fails as cancelled when the pop-up is closed', async () => {
    const popupClosed = Object.assign(new Error('Popup closed'), { error: 'cancelled' });
    const started = start({ loginWithPopup: async () => Promise.reject(popupClosed) });
    await settled(started);
    started.actor.send({ type: 'auth.loginWithPopup' });
    await flush();
    const snapshot = started.actor.getSnapshot();
    expect(snapshot.value).toBe('unauthenticated');
    expect(selectAuthError(snapshot)?.code).toBe('cancelled');
  });

  it('times out after 60 s on a simulated clock and stops the pop-up', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const started = start({
      loginWithPopup: (signal) => {
        signal.addEventListener('abort', () => {
          aborted = true;
        });
        return new Promise(() => undefined);
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    started.actor.send({ type: 'auth.loginWithPopup' });
    await vi.advanceTimersByTimeAsync(POPUP_TIMEOUT_MS - 1);
    expect(started.actor.getSnapshot().value).toBe('loggingInWithPopup');
    await vi.advanceTimersByTimeAsync(1);
    const snapshot = started.actor.getSnapshot();
    expect(snapshot.value).toBe('unauthenticated');
    expect(snapshot.context.error?.code).toBe('timeout');
    expect(aborted).toBe(true);
  });
});

describe('auth: local login and demo', () => {
  it('stores the token, signs in and goes to the caller-given path', async () => {
    const started = start();
    await settled(started);
    started.actor.send({ type: 'auth.loginLocal', email: 'a@example.org', password: 'pw', returnTo: '/usage' });
    const snapshot = await settled(started);
    expect(snapshot.value).toEqual({ authenticated: 'idle' });
    expect(snapshot.context.session).toBe('local');
    expect(started.effects.localLogin).toHaveBeenCalledWith({ email: 'a@example.org', password: 'pw' });
    expect(started.effects.storeLocalToken).toHaveBeenCalledWith('local-token');
    expect(started.effects.navigate).toHaveBeenCalledWith('/usage');
  });

  it('goes to / when no path is given', async () => {
    const started = start();
    await settled(started);
    started.actor.send({ type: 'auth.loginLocal', email: 'a@example.org', password: 'pw' });
    await settled(started);
    expect(started.effects.navigate).toHaveBeenCalledWith('/');
  });

  it('stays signed out with the server message on a wrong password', async () => {
    const wrong = new ApiError(401, 'INVALID_CREDENTIALS', 'The e-mail or password is wrong');
    const started = start({ localLogin: async () => Promise.reject(wrong) });
    await settled(started);
    started.actor.send({ type: 'auth.loginLocal', email: 'a@example.org', password: 'nope' });
    await flush();
    const snapshot = started.actor.getSnapshot();
    expect(snapshot.value).toBe('unauthenticated');
    expect(snapshot.context.error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'The e-mail or password is wrong' });
    expect(started.effects.storeLocalToken).not.toHaveBeenCalled();
    started.actor.send({ type: 'auth.clearError' });
    expect(started.actor.getSnapshot().context.error).toBeNull();
  });

  it('starts a demo: the ticket of the e-mailed link → demo token → signed in as DEMO', async () => {
    const started = start({ user: makeUser('DEMO') });
    await settled(started);
    started.actor.send({ type: 'auth.startDemo', ticket: 'demo-link-ticket' });
    const snapshot = await settled(started);
    expect(started.effects.startDemo).toHaveBeenCalledWith({ ticket: 'demo-link-ticket' });
    expect(started.effects.storeLocalToken).toHaveBeenCalledWith('demo-token');
    expect(snapshot.context.session).toBe('local');
    expect(snapshot.context.user?.role).toBe('DEMO');
    expect(started.effects.navigate).toHaveBeenCalledWith('/');
  });

  it('ignores a second login while one is running', async () => {
    const pending = deferred<TokenGrant>();
    const started = start({ localLogin: () => pending.promise });
    await settled(started);
    started.actor.send({ type: 'auth.loginLocal', email: 'a@example.org', password: 'pw' });
    started.actor.send({ type: 'auth.startDemo', ticket: 'demo-link-ticket' });
    expect(started.effects.startDemo).not.toHaveBeenCalled();
    pending.resolve({ accessToken: 'local-token' });
    expect((await settled(started)).context.session).toBe('local');
  });
});
