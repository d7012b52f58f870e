import { afterEach, describe, expect, it, vi } from 'vitest';
import { GrowthBook } from '@growthbook/growthbook';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import { readLocalLoginFlag, readRouteFlags } from '@/lib/flags';
import { flagsMachine } from '@/machines/flags/flags.machine';
import { selectAreFlagsReady, selectFeatureOn, selectFlagClient } from '@/machines/flags/flags.selectors';
import type { FlagClient } from '@/machines/flags/flags.types';
import { createRootActor, type RootOptions } from '@/machines/root/root.actors';
import { guardNavigation } from '@/machines/root/root.navigation';
import { selectFlagsRef } from '@/machines/root/root.selectors';
import { flush } from './fixtures';

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
});

describe('flags in the app', () => {
  it('an initialisation failure leaves the app usable and logs to console.error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = anonymousApp({ createClient: () => Promise.reject(new Error('HTTP error: 404')) });
    await waitFor(selectFlagsRef(root.getSnapshot()), (snapshot) => snapshot.matches('unavailable'));
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
    await waitFor(selectFlagsRef(root.getSnapshot()), selectAreFlagsReady);
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
