import type { User } from '@/machines/shared/domain';

export type IdentityContext = {
  /** Null until fetched, and again after logout. */
  user: User | null;
  /** True once the first user fetch settled, signed in or not. */
  isInitialized: boolean;
  /** The app-wide loading flag (shell loader) some screens raise while they prepare. */
  isAppLoading: boolean;
};

export type IdentityEvent =
  | { type: 'identity.loaded'; user: User }
  | { type: 'identity.cleared' }
  /** After a successful verify-email call (spec §4 "Identity state"). */
  | { type: 'identity.emailVerified' }
  /** After the onboarding is saved, so the guard stops sending the user to /onboarding. */
  | { type: 'identity.onboardingCompleted' }
  | { type: 'identity.appLoading'; isAppLoading: boolean };
