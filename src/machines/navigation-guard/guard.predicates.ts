import type { RouteFlags } from '@/lib/flags';
import type { Role, RouteMeta } from '@/lib/routes';
import type { Profile, Subscription, User } from '@/machines/shared/domain';

// The small facts the navigation guard is composed of (spec §4 "Navigation guard"). Pure, so
// the chart's guards stay one-liners and the facts can be tested without a machine.

/** Free access or any active subscription, personal or through the organization (§4 step 5). */
export function hasAccess(
  user: Pick<User, 'hasFreeAccess'>,
  subscriptions: readonly Pick<Subscription, 'isActive'>[],
): boolean {
  return user.hasFreeAccess || subscriptions.some((subscription) => subscription.isActive);
}

export function isOrganizationMember(profile: Pick<Profile, 'isOrganizationMember'>): boolean {
  return profile.isOrganizationMember;
}

/** The account's e-mail address is proven (the link e-mailed to it was followed). */
export function isVerified(user: Pick<User, 'verified'>): boolean {
  return user.verified;
}

/** Regular users: the user record's flag, set when the onboarding is saved. */
export function hasCompletedOnboarding(user: Pick<User, 'completedOnboarding'>): boolean {
  return user.completedOnboarding;
}

/** Demo users: personalization is saved on the profile. */
export function isPersonalized(profile: Pick<Profile, 'completedOnboarding'>): boolean {
  return profile.completedOnboarding;
}

export function isRoleAllowed(meta: RouteMeta, role: Role): boolean {
  return meta.roles?.includes(role) ?? false;
}

export function allowsDemo(meta: RouteMeta): boolean {
  return meta.demoAllowed === true;
}

/** The platform admin stays in the SPA only where a route says so, or where anyone may go. */
export function allowsAdmin(meta: RouteMeta): boolean {
  return meta.public === true || isRoleAllowed(meta, 'ADMIN');
}

export function isAnonymousOnly(meta: RouteMeta): boolean {
  return meta.anonymousOnly === true;
}

export function isPublic(meta: RouteMeta): boolean {
  return meta.public === true;
}

export function needsSignIn(meta: RouteMeta): boolean {
  return !isAnonymousOnly(meta) && !isPublic(meta);
}

export function isHiddenByFlag(meta: RouteMeta, flags: RouteFlags): boolean {
  return meta.flag !== undefined && !flags[meta.flag];
}

export function hasRequiredQuery(meta: RouteMeta, query: Readonly<Record<string, string>>): boolean {
  return (meta.requiredQuery ?? []).every((name) => (query[name] ?? '').trim() !== '');
}

export function isLegacyRedirect(meta: RouteMeta): boolean {
  return meta.redirectTo !== undefined;
}
