import type { components } from '@/api/schema';

// The route table of spec §2. Every rule about who may enter which screen lives here and only
// here: the navigation guard reads `meta`, the router builds its tree from `path` and `shell`.

export type Role = components['schemas']['Role'];

const PAYING: readonly Role[] = ['DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER'];

/** The role sets of spec §6, named so the table below reads like the spec. */
export const ROLES = {
  all: ['ADMIN', 'DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER', 'DEMO'],
  /** The normal paying set: district admin, school admin, user. */
  paying: PAYING,
  /** The paying set plus demo, for the browsing routes. */
  browsing: [...PAYING, 'DEMO'],
  /** Who sees the Educator Usage report. */
  usage: ['SCHOOL_ADMIN', 'DISTRICT_ADMIN'],
  /** Who keeps a district's roster in the educator app (the platform admin does on the admin site). */
  roster: ['DISTRICT_ADMIN'],
  demo: ['DEMO'],
} as const satisfies Record<string, readonly Role[]>;

/** Feature flags that can hide a route entirely (a hidden route is a 404, not a redirect). */
export type RouteFlag = 'local-login' | 'statechart-viewer';

export type RouteMeta = {
  /** Signed-in roles that may enter; absent on anonymous-only, public and redirect routes. */
  roles?: readonly Role[];
  /** Only visitors who are not signed in; signed-in users are sent back. */
  anonymousOnly?: boolean;
  /** Demo users may enter (derived from `roles`, or set on public routes: see `withRoles`). */
  demoAllowed?: boolean;
  /** The route exists only while this flag is on. */
  flag?: RouteFlag;
  /** Anyone may enter, signed in or not, whatever their subscription. */
  public?: boolean;
  /** Query parameters the route cannot work without; missing ones make it a 404. */
  requiredQuery?: readonly string[];
  /** A legacy path: always sent on to this path. */
  redirectTo?: string;
  /** Demo users are sent here instead of entering (the community link is for members). */
  demoRedirectTo?: string;
};

type RouteEntry = {
  name: string;
  /** Full react-router pattern, e.g. `/learning-objects/:publicId`. */
  path: string;
  /** A child of the home shell (`/`): the router nests it there, relative to `/`. */
  shell: boolean;
  meta: RouteMeta;
  /** The page's name in the browser tab; a screen may name it after its data once loaded. */
  title?: string;
};

/** Demo access follows from the roles, so the two can never disagree. */
function withRoles(roles: readonly Role[], extra: Omit<RouteMeta, 'roles' | 'demoAllowed'> = {}): RouteMeta {
  return { ...extra, roles, demoAllowed: roles.includes('DEMO') };
}

const anonymousOnly: RouteMeta = { anonymousOnly: true };

const ROUTE_TABLE = [
  { name: 'login', path: '/login', title: 'Sign in', shell: false, meta: { ...anonymousOnly, flag: 'local-login' } },
  { name: 'callback', path: '/callback', title: 'Signing in', shell: false, meta: anonymousOnly },
  {
    name: 'email-verification',
    path: '/email-verification',
    title: 'Confirm your e-mail',
    shell: false,
    meta: { public: true, demoAllowed: true, requiredQuery: ['verification-token'] },
  },
  { name: 'reveal', path: '/reveal', title: 'Thanks for trying the demo', shell: false, meta: anonymousOnly },
  { name: 'invite', path: '/invite', title: 'Accept your invitation', shell: false, meta: anonymousOnly },
  // Not in the spec's table, but the spec has demo users without saying how one starts: an
  // e-mail form that calls POST /identity/demo.
  { name: 'demo', path: '/demo', title: 'Try the demo', shell: false, meta: anonymousOnly },
  // Not in the spec: where an account waits until its address is proven (the link e-mailed at
  // sign-up is followed); the navigation guard sends it nowhere else (docs/decisions.md).
  { name: 'check-email', path: '/check-email', title: 'Check your e-mail', shell: false, meta: withRoles(ROLES.browsing) },
  { name: 'payment', path: '/payment', title: 'Subscribe', shell: false, meta: withRoles(ROLES.paying) },
  {
    name: 'expired-organization-subscription',
    path: '/expired-organization-subscription',
    title: 'Subscription expired',
    shell: false,
    meta: withRoles(ROLES.paying),
  },
  { name: 'onboarding', path: '/onboarding', title: 'Welcome', shell: false, meta: withRoles(ROLES.paying) },
  { name: 'personalize', path: '/personalize', title: 'Personalize', shell: false, meta: withRoles(ROLES.demo) },
  { name: 'dashboard', path: '/', title: 'Dashboard', shell: true, meta: withRoles(ROLES.browsing) },
  { name: 'community', path: '/community', title: 'Community', shell: true, meta: withRoles(ROLES.browsing, { demoRedirectTo: '/' }) },
  { name: 'livestreams', path: '/livestreams', title: 'Livestreams', shell: true, meta: withRoles(ROLES.browsing) },
  { name: 'livestream', path: '/livestreams/:publicId', title: 'Livestream', shell: true, meta: withRoles(ROLES.browsing) },
  { name: 'learning-object', path: '/learning-objects/:publicId', title: 'Strategy', shell: true, meta: withRoles(ROLES.browsing) },
  { name: 'playlist', path: '/playlists/:publicId', title: 'Playlist', shell: true, meta: withRoles(ROLES.browsing) },
  { name: 'catalog', path: '/catalog', title: 'Catalog', shell: true, meta: withRoles(ROLES.browsing) },
  { name: 'profile', path: '/profile', title: 'Profile', shell: true, meta: withRoles(ROLES.paying) },
  { name: 'learning', path: '/learning', title: 'My learning', shell: true, meta: withRoles(ROLES.paying) },
  { name: 'billing', path: '/billing', title: 'Billing', shell: true, meta: withRoles(ROLES.paying) },
  { name: 'usage', path: '/usage', title: 'Educator Usage', shell: true, meta: withRoles(ROLES.usage) },
  // Not in the spec: the district's roster (OneRoster imports and REST endpoint), reached from Educator Usage.
  { name: 'roster', path: '/usage/roster', title: 'Roster', shell: true, meta: withRoles(ROLES.roster) },
  { name: 'my-account-profile', path: '/my-account/profile', shell: true, meta: { redirectTo: '/profile' } },
  { name: 'my-account-learning', path: '/my-account/learning', shell: true, meta: { redirectTo: '/learning' } },
  { name: 'my-account-billing', path: '/my-account/billing', shell: true, meta: { redirectTo: '/billing' } },
  // Not in the spec: the statechart viewer for staff and development. Every role may enter; its
  // flag decides who sees it (platform admins, by a rule on the role: src/lib/flags.ts).
  { name: 'statecharts', path: '/statecharts', title: 'Statecharts', shell: true, meta: withRoles(ROLES.all, { flag: 'statechart-viewer' }) },
] as const satisfies readonly RouteEntry[];

