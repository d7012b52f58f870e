import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GrowthBook } from '@growthbook/growthbook';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { Role } from '@/lib/routes';
import { ROUTES } from '@/lib/routes';
import { isTargetedRouteFlag, readLocalLoginFlag, readRouteFlags } from '@/lib/flags';
import { flagsMachine } from '@/machines/flags/flags.machine';
import { selectAreFlagsReady, selectFeatureOn, selectFlagClient, selectRouteFlagOn } from '@/machines/flags/flags.selectors';
import type { FlagClient } from '@/machines/flags/flags.types';
import { needsSignIn } from '@/machines/navigation-guard/guard.predicates';
import { createRootActor, type RootOptions } from '@/machines/root/root.actors';
import { guardNavigation } from '@/machines/root/root.navigation';
import { selectRootRefs } from '@/machines/root/root.selectors';
import { selectIsAuthenticated } from '@/machines/auth/auth.selectors';
import { deferred, flush, makeUser } from './fixtures';

/** A local session's token: a JWT whose payload carries an expiry (spec §5), unsigned (the API is a stand-in). */
const LOCAL_JWT = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJsb2NhbCIsImV4cCI6MTkwMDAwMDAwMH0.signature';

// Spec §1, §8: the flags client starts with the app; when it fails the app goes on without
// experiments and logs the error. The /login route exists only while `local-login` is on.

const ORIGIN = 'http://localhost:5173';

function client(features: Record<string, boolean>): FlagClient {
  return new GrowthBook({
    features: Object.fromEntries(Object.entries(features).map(([key, value]) => [key, { defaultValue: value }])),
  });
}

/** An anonymous visitor's app, with no API behind it and the given flags client. */
function anonymousApp(flags: RootOptions['flags'], logError?: RootOptions['logError']) {
  return createRootActor({
    fetch: vi.fn(async () => new Response(null, { status: 404 })),
    baseUrl: `${ORIGIN}/api`,
    browser: { origin: ORIGIN, href: () => `${ORIGIN}/`, cookie: () => '', replaceUrl: vi.fn(), load: vi.fn(), openPopup: () => null },
    storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    flags,
    logError,
  });
}

/** A signed-in visitor's app (a local session restored at start-up) with the given flags client. */
function signedInApp(role: Role, flags: RootOptions['flags']) {
  const user = makeUser(role, { hasFreeAccess: true });
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  return createRootActor({
    fetch: vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      if (path === '/api/identity/start') return json({ user, profile: { status: 404 }, subscriptions: { status: 404 }, progress: { status: 404 } });
      if (path === '/api/learner/events') return json({ accepted: 1, duplicates: 0 });
      return new Response(null, { status: 404 });
    }),
    baseUrl: `${ORIGIN}/api`,
    browser: { origin: ORIGIN, href: () => `${ORIGIN}/`, cookie: () => '', replaceUrl: vi.fn(), load: vi.fn(), openPopup: () => null },
    storage: { getItem: (key) => (key === 'AV_TOKEN' ? LOCAL_JWT : null), setItem: () => {}, removeItem: () => {} },
    flags,
  });
}

/** The features payload the server serves (server/flags/features.json). */
const SERVED_FEATURES = (JSON.parse(readFileSync(new URL('../../server/flags/features.json', import.meta.url), 'utf8')) as { features: Record<string, never> }).features;
const servedClient = (): FlagClient => new GrowthBook({ features: SERVED_FEATURES });

afterEach(() => vi.restoreAllMocks());

