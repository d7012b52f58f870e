import type { SnapshotFrom } from 'xstate';
import type {
  AuthRef,
  IdentityRef,
  OnboardingRef,
  PersonalizeRef,
  ProfileRef,
  ProgressRef,
  ReferenceDataRef,
  EmailVerificationRef,
  CallbackRef,
  FlagsRef,
  IntegrationsRef,
  LearnerEventsRef,
  NavigationProgressRef,
  RootMachine,
  SnackbarRef,
  SubscriptionsRef,
} from '@/machines/root/root.machine';

// How views reach the app-wide actors: the root's snapshot never changes these refs, so a
// context provider can read them once and hand them down.

type RootSnapshot = SnapshotFrom<RootMachine>;

export type RootRefs = {
  auth: AuthRef;
  identity: IdentityRef;
  profile: ProfileRef;
  subscriptions: SubscriptionsRef;
  referenceData: ReferenceDataRef;
  snackbar: SnackbarRef;
  flags: FlagsRef;
  navigationProgress: NavigationProgressRef;
  integrations: IntegrationsRef;
  progress: ProgressRef;
  learnerEvents: LearnerEventsRef;
};

export const selectRootRefs = (snapshot: RootSnapshot): RootRefs => ({
  auth: snapshot.context.auth,
  identity: snapshot.context.identity,
  profile: snapshot.context.profile,
  subscriptions: snapshot.context.subscriptions,
  referenceData: snapshot.context.referenceData,
  snackbar: snapshot.context.snackbar,
  flags: snapshot.context.flags,
  navigationProgress: snapshot.context.navigationProgress,
  integrations: snapshot.context.integrations,
  progress: snapshot.context.progress,
  learnerEvents: snapshot.context.learnerEvents,
});
export const selectAuthRef = (snapshot: RootSnapshot): AuthRef => snapshot.context.auth;
export const selectIdentityRef = (snapshot: RootSnapshot): IdentityRef => snapshot.context.identity;
export const selectProfileRef = (snapshot: RootSnapshot): ProfileRef => snapshot.context.profile;
export const selectSubscriptionsRef = (snapshot: RootSnapshot): SubscriptionsRef => snapshot.context.subscriptions;
export const selectSnackbarRef = (snapshot: RootSnapshot): SnackbarRef => snapshot.context.snackbar;
export const selectFlagsRef = (snapshot: RootSnapshot): FlagsRef => snapshot.context.flags;
export const selectProgressRef = (snapshot: RootSnapshot): ProgressRef => snapshot.context.progress;
export const selectLearnerEventsRef = (snapshot: RootSnapshot): LearnerEventsRef => snapshot.context.learnerEvents;
export const selectNavigationProgressRef = (snapshot: RootSnapshot): NavigationProgressRef =>
  snapshot.context.navigationProgress;
/** Present between `screen.open` and `screen.close` for that screen. */
export const selectOnboardingRef = (snapshot: RootSnapshot): OnboardingRef | undefined => snapshot.children.onboarding;
export const selectPersonalizeRef = (snapshot: RootSnapshot): PersonalizeRef | undefined => snapshot.children.personalize;
export const selectEmailVerificationRef = (snapshot: RootSnapshot): EmailVerificationRef | undefined => snapshot.children.emailVerification;
export const selectCallbackRef = (snapshot: RootSnapshot): CallbackRef | undefined => snapshot.children.callback;