/** The names of the table above: a route is added there and nowhere else. */
export type RouteName = (typeof ROUTE_TABLE)[number]['name'];
/** A route that shows a screen of its own: every route but the legacy redirects. */
export type ScreenName = Exclude<RouteName, Extract<(typeof ROUTE_TABLE)[number], { meta: { redirectTo: string } }>['name']>;
export type AppRoute = RouteEntry & { name: RouteName };
export const ROUTES: readonly AppRoute[] = ROUTE_TABLE;

/** The platform admin's separate site (spec §4 step 3); served outside this SPA. */
export const ADMIN_SITE_PATH = '/admin';

/** Where the app goes when nothing more specific applies (spec §2 "After sign-in flows"). */
export const HOME_PATH = '/';

export type RouteMatch = { route: AppRoute; params: Record<string, string> };

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape (`%E0%A4%A`) cannot name anything: treat the path as unknown.
    return null;
  }
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const value = actual[index];
    if (value === undefined) return null;
    if (part.startsWith(':')) {
      const decoded = decodeSegment(value);
      if (decoded === null) return null;
      params[part.slice(1)] = decoded;
    } else if (part.toLowerCase() !== value.toLowerCase()) {
      // Case-insensitive like react-router's default, so the guard and the router agree.
      return null;
    }
  }
  return params;
}

const COMPILED = ROUTES.map((route) => ({ route, pattern: segments(route.path) }));

/**
 * The route a pathname shows, with its decoded params; null is the 404 page. A query string or
 * hash on the argument is ignored. Flags are not consulted here: the guard turns a route whose
 * flag is off into a 404, because only it knows the flags.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const actual = segments(path);
  for (const { route, pattern } of COMPILED) {
    const params = matchSegments(pattern, actual);
    if (params) return { route, params };
  }
  return null;
}

export function getRoute(name: RouteName): AppRoute {
  const route = ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}

/** The `:name` segments of a path pattern. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The params of every route whose path has some, read from the table. */
type RouteParams = {
  [Route in (typeof ROUTE_TABLE)[number] as [ParamNames<Route['path']>] extends [never] ? never : Route['name']]: Record<ParamNames<Route['path']>, string>;
};

/** Typed path building for the routes that take params, so no view concatenates URLs. */
export function buildPath<Name extends RouteName>(
  name: Name,
  ...args: Name extends keyof RouteParams
    ? [params: RouteParams[Name], query?: Record<string, string>]
    : [params?: undefined, query?: Record<string, string>]
): string {
  const [params, query] = args;
  const values: Record<string, string> = params ?? {};
  const path = getRoute(name).path.replace(/:([A-Za-z]+)/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Route ${name} needs the param ${key}`);
    return encodeURIComponent(value);
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}