describe('flags machine', () => {
  it('holds the client once it is initialised and reads features from it', async () => {
    const gb = client({ 'local-login': false });
    const actor = createActor(flagsMachine.provide({ actors: { initClient: fromValue(gb) } })).start();
    await waitFor(actor, selectAreFlagsReady);
    expect(selectFlagClient(actor.getSnapshot())).toBe(gb);
    expect(selectFeatureOn(actor.getSnapshot(), 'local-login', true)).toBe(false);
    // Unknown features read their fallback.
    expect(selectFeatureOn(actor.getSnapshot(), 'nothing-here', true)).toBe(true);
    actor.stop();
  });

  it('a failed initialisation is logged and every flag reads its default', async () => {
    const logError = vi.fn();
    const failure = new Error('HTTP error: 500');
    const actor = createActor(
      flagsMachine.provide({
        actors: { initClient: fromValue(Promise.reject(failure)) },
        actions: { logError: (_, params) => logError(params.error) },
      }),
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('unavailable'));
    expect(logError).toHaveBeenCalledWith(failure);
    expect(selectFlagClient(actor.getSnapshot())).toBeNull();
    expect(selectFeatureOn(actor.getSnapshot(), 'local-login', true)).toBe(true);
  });

  it('gives up after 3 s without an answer', () => {
    const clock = new SimulatedClock();
    const logError = vi.fn();
    const actor = createActor(
      flagsMachine.provide({
        actors: { initClient: fromValue(new Promise<FlagClient>(() => {})) },
        actions: { logError: (_, params) => logError(params.error) },
      }),
      { clock },
    ).start();
    clock.increment(2999);
    expect(actor.getSnapshot().matches('initialising')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('3000 ms') }));
  });

  it('follows the client: changed features and the signed-in user', async () => {
    const gb = client({ 'local-login': true });
    const actor = createActor(flagsMachine.provide({ actors: { initClient: fromValue(gb) } })).start();
    await waitFor(actor, selectAreFlagsReady);
    const revision = actor.getSnapshot().context.revision;
    await gb.setPayload({ features: { 'local-login': { defaultValue: false } } });
    expect(actor.getSnapshot().context.revision).toBeGreaterThan(revision);
    expect(selectFeatureOn(actor.getSnapshot(), 'local-login', true)).toBe(false);
    actor.send({ type: 'flags.identify', userId: 'user-1' });
    expect(gb.getAttributes()).toMatchObject({ id: 'user-1' });
  });

  it('identifies with attributes, replaced as a whole on the next identify', async () => {
    const gb = servedClient();
    const actor = createActor(flagsMachine.provide({ actors: { initClient: fromValue(gb) } })).start();
    await waitFor(actor, selectAreFlagsReady);
    actor.send({ type: 'flags.identify', userId: 'admin-1', attributes: { role: 'ADMIN' } });
    expect(gb.getAttributes()).toEqual({ id: 'admin-1', role: 'ADMIN' });
    expect(selectRouteFlagOn(actor.getSnapshot(), 'statechart-viewer')).toBe(true);
    actor.send({ type: 'flags.identify', userId: null });
    expect(gb.getAttributes()).toEqual({ id: undefined });
    expect(selectRouteFlagOn(actor.getSnapshot(), 'statechart-viewer')).toBe(false);
  });

  it('keeps a user identified while the client loads and hands them to it once it is there', async () => {
    const gb = servedClient();
    const pending = deferred<FlagClient>();
    const actor = createActor(flagsMachine.provide({ actors: { initClient: fromValue(pending.promise) } })).start();
    actor.send({ type: 'flags.identify', userId: 'admin-1', attributes: { role: 'ADMIN' } });
    expect(selectRouteFlagOn(actor.getSnapshot(), 'statechart-viewer')).toBe(false);
    pending.resolve(gb);
    await waitFor(actor, selectAreFlagsReady);
    expect(gb.getAttributes()).toEqual({ id: 'admin-1', role: 'ADMIN' });
    expect(selectRouteFlagOn(actor.getSnapshot(), 'statechart-viewer')).toBe(true);
  });
});

