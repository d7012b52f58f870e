import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { BrowserPort } from '@/machines/auth/auth0.actors';
import { selectIsAuthenticated as selectAuthAuthenticated } from '@/machines/auth/auth.selectors';
import { selectIsAuthenticated, selectUser } from '@/machines/identity/identity.selectors';
import { onboardingScreen } from '@/machines/preferences/preferences.actors';
import { selectProfile } from '@/machines/profile/profile.selectors';
import { createRootApp, type RootActor } from '@/machines/root/root.actors';
import { guardNavigation } from '@/machines/root/root.navigation';
import { selectRootRefs } from '@/machines/root/root.selectors';
import type { Profile, User } from '@/machines/shared/domain';
import { LOGIN_FORM, loginForm } from '@/machines/auth/auth.forms';
import { flush, makeProfile, makeUser } from './fixtures';

/** A local session's token: a JWT whose payload carries an expiry (spec §5), unsigned (the API is a stand-in). */
const LOCAL_JWT = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJsb2NhbCIsImV4cCI6MTkwMDAwMDAwMH0.signature';

// The whole spine with the real edge wiring (src/api client, token provider, local token),
// over a fake fetch and in-memory storage. The provider library is never loaded: a local
// session needs none.

const ORIGIN = 'http://localhost:5173';

type Api = {
  user: User;
  profile: Profile;
  subscriptionsStatus: number;
  /** Holds the LEARNER_LOGIN answer until it settles (default: answers at once). */
  loginEvent?: Promise<void>;
  /** Holds the start-up answer until it settles. */
  startUp?: Promise<void>;
  /** The start-up request fails: with this status, or without an answer. */
  startUpFails?: number | 'network';
  /** Parts of the start-up answer other than the server's usual ones (a refusal, a failure). */
  parts?: Record<string, unknown>;
  /** What `POST /identity/authorize` answers (default LOCAL), or that it fails. */
  loginMethod?: 'LOCAL' | 'PROVIDER' | 'fails';
};

const PROGRESS = [
  {
    catalogItemId: '7b0c9f52-8a1e-4c3f-9d2b-5e6f7a8b9c0d',
    lastInteractionAt: '2026-11-01T09:00:00.000Z',
    areReproduciblesDownloaded: true,
    isCatalogItemRated: false,
    isRubricScoreSaved: false,
    isStrategyApplied: false,
    videoProgress: 40,
    videoPosition: 120,
    completed: false,
  },
];

