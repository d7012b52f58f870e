import type { RouteFlag } from '@/lib/routes';

/** The flag values the navigation guard needs, keyed like the route table's `flag` meta. */
export type RouteFlags = Record<RouteFlag, boolean>;

/** Reads one boolean feature from the app's feature-flag client (the flags actor). */
export type FeatureReader = (key: RouteFlag, fallback: boolean) => boolean;

// The flags actor lives in the app's actor system, which this module must not import (lib
// sits below machines). The root wiring connects a reader at start-up instead; every call
// below asks it afresh, so the navigation guard sees the value of the moment.
let reader: FeatureReader | null = null;

/** Connects the reader of the running app (root.actors.ts); returns the undo. */
export function connectFeatureReader(next: FeatureReader): () => void {
  reader = next;
  return () => {
    if (reader === next) reader = null;
  };
}

/**
 * Every route flag, with its value while the flags are loading, when they failed to load, and
 * when the client does not know the feature (`fallback`). A new RouteFlag is added here.
 *
 * A `targeted` flag is on for some signed-in users only (a rule on their attributes, such as
 * the role), so its fallback is off: nobody gets in by accident while the flags load. Its value
 * means something only once the flags have settled and the user is identified; the router
 * waits for both (root.navigation.ts). Only routes that need a sign-in may use one.
 */
const ROUTE_FLAGS: Record<RouteFlag, { fallback: boolean; targeted: boolean }> = {
  'local-login': { fallback: true, targeted: false },
  'statechart-viewer': { fallback: false, targeted: true },
};

export function routeFlagFallback(key: RouteFlag): boolean {
  return ROUTE_FLAGS[key].fallback;
}

export function isTargetedRouteFlag(key: RouteFlag): boolean {
  return ROUTE_FLAGS[key].targeted;
}

function readRouteFlag(key: RouteFlag): boolean {
  const fallback = routeFlagFallback(key);
  return reader ? reader(key, fallback) : fallback;
}

/**
 * Whether the local e-mail/password sign-in (the /login route) is offered: the `local-login`
 * feature. On (its default in the flags payload) while the flags are still loading, when they
 * failed to load, and when nothing is connected, so a flag outage never locks anyone out.
 */
export function readLocalLoginFlag(): boolean {
  return readRouteFlag('local-login');
}

/**
 * The route flags for the visitor of the moment. A targeted flag cannot be judged for a visitor
 * who is not signed in: it reads as on, so its route asks them to sign in, and it decides after.
 */
export function readRouteFlags(visitor: { signedIn: boolean } = { signedIn: true }): RouteFlags {
  const keys = Object.keys(ROUTE_FLAGS) as RouteFlag[];
  return Object.fromEntries(keys.map((key) => [key, isTargetedRouteFlag(key) && !visitor.signedIn ? true : readRouteFlag(key)])) as RouteFlags;
}
