import type { RouteFlags } from '@/lib/flags';
import type { RouteMeta, RouteName } from '@/lib/routes';
import type { Profile, Subscription, User } from '@/machines/shared/domain';

/** Where a navigation wants to go, resolved against the route table. */
export type NavigationTarget = {
  /** Pathname plus search, exactly as the visitor asked for it (kept for the login return). */
  path: string;
  name: RouteName;
  meta: RouteMeta;
  query: Readonly<Record<string, string>>;
};

export type NavigationGuardInput = {
  to: NavigationTarget;
  /** A provider session or a local token exists (spec §4 "Authentication"). */
  isAuthenticated: boolean;
  /** The session is the local token; an admin leaving for the admin site is then logged out. */
  isLocalAuth: boolean;
  /** Null while not loaded yet; the guard then waits in `loadingUser`. */
  user: User | null;
  flags: RouteFlags;
};

export type GuardFailureStep = 'user' | 'profile' | 'subscriptions';

/**
 * What the router does with the navigation.
 * - `back`: stay on the previous path (on a first page load there is none: go to `/`).
 * - `login`: start the provider sign-in and come back to `returnTo`.
 * - `adminSite`: leave the SPA for the admin site, logging out first when `logout`.
 * - `failed`: a load the decision needs failed; nothing can be decided (show an error).
 */
export type GuardOutcome =
  | { type: 'proceed' }
  | { type: 'redirect'; to: string }
  | { type: 'back' }
  | { type: 'login'; returnTo: string }
  | { type: 'adminSite'; logout: boolean }
  | { type: 'notFound' }
  | { type: 'failed'; step: GuardFailureStep };

export type NavigationGuardContext = NavigationGuardInput & {
  profile: Profile | null;
  subscriptions: readonly Subscription[] | null;
  outcome: GuardOutcome | null;
};

export type NavigationGuardEvent =
  | { type: 'identity.loaded'; user: User }
  | { type: 'identity.failed'; error?: unknown }
  | { type: 'profile.loaded'; profile: Profile }
  | { type: 'profile.failed'; error?: unknown }
  | { type: 'subscriptions.loaded'; subscriptions: readonly Subscription[] }
  | { type: 'subscriptions.failed'; error?: unknown };

/** The tags a router integration reads to know what to fetch and send back. */
export const GUARD_LOADING_TAGS = ['loadingUser', 'loadingProfile', 'loadingSubscriptions'] as const;
export type GuardLoadingTag = (typeof GUARD_LOADING_TAGS)[number];
