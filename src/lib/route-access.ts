import { getRoute, type Role, type RouteName } from '@/lib/routes';

// Apart from the route table so the menus' rule loads with the shell, not with the first page.
/**
 * Whether a signed-in role may stay on a route: what menus offer, so no link leads where the
 * navigation guard would send the user away (a platform admin to the admin site, a demo user
 * from a route that sends demos elsewhere).
 */
export function roleMayEnter(name: RouteName, role: Role): boolean {
  const { meta } = getRoute(name);
  if (role === 'DEMO' && 'demoRedirectTo' in meta) return false;
  return (meta.roles as readonly Role[] | undefined)?.includes(role) ?? false;
}
