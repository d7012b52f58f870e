import { createActor, type SnapshotFrom } from 'xstate';
import { matchRoute } from '@/lib/routes';
import { navigationGuardMachine } from '@/machines/navigation-guard/navigation-guard.machine';
import {
  GUARD_LOADING_TAGS,
  type GuardLoadingTag,
  type GuardOutcome,
  type NavigationGuardEvent,
  type NavigationGuardInput,
  type NavigationTarget,
} from '@/machines/navigation-guard/navigation-guard.types';
import type { Profile, Subscription, User } from '@/machines/shared/domain';

// The glue a router runs per navigation: start the guard, fetch whatever its loading tags ask
// for, feed the results back as events and resolve with the outcome. The loaders are supplied
// by the caller (the root actor's refs in the app, deferred promises in tests), so the guard
// itself never touches the API.

// Any absolute base works: only the pathname and search of the result are read.
const URL_BASE = 'http://navigation.invalid';

/** Resolves a pathname + search against the route table; null means the 404 page. */
export function toNavigationTarget(url: string): NavigationTarget | null {
  const parsed = new URL(url, URL_BASE);
  const match = matchRoute(parsed.pathname);
  if (!match) return null;
  return {
    path: `${parsed.pathname}${parsed.search}`,
    name: match.route.name,
    meta: match.route.meta,
    query: Object.fromEntries(parsed.searchParams),
  };
}

export type GuardLoaders = {
  /** Settles once the signed-in user is known (the auth actor loads it). */
  loadUser: (signal: AbortSignal) => Promise<User>;
  loadProfile: (signal: AbortSignal) => Promise<Profile>;
  loadSubscriptions: (signal: AbortSignal) => Promise<readonly Subscription[]>;
};

type GuardSnapshot = SnapshotFrom<typeof navigationGuardMachine>;

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The navigation was cancelled', 'AbortError');
}

/**
 * Runs the navigation guard for one navigation. Rejects only when `signal` aborts (a newer
 * navigation superseded this one); every other problem is an outcome.
 */
export function runNavigationGuard(
  input: NavigationGuardInput,
  loaders: GuardLoaders,
  options: { signal?: AbortSignal } = {},
): Promise<GuardOutcome> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));

  return new Promise<GuardOutcome>((resolve, reject) => {
    const actor = createActor(navigationGuardMachine, { input });
    // Loaders see their own signal so an abandoned navigation can cancel its fetches.
    const fetches = new AbortController();
    const started = new Set<GuardLoadingTag>();
    let settled = false;

    const settle = (outcome: { ok: true; value: GuardOutcome } | { ok: false; error: unknown }) => {
      if (settled) return;
      settled = true;
      subscription.unsubscribe();
      signal?.removeEventListener('abort', onAbort);
      fetches.abort();
      actor.stop();
      if (outcome.ok) resolve(outcome.value);
      else reject(outcome.error);
    };
    const onAbort = () => settle({ ok: false, error: abortError(signal ?? fetches.signal) });
    const send = (event: NavigationGuardEvent) => {
      // A late answer for a navigation that is already decided or abandoned is dropped.
      if (!settled) actor.send(event);
    };

    const fetchers: Record<GuardLoadingTag, () => Promise<void>> = {
      loadingUser: () =>
        loaders.loadUser(fetches.signal).then(
          (user) => send({ type: 'identity.loaded', user }),
          (error: unknown) => send({ type: 'identity.failed', error }),
        ),
      loadingProfile: () =>
        loaders.loadProfile(fetches.signal).then(
          (profile) => send({ type: 'profile.loaded', profile }),
          (error: unknown) => send({ type: 'profile.failed', error }),
        ),
      loadingSubscriptions: () =>
        loaders.loadSubscriptions(fetches.signal).then(
          (subscriptions) => send({ type: 'subscriptions.loaded', subscriptions }),
          (error: unknown) => send({ type: 'subscriptions.failed', error }),
        ),
    };

    const handle = (snapshot: GuardSnapshot) => {
      if (snapshot.status === 'done') return settle({ ok: true, value: snapshot.output });
      if (snapshot.status === 'error') return settle({ ok: false, error: snapshot.error });
      for (const tag of GUARD_LOADING_TAGS) {
        if (!snapshot.hasTag(tag) || started.has(tag)) continue;
        started.add(tag);
        void fetchers[tag]();
      }
    };

    const subscription = actor.subscribe({ next: handle, error: (error) => settle({ ok: false, error }) });
    signal?.addEventListener('abort', onAbort, { once: true });
    actor.start();
    // A guard that decides without loading anything may not notify after start.
    handle(actor.getSnapshot());
  });
}
