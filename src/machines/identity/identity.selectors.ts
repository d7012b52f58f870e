import type { SnapshotFrom } from 'xstate';
import type { IdentityMachine } from '@/machines/identity/identity.machine';

// The derived flags of spec §4 "Identity state".

type IdentitySnapshot = SnapshotFrom<IdentityMachine>;

export const selectUser = (snapshot: IdentitySnapshot) => snapshot.context.user;
export const selectIsInitialized = (snapshot: IdentitySnapshot): boolean => snapshot.context.isInitialized;
export const selectIsAppLoading = (snapshot: IdentitySnapshot): boolean => snapshot.context.isAppLoading;
/** A user exists. */
export const selectIsAuthenticated = (snapshot: IdentitySnapshot): boolean => snapshot.context.user !== null;
export const selectIsAdmin = (snapshot: IdentitySnapshot): boolean => snapshot.context.user?.role === 'ADMIN';
export const selectIsDistrictAdmin = (snapshot: IdentitySnapshot): boolean =>
  snapshot.context.user?.role === 'DISTRICT_ADMIN';
export const selectIsSchoolAdmin = (snapshot: IdentitySnapshot): boolean =>
  snapshot.context.user?.role === 'SCHOOL_ADMIN';
export const selectIsDemoUser = (snapshot: IdentitySnapshot): boolean => snapshot.context.user?.role === 'DEMO';
export const selectHasFreeAccess = (snapshot: IdentitySnapshot): boolean =>
  snapshot.context.user?.hasFreeAccess ?? false;
