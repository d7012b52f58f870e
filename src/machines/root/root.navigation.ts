import { waitFor, type Actor } from 'xstate';
import { isTargetedRouteFlag, readRouteFlags, type RouteFlags } from '@/lib/flags';
import { selectHasSession, selectIsLocalAuth, selectIsSessionKnown, selectIsUserSettled } from '@/machines/auth/auth.selectors';
import { selectAreFlagsSettled } from '@/machines/flags/flags.selectors';
import { runNavigationGuard, toNavigationTarget } from '@/machines/navigation-guard/navigation-guard.run';
import type { GuardLoaders } from '@/machines/navigation-guard/navigation-guard.run';
import type { GuardOutcome } from '@/machines/navigation-guard/navigation-guard.types';
import type { RootMachine } from '@/machines/root/root.machine';
import { selectRootRefs, type RootRefs } from '@/machines/root/root.selectors';
import { loadResource } from '@/machines/shared/resource.actors';

// The router's one call per navigation: the guard of spec §4 fed by the app-wide actors. The
// profile and subscriptions actors hold what the root's start-up handed them (GET /identity/start,
// which also gives the user; root.machine.ts), so the first navigation after sign-in fetches
// nothing more. The guard's first step waits for the user only, not for the whole sign-in, so the
// start-up chain is /identity/start → (login event ∥ the screen's data).

export type GuardNavigationOptions = {
  flags?: RouteFlags;
  /** The router's request signal: a newer navigation cancels this one. */
  signal?: AbortSignal;
};

export function createGuardLoaders(refs: RootRefs): GuardLoaders {
  return {
    loadUser: async (signal) => {
      const settled = await waitFor(refs.auth, selectIsUserSettled, { signal, timeout: Infinity });
      // Identity holds the user as the app knows it now (onboarding and verification update it).
      const user = refs.identity.getSnapshot().context.user ?? settled.context.user;
      if (!user) throw settled.context.error ?? new Error('Signing in did not load the user');
      return user;
    },
    loadProfile: (signal) => loadResource(refs.profile, signal),
    loadSubscriptions: (signal) => loadResource(refs.subscriptions, signal),
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
  const { signal } = options;
  let auth = await waitFor(refs.auth, selectIsSessionKnown, { signal, timeout: Infinity });
  if (target.meta.flag && !options.flags) {
    // A flag aimed at some users means something once the sign-in has finished (the user is
    // announced to the flags client).
    if (isTargetedRouteFlag(target.meta.flag)) {
      auth = await waitFor(refs.auth, (snapshot) => snapshot.matches('authenticated') || snapshot.matches('unauthenticated'), { signal, timeout: Infinity });
    }
    // Any route behind a flag is decided by the flag's value, not its default: on a direct visit
    // or a reload too, it waits until the flags have loaded or given up (3 s at most).
    await waitFor(refs.flags, selectAreFlagsSettled, { signal, timeout: Infinity });
  }
  return runNavigationGuard(
    {
      to: target,
      isAuthenticated: selectHasSession(auth),
      isLocalAuth: selectIsLocalAuth(auth),
      // Only a loaded user is one to trust; before that the guard waits for it. Identity's copy
      // is the current one (onboarding and e-mail verification update it).
      user: auth.hasTag('userLoaded') ? (refs.identity.getSnapshot().context.user ?? auth.context.user) : null,
      flags: options.flags ?? readRouteFlags({ signedIn: selectHasSession(auth) }),
    },
    createGuardLoaders(refs),
    { signal },
  );
}