function harness(api: Api, storage: Record<string, string> = { AV_TOKEN: LOCAL_JWT }, options: { isLeaving?: () => boolean } = {}) {
  const values = new Map(Object.entries(storage));
  const calls: string[] = [];
  /** The bodies the sign-in calls carried. */
  const sent: unknown[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const subscriptions = () =>
    api.subscriptionsStatus === 200 ? { status: 200, data: { data: [] } } : { status: api.subscriptionsStatus, error: { code: 'X', message: 'No' } };
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    calls.push(`${request.method} ${path}`);
    if (path === '/identity/me') return json(api.user);
    if (path === '/identity/authorize') {
      sent.push(await request.clone().json());
      if (api.loginMethod === 'fails') return json({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }, 429);
      return json({ loginMethod: api.loginMethod ?? 'LOCAL' });
    }
    if (path === '/identity/local/authorize') {
      sent.push(await request.clone().json());
      return json({ accessToken: LOCAL_JWT, tokenType: 'Bearer', expiresIn: 3600 });
    }
    if (path === '/identity/start') {
      await api.startUp;
      if (api.startUpFails === 'network') throw new TypeError('Failed to fetch');
      if (api.startUpFails) return json({ error: { code: 'DEACTIVATED', message: 'This account has been deactivated' } }, api.startUpFails);
      return json({
        user: api.user,
        profile: { status: 200, data: api.profile },
        subscriptions: subscriptions(),
        progress: { status: 200, data: { catalogItemsProgress: PROGRESS } },
        ...api.parts,
      });
    }
    if (path === '/progress') return json({ catalogItemsProgress: PROGRESS });
    if (path === '/learner/events') {
      await api.loginEvent;
      calls.push('answered POST /learner/events');
      return json({ accepted: 1, duplicates: 0 });
    }
    if (path === '/identity/logout') return new Response(null, { status: 204 });
    if (path === '/profile' && request.method === 'GET') return json(api.profile);
    if (path === '/profile' && request.method === 'PATCH') {
      api.profile = { ...api.profile, ...((await request.json()) as Partial<Profile>) };
      return json(api.profile);
    }
    if (path === '/customers/current/subscriptions') {
      return api.subscriptionsStatus === 200
        ? json({ data: [] })
        : json({ error: { code: 'X', message: 'No' } }, api.subscriptionsStatus);
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  const navigate = vi.fn();
  const browser: BrowserPort = {
    origin: ORIGIN,
    href: () => `${ORIGIN}/`,
    cookie: () => '',
    replaceUrl: vi.fn(),
    load: vi.fn(),
    openPopup: () => null,
    isLeaving: options.isLeaving,
  };
  // The app's router, as the screens' effects see it.
  const router = { navigate: vi.fn(), current: () => ({ pathname: '/', search: '' }), subscribe: () => () => {} };
  const app = createRootApp({
    navigate,
    router,
    browser,
    // No flags server in these tests: the client never settles, so flags keep their defaults.
    flags: { createClient: () => new Promise(() => {}) },
    baseUrl: `${ORIGIN}/api`,
    fetch,
    storage: {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    },
  });
  return { root: app.actor, services: app.services, calls, sent, navigate, values, browser, router };
}

const signedIn = (root: RootActor) => waitFor(selectRootRefs(root.getSnapshot()).auth, selectAuthAuthenticated);

describe('root actor', () => {
  it('restores a local session and tells identity who is signed in', async () => {
    const user = makeUser('USER', { hasFreeAccess: true });
    const { root, calls } = harness({ user, profile: makeProfile(), subscriptionsStatus: 404 });
    await signedIn(root);
    const identity = selectRootRefs(root.getSnapshot()).identity.getSnapshot();
    expect(selectIsAuthenticated(identity)).toBe(true);
    expect(selectUser(identity)).toEqual(user);
    expect(calls).toEqual(['GET /identity/start', 'POST /learner/events', 'answered POST /learner/events']);
  });

  it('guards navigations with the profile and subscriptions of the start-up response, without asking for them again', async () => {
    const { root, calls } = harness({
      user: makeUser('USER', { hasFreeAccess: false }),
      profile: makeProfile({ isOrganizationMember: true }),
      subscriptionsStatus: 404,
    });
    // Asked before the session check finished: it waits for it. The redirect is the guard reading
    // the parts: an organization member (the profile) without a subscription (its 404).
    await expect(guardNavigation(root, '/catalog', { flags: { 'local-login': true, 'statechart-viewer': true } })).resolves.toEqual({
      type: 'redirect',
      to: '/expired-organization-subscription',
    });
    await expect(guardNavigation(root, '/expired-organization-subscription')).resolves.toEqual({ type: 'proceed' });
    expect(calls.filter((call) => call === 'GET /identity/start')).toHaveLength(1);
    expect(calls.filter((call) => call === 'GET /profile')).toHaveLength(0);
    expect(calls.filter((call) => call === 'GET /customers/current/subscriptions')).toHaveLength(0);
    await expect(guardNavigation(root, '/nowhere')).resolves.toEqual({ type: 'notFound' });
  });

  it('hands the progress of the start-up answer to the progress actor: no screen asks for it', async () => {
    const { root, calls } = harness({ user: makeUser('USER', { hasFreeAccess: true }), profile: makeProfile(), subscriptionsStatus: 200 });
    await signedIn(root);
    const refs = selectRootRefs(root.getSnapshot());
    expect(refs.progress.getSnapshot().matches('loaded')).toBe(true);
    expect(Object.values(refs.progress.getSnapshot().context.data ?? {})).toEqual(PROGRESS);
    // A screen asking for it (the dashboard, the catalogue) gets it from memory.
    refs.progress.send({ type: 'resource.load' });
    await flush();
    expect(calls.filter((call) => call.startsWith('GET '))).toEqual(['GET /identity/start']);
  });

  it('leaves a part the start-up answer could not give to its actor, which asks for it itself, once', async () => {
    const { root, calls } = harness({
      user: makeUser('USER', { hasFreeAccess: false }),
      profile: makeProfile({ isOrganizationMember: true }),
      subscriptionsStatus: 404,
      parts: { subscriptions: { status: 500, error: { code: 'INTERNAL', message: 'Something went wrong, please try again later' } } },
    });
    await expect(guardNavigation(root, '/catalog', { flags: { 'local-login': true, 'statechart-viewer': true } })).resolves.toEqual({
      type: 'redirect',
      to: '/expired-organization-subscription',
    });
    await expect(guardNavigation(root, '/expired-organization-subscription')).resolves.toEqual({ type: 'proceed' });
    expect(calls.filter((call) => call === 'GET /profile')).toHaveLength(0);
    expect(calls.filter((call) => call === 'GET /customers/current/subscriptions')).toHaveLength(1);
  });

  it('shows the start-up as its own states: waiting for a session, starting up, started, and waiting again after logout', async () => {
    let answer!: () => void;
    const startUp = new Promise<void>((resolve) => (answer = resolve));
    const { root, calls } = harness({ user: makeUser('USER', { hasFreeAccess: true }), profile: makeProfile(), subscriptionsStatus: 200, startUp });
    expect(root.getSnapshot().value).toBe('waitingForSession');
    await waitFor(root, (snapshot) => snapshot.matches('startingUp'));
    const refs = selectRootRefs(root.getSnapshot());
    // Nothing is handed out before the answer.
    expect(refs.profile.getSnapshot().matches('idle')).toBe(true);
    expect(refs.auth.getSnapshot().hasTag('userLoaded')).toBe(false);
    answer();
    await waitFor(root, (snapshot) => snapshot.matches('started'));
    expect(refs.profile.getSnapshot().context.data).toEqual(makeProfile());
    expect(refs.subscriptions.getSnapshot().context.data).toEqual([]);
    await signedIn(root);
    refs.auth.send({ type: 'auth.logout' });
    await waitFor(root, (snapshot) => snapshot.matches('waitingForSession'));
    await flush();
    expect(refs.profile.getSnapshot().context.data).toBeNull();
    expect(refs.progress.getSnapshot().context.data).toBeNull();
    expect(calls.filter((call) => call === 'GET /identity/start')).toHaveLength(1);
  });

  it('logs out when the start-up request fails', async () => {
    const { root, navigate, values } = harness({
      user: makeUser('USER'),
      profile: makeProfile(),
      subscriptionsStatus: 200,
      startUpFails: 403,
    });
    await waitFor(root, (snapshot) => snapshot.matches('startUpFailed') || snapshot.matches('waitingForSession'));
    const auth = await waitFor(selectRootRefs(root.getSnapshot()).auth, (snapshot) => snapshot.matches('unauthenticated'));
    expect(auth.context.user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(values.has('AV_TOKEN')).toBe(false);
    expect(root.getSnapshot().value).toBe('waitingForSession');
  });

  it('never settles a start-up the browser cut off because the page is leaving, so nothing logs out', async () => {
    const { root, navigate, values } = harness(
      { user: makeUser('USER'), profile: makeProfile(), subscriptionsStatus: 200, startUpFails: 'network' },
      undefined,
      { isLeaving: () => true },
    );
    await waitFor(root, (snapshot) => snapshot.matches('startingUp'));
    // Past the read's three tries (0.5 s and 1 s apart, src/api/retry.ts).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(root.getSnapshot().value).toBe('startingUp');
    expect(navigate).not.toHaveBeenCalled();
    expect(values.get('AV_TOKEN')).toBe(LOCAL_JWT);
  });

  it('has the profile and subscriptions once the user is loaded, while the login event is still on its way', async () => {
    let answerLoginEvent!: () => void;
    const loginEvent = new Promise<void>((resolve) => (answerLoginEvent = resolve));
    const { root, calls } = harness({
      user: makeUser('USER', { hasFreeAccess: true, completedOnboarding: true }),
      profile: makeProfile(),
      subscriptionsStatus: 200,
      loginEvent,
    });
    // Step 1 of the guard waits for the user (GET /identity/start), not for the whole sign-in.
    await expect(guardNavigation(root, '/catalog')).resolves.toEqual({ type: 'proceed' });
    expect(calls).toEqual(['GET /identity/start', 'POST /learner/events']);
    const auth = selectRootRefs(root.getSnapshot()).auth;
    // The sign-in itself still ends with the login event: the shell keeps its loader until then.
    expect(selectAuthAuthenticated(auth.getSnapshot())).toBe(false);
    answerLoginEvent();
    await signedIn(root);
    expect(calls.at(-1)).toBe('answered POST /learner/events');
  });

  it('still logs out when the login event fails after the guard went on', async () => {
    let failLoginEvent!: (error: Error) => void;
    const loginEvent = new Promise<void>((_, reject) => (failLoginEvent = reject));
    const { root, navigate } = harness({
      user: makeUser('USER', { hasFreeAccess: true, completedOnboarding: true }),
      profile: makeProfile(),
      subscriptionsStatus: 200,
      loginEvent,
    });
    await expect(guardNavigation(root, '/catalog')).resolves.toEqual({ type: 'proceed' });
    failLoginEvent(new TypeError('Failed to fetch'));
    const auth = selectRootRefs(root.getSnapshot()).auth;
    await waitFor(auth, (snapshot) => snapshot.matches('unauthenticated'));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('runs the onboarding against the API and updates profile and identity', async () => {
    const { root, services, calls, router } = harness({
      user: makeUser('USER', { hasFreeAccess: true, completedOnboarding: false }),
      profile: makeProfile({ completedOnboarding: false }),
      subscriptionsStatus: 404,
    });
    await expect(guardNavigation(root, '/catalog')).resolves.toEqual({ type: 'redirect', to: '/onboarding' });
    const refs = selectRootRefs(root.getSnapshot());
    // The screen's actor, as the /onboarding view starts it: from the app's services.
    const open = () => createActor(onboardingScreen.logic(services), { input: { profile: selectProfile(refs.profile.getSnapshot()) } }).start();
    const onboarding = open();
    onboarding.send({ type: 'preferences.toggleInterest', id: 'a1b2c3d4-0000-4000-8000-000000000001' });
    onboarding.send({ type: 'preferences.next' });
    onboarding.send({ type: 'preferences.selectAudience', audienceId: 'a1b2c3d4-0000-4000-8000-0000000000aa' });
    onboarding.send({ type: 'preferences.next' });
    onboarding.send({ type: 'preferences.selectExperience', experienceLevel: 'EXPERIENCED' });
    onboarding.send({ type: 'preferences.save' });
    await waitFor(onboarding, (snapshot) => snapshot.status === 'done');
    await flush();
    expect(calls).toContain('PATCH /profile');
    expect(refs.profile.getSnapshot().context.data?.completedOnboarding).toBe(true);
    expect(selectUser(refs.identity.getSnapshot())?.completedOnboarding).toBe(true);
    // Saved: the screen sends the user on into the app.
    expect(router.navigate).toHaveBeenCalledWith('/', { replace: true });
    await expect(guardNavigation(root, '/catalog')).resolves.toEqual({ type: 'proceed' });

    // Opening the screen again starts a fresh actor, prefilled from the saved profile.
    onboarding.stop();
    expect(open().getSnapshot().context).toMatchObject({ experienceLevel: 'EXPERIENCED' });
  });

  it('logs out on a 401 from any API call and resets everything user-specific', async () => {
    const { root, navigate, values, calls } = harness({
      user: makeUser('DEMO'),
      profile: makeProfile({ completedOnboarding: true }),
      subscriptionsStatus: 401,
    });
    await signedIn(root);
    const refs = selectRootRefs(root.getSnapshot());
    refs.profile.send({ type: 'resource.load' });
    refs.subscriptions.send({ type: 'resource.load' });
    await waitFor(refs.auth, (snapshot) => snapshot.matches('unauthenticated'));
    expect(calls).toContain('POST /identity/logout');
    expect(values.has('AV_TOKEN')).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/reveal');
    expect(selectUser(refs.identity.getSnapshot())).toBeNull();
    await flush();
    expect(refs.profile.getSnapshot().context.data).toBeNull();
    await expect(guardNavigation(root, '/catalog')).resolves.toEqual({ type: 'login', returnTo: '/catalog' });
  });

  it('sends a locally signed-in platform admin to the admin site with a full page load', async () => {
    const { root, browser, navigate } = harness({ user: makeUser('ADMIN'), profile: makeProfile(), subscriptionsStatus: 404 });
    await signedIn(root);
    await expect(guardNavigation(root, '/')).resolves.toEqual({ type: 'adminSite', logout: true });
    selectRootRefs(root.getSnapshot()).auth.send({ type: 'auth.logout', returnTo: '/admin' });
    await waitFor(selectRootRefs(root.getSnapshot()).auth, (snapshot) => snapshot.matches('unauthenticated'));
    expect(browser.load).toHaveBeenCalledWith('/admin');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('starts anonymous without a token and without loading the provider library', async () => {
    const { root, calls } = harness({ user: makeUser('USER'), profile: makeProfile(), subscriptionsStatus: 404 }, {});
    const auth = await waitFor(selectRootRefs(root.getSnapshot()).auth, (snapshot) => snapshot.matches('unauthenticated'));
    expect(auth.context.user).toBeNull();
    expect(calls).toEqual([]);
    expect(selectRootRefs(root.getSnapshot()).identity.getSnapshot().context.isInitialized).toBe(true);
  });

  describe('the sign-in form asks which sign-in serves the address first (POST /identity/authorize)', () => {
    async function signInWith(loginMethod: Api['loginMethod'], password = 'Welcome-2026!') {
      const app = harness({ user: makeUser('USER'), profile: makeProfile(), subscriptionsStatus: 404, loginMethod }, {});
      const auth = await waitFor(selectRootRefs(app.root.getSnapshot()).auth, (snapshot) => snapshot.matches('unauthenticated'));
      const sentToAuth = vi.spyOn(selectRootRefs(app.root.getSnapshot()).auth, 'send');
      const form = createActor(loginForm.logic(app.services), { input: LOGIN_FORM }).start();
      form.send({ type: 'form.change', field: 'email', value: ' teacher@district.example.org ' });
      form.send({ type: 'form.change', field: 'password', value: password });
      form.send({ type: 'form.submit' });
      await flush();
      await flush();
      return { ...app, auth, sentToAuth, form };
    }

    it("sends an address the district's provider serves to the provider's page, its password never sent here", async () => {
      const { calls, sent, sentToAuth } = await signInWith('PROVIDER');
      expect(calls).toEqual(['POST /identity/authorize']);
      expect(sent).toEqual([{ email: 'teacher@district.example.org' }]);
      expect(sentToAuth).toHaveBeenCalledWith({ type: 'auth.loginWithRedirect', returnTo: '/', loginHint: 'teacher@district.example.org' });
      expect(JSON.stringify(sent)).not.toContain('Welcome-2026!');
    });

    it("sends a connected district's address on without a password: none is asked for", async () => {
      const { calls, sentToAuth, form } = await signInWith('PROVIDER', '');
      expect(calls).toEqual(['POST /identity/authorize']);
      expect(sentToAuth).toHaveBeenCalledWith({ type: 'auth.loginWithRedirect', returnTo: '/', loginHint: 'teacher@district.example.org' });
      expect(form.getSnapshot().context.errors).toEqual({});
    });

    it('asks for the password of a LOCAL address under its field, signing nobody in', async () => {
      const { calls, sentToAuth, form } = await signInWith('LOCAL', '');
      expect(calls).toEqual(['POST /identity/authorize']);
      expect(sentToAuth).not.toHaveBeenCalled();
      expect(form.getSnapshot().context.errors).toEqual({ password: ['The Password field is required'] });
    });

    it('signs a LOCAL address in with its password', async () => {
      const { root, calls, sent } = await signInWith('LOCAL');
      await signedIn(root);
      expect(calls.slice(0, 2)).toEqual(['POST /identity/authorize', 'POST /identity/local/authorize']);
      expect(sent[1]).toEqual({ email: 'teacher@district.example.org', password: 'Welcome-2026!' });
    });

    it('signs in with the password when the question fails: the sign-in answers for itself', async () => {
      const { root, calls } = await signInWith('fails');
      await signedIn(root);
      expect(calls.slice(0, 2)).toEqual(['POST /identity/authorize', 'POST /identity/local/authorize']);
    });
  });
});
