import type { SnapshotFrom } from 'xstate';
import type { AuthMachine } from '@/machines/auth/auth.machine';

// What views ask the auth actor, named so a component never reads the chart's structure.

type AuthSnapshot = SnapshotFrom<AuthMachine>;

/** Session check, sign-in sequence or logout under way: the shell shows its full-screen loader. */
export const selectIsAuthLoading = (snapshot: AuthSnapshot): boolean => snapshot.hasTag('loading');
/** A provider session or a local token exists (the user may still be loading). */
export const selectHasSession = (snapshot: AuthSnapshot): boolean => snapshot.hasTag('session');
/** Signed in, with the user loaded and the login recorded. */
export const selectIsAuthenticated = (snapshot: AuthSnapshot): boolean => snapshot.matches('authenticated');
/**
 * The signed-in user is loaded (the login event may still be on its way), or nobody is signed
 * in: what the navigation guard's first step waits for.
 */
export const selectIsUserSettled = (snapshot: AuthSnapshot): boolean =>
  snapshot.hasTag('userLoaded') || snapshot.matches('unauthenticated');
/** The session question is answered (the router may run its guard). */
export const selectIsSessionKnown = (snapshot: AuthSnapshot): boolean =>
  !snapshot.matches('loading') && !snapshot.matches('loggingOut');
/** A login, sign-up redirect or demo start is in progress: disable its buttons. */
export const selectIsBusy = (snapshot: AuthSnapshot): boolean => snapshot.hasTag('busy');
export const selectAuthError = (snapshot: AuthSnapshot) => snapshot.context.error;
export const selectAuthUser = (snapshot: AuthSnapshot) => snapshot.context.user;
export const selectIsLocalAuth = (snapshot: AuthSnapshot): boolean => snapshot.context.session === 'local';
