import type { RouteFlag } from '@/lib/routes';

/** The flag values the navigation guard needs, keyed like the route table's `flag` meta. */
export type RouteFlags = Record<RouteFlag, boolean>;

/**
 * Whether the local e-mail/password sign-in (the /login route) is offered. Always on until the
 * feature-flag client lands; that work replaces this function, not its callers.
 */
export function readLocalLoginFlag(): boolean {
  return true;
}

export function readRouteFlags(): RouteFlags {
  return { 'local-login': readLocalLoginFlag() };
}
