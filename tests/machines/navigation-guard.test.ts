import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { navigationGuardMachine } from '@/machines/navigation-guard/navigation-guard.machine';
import {
  allowsAdmin,
  allowsDemo,
  hasAccess,
  hasCompletedOnboarding,
  hasRequiredQuery,
  isHiddenByFlag,
  isOrganizationMember,
  isPersonalized,
  isRoleAllowed,
  needsSignIn,
} from '@/machines/navigation-guard/guard.predicates';
import { runNavigationGuard, toNavigationTarget } from '@/machines/navigation-guard/navigation-guard.run';
import type { NavigationGuardInput } from '@/machines/navigation-guard/navigation-guard.types';
import { deferred, flush, makeProfile, makeSubscription, makeUser } from './fixtures';

function target(url: string) {
  const resolved = toNavigationTarget(url);
  if (!resolved) throw new Error(`${url} is not a route`);
  return resolved;
}

function input(url: string, overrides: Partial<NavigationGuardInput> = {}): NavigationGuardInput {
  return {
    to: target(url),
    isAuthenticated: true,
    isLocalAuth: false,
    user: makeUser('USER', { hasFreeAccess: true }),
    flags: { 'local-login': true, 'statechart-viewer': true },
    ...overrides,
  };
}

describe('guard predicates', () => {
  it('access: free access or any active subscription', () => {
    expect(hasAccess({ hasFreeAccess: true }, [])).toBe(true);
    expect(hasAccess({ hasFreeAccess: false }, [])).toBe(false);
    expect(hasAccess({ hasFreeAccess: false }, [{ isActive: false }, { isActive: true }])).toBe(true);
    expect(hasAccess({ hasFreeAccess: false }, [{ isActive: false }])).toBe(false);
  });

  it('profile and user facts', () => {
    expect(isOrganizationMember(makeProfile({ isOrganizationMember: true }))).toBe(true);
    expect(isPersonalized(makeProfile({ completedOnboarding: false }))).toBe(false);
    expect(hasCompletedOnboarding(makeUser('USER', { completedOnboarding: false }))).toBe(false);
  });

  it('route facts', () => {
    expect(isRoleAllowed({ roles: ['USER'] }, 'USER')).toBe(true);
    expect(isRoleAllowed({}, 'USER')).toBe(false);
    expect(allowsDemo({ demoAllowed: true })).toBe(true);
    expect(allowsAdmin({ public: true })).toBe(true);
    expect(allowsAdmin({ roles: ['USER'] })).toBe(false);
    expect(needsSignIn({ anonymousOnly: true })).toBe(false);
    expect(needsSignIn({ public: true })).toBe(false);
    expect(needsSignIn({ roles: ['USER'] })).toBe(true);
    expect(isHiddenByFlag({ flag: 'local-login' }, { 'local-login': false, 'statechart-viewer': true })).toBe(true);
    expect(isHiddenByFlag({ flag: 'local-login' }, { 'local-login': true, 'statechart-viewer': true })).toBe(false);
    expect(hasRequiredQuery({ requiredQuery: ['verification-token'] }, { 'verification-token': ' ' })).toBe(false);
  });
});

describe('navigation target', () => {
  it('keeps the full path with its search for the login return', () => {
    expect(toNavigationTarget('/learning-objects/lo-1?playVideo=1&x=%20y')).toMatchObject({
      path: '/learning-objects/lo-1?playVideo=1&x=%20y',
      name: 'learning-object',
      query: { playVideo: '1', x: ' y' },
    });
    expect(toNavigationTarget('/nowhere')).toBeNull();
  });
});

describe('navigation guard machine', () => {
  it('tags each loading step so the router knows what to fetch', () => {
    const actor = createActor(navigationGuardMachine, { input: input('/catalog', { user: null }) }).start();
    expect(actor.getSnapshot().hasTag('loadingUser')).toBe(true);
    actor.send({ type: 'identity.loaded', user: makeUser('USER', { hasFreeAccess: true }) });
    const loading = actor.getSnapshot();
    expect(loading.hasTag('loadingProfile') && loading.hasTag('loadingSubscriptions')).toBe(true);
    actor.send({ type: 'subscriptions.loaded', subscriptions: [] });
    expect(actor.getSnapshot().hasTag('loadingSubscriptions')).toBe(false);
    actor.send({ type: 'profile.loaded', profile: makeProfile() });
    expect(actor.getSnapshot().output).toEqual({ type: 'proceed' });
  });

  it('decides without loading anything for an anonymous visitor', () => {
    const actor = createActor(navigationGuardMachine, {
      input: input('/profile?tab=2', { isAuthenticated: false, user: null }),
    }).start();
    expect(actor.getSnapshot().output).toEqual({ type: 'login', returnTo: '/profile?tab=2' });
  });
});

describe('runNavigationGuard', () => {
  it('fetches profile and subscriptions at the same time', async () => {
    const profile = deferred<ReturnType<typeof makeProfile>>();
    const subscriptions = deferred<ReturnType<typeof makeSubscription>[]>();
    const loaders = {
      loadUser: vi.fn(),
      loadProfile: vi.fn(() => profile.promise),
      loadSubscriptions: vi.fn(() => subscriptions.promise),
    };
    const outcome = runNavigationGuard(input('/catalog', { user: makeUser('USER') }), loaders);
    expect(loaders.loadProfile).toHaveBeenCalledTimes(1);
    expect(loaders.loadSubscriptions).toHaveBeenCalledTimes(1);
    subscriptions.resolve([makeSubscription({ isActive: true })]);
    profile.resolve(makeProfile());
    await expect(outcome).resolves.toEqual({ type: 'proceed' });
    expect(loaders.loadUser).not.toHaveBeenCalled();
  });

  it('is cancelled by its signal, and cancels the fetches it started', async () => {
    const controller = new AbortController();
    let fetchSignal: AbortSignal | undefined;
    const outcome = runNavigationGuard(
      input('/catalog', { user: null }),
      {
        loadUser: (signal) => {
          fetchSignal = signal;
          return new Promise(() => undefined);
        },
        loadProfile: vi.fn(),
        loadSubscriptions: vi.fn(),
      },
      { signal: controller.signal },
    );
    await flush();
    controller.abort();
    await expect(outcome).rejects.toBeDefined();
    expect(fetchSignal?.aborted).toBe(true);
  });

  it('turns a failed load into a failed outcome', async () => {
    const outcome = runNavigationGuard(input('/usage', { user: makeUser('SCHOOL_ADMIN') }), {
      loadUser: vi.fn(),
      loadProfile: () => Promise.reject(new Error('offline')),
      loadSubscriptions: () => new Promise(() => undefined),
    });
    await expect(outcome).resolves.toEqual({ type: 'failed', step: 'profile' });
  });
});
