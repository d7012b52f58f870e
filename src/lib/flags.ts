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
 * Each route flag's value while the flags are loading, when they failed to load, and when the
 * client does not know the feature. A new RouteFlag gets its default here.
 */
const ROUTE_FLAG_DEFAULTS: RouteFlags = { 'local-login': true, 'statechart-viewer': true };

function readRouteFlag(key: RouteFlag): boolean {
  const fallback = ROUTE_FLAG_DEFAULTS[key];
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

export function readRouteFlags(): RouteFlags {
  const keys = Object.keys(ROUTE_FLAG_DEFAULTS) as RouteFlag[];
  return Object.fromEntries(keys.map((key) => [key, readRouteFlag(key)])) as RouteFlags;
}