describe('statechart-viewer: a flag aimed at platform admins', () => {
  it('is on for ADMIN only, by the rule of the served payload', () => {
    for (const role of ['ADMIN', 'DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER', 'DEMO'] as const) {
      const gb = servedClient();
      void gb.setAttributes({ id: 'someone', role });
      expect(gb.isOn('statechart-viewer'), role).toBe(role === 'ADMIN');
    }
    expect(servedClient().isOn('statechart-viewer')).toBe(false);
  });

  it('lets ADMIN in, sends other roles to not-found and asks anonymous visitors to sign in', async () => {
    for (const role of ['ADMIN', 'USER', 'SCHOOL_ADMIN', 'DEMO'] as const) {
      const root = signedInApp(role, { createClient: async () => servedClient() });
      const outcome = await guardNavigation(root, '/statecharts');
      expect(outcome, role).toEqual(role === 'ADMIN' ? { type: 'proceed' } : { type: 'notFound' });
      root.stop();
    }
    const anonymous = anonymousApp({ createClient: async () => servedClient() });
    await expect(guardNavigation(anonymous, '/statecharts')).resolves.toEqual({ type: 'login', returnTo: '/statecharts' });
    anonymous.stop();
  });

  it('waits for the flags while they load: nobody gets in on the fallback, ADMIN gets in once they are there', async () => {
    for (const role of ['USER', 'ADMIN'] as const) {
      const pending = deferred<FlagClient>();
      const root = signedInApp(role, { createClient: () => pending.promise });
      const outcome = vi.fn();
      void guardNavigation(root, '/statecharts').then(outcome);
      // Signed in, the flags still loading: a guard that did not wait would have decided by now.
      await waitFor(selectRootRefs(root.getSnapshot()).auth, selectIsAuthenticated);
      await flush();
      expect(outcome, role).not.toHaveBeenCalled();
      pending.resolve(servedClient());
      await vi.waitFor(() => expect(outcome, role).toHaveBeenCalledWith(role === 'ADMIN' ? { type: 'proceed' } : { type: 'notFound' }));
      root.stop();
    }
  });

  it('stays closed when the flags cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = signedInApp('ADMIN', { createClient: () => Promise.reject(new Error('HTTP error: 500')) });
    await expect(guardNavigation(root, '/statecharts')).resolves.toEqual({ type: 'notFound' });
    root.stop();
  });

  it('targeted flags guard only routes that need a sign-in (an anonymous visitor reads them as on)', () => {
    const targeted = ROUTES.filter((route) => route.meta.flag && isTargetedRouteFlag(route.meta.flag));
    expect(targeted.map((route) => route.name)).toEqual(['statecharts']);
    for (const route of targeted) expect(needsSignIn(route.meta), route.name).toBe(true);
    expect(readRouteFlags({ signedIn: false })['statechart-viewer']).toBe(true);
    expect(readRouteFlags()['statechart-viewer']).toBe(false);
  });
});

describe('flags in the app', () => {
  it('an initialisation failure leaves the app usable and logs to console.error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = anonymousApp({ createClient: () => Promise.reject(new Error('HTTP error: 404')) });
    await waitFor(selectRootRefs(root.getSnapshot()).flags, (snapshot) => snapshot.matches('unavailable'));
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('without experiments'),
      expect.objectContaining({ message: 'HTTP error: 404' }),
    );
    expect(readLocalLoginFlag()).toBe(true);
    await expect(guardNavigation(root, '/login')).resolves.toEqual({ type: 'proceed' });
    await expect(guardNavigation(root, '/reveal')).resolves.toEqual({ type: 'proceed' });
    root.stop();
  });

  it('the local-login flag turns the /login route off and on, read afresh on every navigation', async () => {
    const gb = client({ 'local-login': false });
    const root = anonymousApp({ createClient: async () => gb });
    await waitFor(selectRootRefs(root.getSnapshot()).flags, selectAreFlagsReady);
    expect(readRouteFlags()).toMatchObject({ 'local-login': false });
    await expect(guardNavigation(root, '/login')).resolves.toEqual({ type: 'notFound' });
    await gb.setPayload({ features: { 'local-login': { defaultValue: true } } });
    expect(readRouteFlags()).toMatchObject({ 'local-login': true });
    await expect(guardNavigation(root, '/login')).resolves.toEqual({ type: 'proceed' });
    root.stop();
    // Without a running app the flag is its default.
    expect(readLocalLoginFlag()).toBe(true);
  });

  it('while the flags are still loading, /login is there (the default)', async () => {
    const root = anonymousApp({ createClient: () => new Promise(() => {}) });
    await flush();
    expect(readLocalLoginFlag()).toBe(true);
    await expect(guardNavigation(root, '/login')).resolves.toEqual({ type: 'proceed' });
    root.stop();
  });
});

function fromValue<T>(value: T | Promise<T>) {
  return fromPromise<T, void>(() => Promise.resolve(value));
}
