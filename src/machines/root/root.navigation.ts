import { waitFor, type Actor } from 'xstate';
import { readRouteFlags, type RouteFlags } from '@/lib/flags';
import { selectHasSession, selectIsLocalAuth, selectIsSessionKnown } from '@/machines/auth/auth.selectors';
import { runNavigationGuard, toNavigationTarget } from '@/machines/navigation-guard/navigation-guard.run';
import type { GuardLoaders } from '@/machines/navigation-guard/navigation-guard.run';
import type { GuardOutcome } from '@/machines/navigation-guard/navigation-guard.types';
import type { RootMachine } from '@/machines/root/root.machine';
import { selectRootRefs, type RootRefs } from '@/machines/root/root.selectors';

// The router's one call per navigation: the guard of spec §4 fed by the app-wide actors. The
// profile and subscriptions actors cache, so only the first navigation after sign-in fetches.

export type GuardNavigationOptions = {
  flags?: RouteFlags;
  /** The router's request signal: a newer navigation cancels this one. */
  signal?: AbortSignal;
};

export function createGuardLoaders(refs: RootRefs): GuardLoaders {
  return {
    loadUser: async (signal) => {
      const settled = await waitFor(
        refs.auth,
        (snapshot) => snapshot.matches('authenticated') || snapshot.matches('unauthenticated'),
        { signal, timeout: Infinity },
      );
      // Identity holds the user as the app knows it now (onboarding and verification update it).
      const user = refs.identity.getSnapshot().context.user ?? settled.context.user;
      if (!user) throw settled.context.error ?? new Error('Signing in did not load the user');
      return user;
    },
    loadProfile: async (signal) => {
      refs.profile.send({ type: 'profile.load' });
      const settled = await waitFor(
        refs.profile,
        (snapshot) => snapshot.matches('loaded') || snapshot.matches('failed'),
        { signal, timeout: Infinity },
      );
      if (!settled.context.profile) throw settled.context.error;
      return settled.context.profile;
    },
    loadSubscriptions: async (signal) => {
      refs.subscriptions.send({ type: 'subscriptions.load' });
      const settled = await waitFor(
        refs.subscriptions,
        (snapshot) => snapshot.matches('loaded') || snapshot.matches('failed'),
        { signal, timeout: Infinity },
      );
      if (!settled.context.subscriptions) throw settled.context.error;
      return settled.context.subscriptions;
    },
  };
}

/**
 * Decides one navigation to `url` (pathname + search). Waits for the session check at start-up
 * (the shell shows its loader meanwhile), then runs the navigation guard.
 */
export async function guardNavigation(
  root: Actor<RootMachine>,
  url: string,
  options: GuardNavigationOptions = {},
): Promise<GuardOutcome> {
  const target = toNavigationTarget(url);
  if (!target) return { type: 'notFound' };
  const refs = selectRootRefs(root.getSnapshot());
  const auth = await waitFor(refs.auth, selectIsSessionKnown, { signal: options.signal, timeout: Infinity });
  return runNavigationGuard(
    {
      to: target,
      isAuthenticated: selectHasSession(auth),
      isLocalAuth: selectIsLocalAuth(auth),
      // Only a finished sign-in has a user to trust; while signing in the guard waits for it.
      // Identity's copy is the current one (onboarding and e-mail verification update it).
      user: auth.matches('authenticated') ? (refs.identity.getSnapshot().context.user ?? auth.context.user) : null,
      flags: options.flags ?? readRouteFlags(),
    },
    createGuardLoaders(refs),
    { signal: options.signal },
  );
}
