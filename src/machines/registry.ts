import type { AnyStateMachine } from 'xstate';
import { authMachine } from '@/machines/auth/auth.machine';
import { calendarMachine } from '@/machines/calendar/calendar.machine';
import { callbackMachine } from '@/machines/callback/callback.machine';
import { checkEmailMachine } from '@/machines/check-email/check-email.machine';
import { catalogMachine } from '@/machines/catalog/catalog.machine';
import { dashboardMachine, itemDetailMachine, livestreamsMachine } from '@/machines/catalog/catalog-screens.machine';
import { demoLinkMachine } from '@/machines/demo/demo.machine';
import { chatMachine } from '@/machines/chat/chat.machine';
import { communityMachine } from '@/machines/community/community.machine';
import { connectivityMachine } from '@/machines/connectivity/connectivity.machine';
import { offlineLibraryMachine } from '@/machines/offline-library/offline-library.machine';
import { emailVerificationMachine } from '@/machines/email-verification/email-verification.machine';
import { formMachine } from '@/machines/form/form.machine';
import { progressOverviewMachine } from '@/machines/account/account.machine';
import { certificatesMachine } from '@/machines/learning/learning.machine';
import { billingMachine } from '@/machines/billing/billing.machine';
import { registrationMachine } from '@/machines/billing/registration.machine';
import { flagsMachine } from '@/machines/flags/flags.machine';
import { identityMachine } from '@/machines/identity/identity.machine';
import { integrationsMachine } from '@/machines/integrations/integrations.machine';
import { inviteMachine } from '@/machines/invite/invite.machine';
import { learnerEventsMachine } from '@/machines/learner-events/learner-events.machine';
import { learningObjectMachine } from '@/machines/learning-object/learning-object.machine';
import { menuMachine } from '@/machines/menu/menu.machine';
import { navigationGuardMachine } from '@/machines/navigation-guard/navigation-guard.machine';
import { navigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';
import { onboardingMachine, personalizeMachine } from '@/machines/preferences/preferences.machine';
import { profileMachine } from '@/machines/profile/profile.machine';
import { progressMachine } from '@/machines/progress/progress.machine';
import { audiencesMachine, nasotItemsMachine } from '@/machines/reference-data/reference-data.machine';
import { rootMachine } from '@/machines/root/root.machine';
import { snackbarMachine } from '@/machines/snackbar/snackbar.machine';
import { subscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { tableMachine } from '@/machines/table/table.machine';
import { bulkInviteMachine } from '@/machines/usage/bulk-invite.machine';
import { rosterMachine } from '@/machines/roster/roster.machine';
import { rosterSourceMachine } from '@/machines/roster/roster-source.machine';
import { schoolSearchMachine } from '@/machines/usage/school-search.machine';
import { usageMachine } from '@/machines/usage/usage.machine';
import { videoProgressMachine } from '@/machines/video-progress/video-progress.machine';
import { mediaPlayerMachine } from '@/machines/media-player/media-player.machine';

// Every machine of src/machines (tests/unit/statecharts.test.ts fails when a folder has none).
// The statechart viewer and scripts/export-statecharts.ts both read this list, so a new machine
// is drawn and exported once it is added here.

export type MachineEntry = {
  /** The statechart's name: the file name of its export, the viewer's `?machine=`. */
  name: string;
  /** Its folder under src/machines. */
  folder: string;
  machine: AnyStateMachine;
  /**
   * Where the running actor is found for the live highlight: the root actor itself, a child of
   * the root's system (by systemId), or a screen actor while its screen is open (by screen name).
   */
  live?: { root: true } | { systemId: string } | { screen: string };
};

export const MACHINES: readonly MachineEntry[] = [
  { name: 'root', folder: 'root', machine: rootMachine, live: { root: true } },
  { name: 'auth', folder: 'auth', machine: authMachine, live: { systemId: 'auth' } },
  { name: 'identity', folder: 'identity', machine: identityMachine, live: { systemId: 'identity' } },
  { name: 'profile', folder: 'profile', machine: profileMachine, live: { systemId: 'profile' } },
  { name: 'subscriptions', folder: 'subscriptions', machine: subscriptionsMachine, live: { systemId: 'subscriptions' } },
  { name: 'nasot-items', folder: 'reference-data', machine: nasotItemsMachine, live: { systemId: 'nasotItems' } },
  { name: 'audiences', folder: 'reference-data', machine: audiencesMachine, live: { systemId: 'audiences' } },
  { name: 'progress', folder: 'progress', machine: progressMachine, live: { systemId: 'progress' } },
  { name: 'learner-events', folder: 'learner-events', machine: learnerEventsMachine, live: { systemId: 'learnerEvents' } },
  { name: 'snackbar', folder: 'snackbar', machine: snackbarMachine, live: { systemId: 'snackbar' } },
  { name: 'flags', folder: 'flags', machine: flagsMachine, live: { systemId: 'flags' } },
  { name: 'navigation-progress', folder: 'navigation-progress', machine: navigationProgressMachine, live: { systemId: 'navigationProgress' } },
  { name: 'integrations', folder: 'integrations', machine: integrationsMachine, live: { systemId: 'integrations' } },
  // Decided on every navigation, from a fresh actor: drawn, never live.
  { name: 'navigation-guard', folder: 'navigation-guard', machine: navigationGuardMachine },
  { name: 'dashboard', folder: 'catalog', machine: dashboardMachine, live: { screen: 'dashboard' } },
  { name: 'catalog', folder: 'catalog', machine: catalogMachine, live: { screen: 'catalog' } },
  { name: 'livestreams', folder: 'catalog', machine: livestreamsMachine, live: { screen: 'livestreams' } },
  { name: 'item-detail', folder: 'catalog', machine: itemDetailMachine, live: { screen: 'itemDetail' } },
  { name: 'calendar', folder: 'calendar', machine: calendarMachine, live: { screen: 'calendar' } },
  { name: 'learning-object', folder: 'learning-object', machine: learningObjectMachine, live: { screen: 'learningObject' } },
  // The learning object's player, its child: drawn, never live on its own.
  { name: 'video-progress', folder: 'video-progress', machine: videoProgressMachine },
  { name: 'media-player', folder: 'media-player', machine: mediaPlayerMachine, live: { screen: 'mediaPlayer' } },
  { name: 'onboarding', folder: 'preferences', machine: onboardingMachine, live: { screen: 'onboarding' } },
  { name: 'personalize', folder: 'preferences', machine: personalizeMachine, live: { screen: 'personalize' } },
  { name: 'email-verification', folder: 'email-verification', machine: emailVerificationMachine, live: { screen: 'emailVerification' } },
  { name: 'callback', folder: 'callback', machine: callbackMachine, live: { screen: 'callback' } },
  { name: 'invite', folder: 'invite', machine: inviteMachine, live: { screen: 'invite' } },
  { name: 'demo-link', folder: 'demo', machine: demoLinkMachine, live: { screen: 'demoLink' } },
  { name: 'check-email', folder: 'check-email', machine: checkEmailMachine, live: { screen: 'checkEmail' } },
  { name: 'community', folder: 'community', machine: communityMachine, live: { screen: 'community' } },
  { name: 'menu', folder: 'menu', machine: menuMachine, live: { screen: 'menu' } },
  // The offline banner's, in the home shell; it also installs the service worker.
  { name: 'connectivity', folder: 'connectivity', machine: connectivityMachine, live: { screen: 'connectivity' } },
  // Strategies saved for offline: on the strategy page (Save for offline) and in My learning.
  { name: 'offline-library', folder: 'offline-library', machine: offlineLibraryMachine, live: { screen: 'offlineLibrary' } },
  { name: 'chat', folder: 'chat', machine: chatMachine, live: { screen: 'chat' } },
  // One per data table on screen, owned by its screen: drawn, never live on its own.
  { name: 'table', folder: 'table', machine: tableMachine },
  // One per form on screen (sign-in, the demo's link, and every form to come), owned by its screen.
  { name: 'form', folder: 'form', machine: formMachine },
  { name: 'progress-overview', folder: 'account', machine: progressOverviewMachine, live: { screen: 'progressOverview' } },
  // My learning's progress table: the table machine with its paging in the URL.
  { name: 'progress-table', folder: 'learning', machine: tableMachine, live: { screen: 'progressTable' } },
  // The learning record: the certificates issued and the form that issues one, both its children.
  { name: 'certificates', folder: 'learning', machine: certificatesMachine, live: { screen: 'certificates' } },
  // Paying on /payment: the card form (the gateway's fields), then the registration's retries.
  { name: 'registration', folder: 'billing', machine: registrationMachine, live: { screen: 'registration' } },
  // /billing: its payments table (each payment with its receipt), refreshed after each reload of the subscriptions.
  { name: 'billing', folder: 'billing', machine: billingMachine, live: { screen: 'billing' } },
  // Educator Usage: the page (figures, dialogs, export, resending) and what it owns: its Active
  // Users table, the school pickers (the page's and the invite dialog's), the invite form and the
  // CSV import. The children are drawn, never live on their own.
  { name: 'usage', folder: 'usage', machine: usageMachine, live: { screen: 'usage' } },
  { name: 'school-search', folder: 'usage', machine: schoolSearchMachine },
  { name: 'bulk-invite', folder: 'usage', machine: bulkInviteMachine },
  // A district's roster (OneRoster): the zip's dry run, its review and applying, the history; the
  // REST endpoint is its child, drawn apart.
  { name: 'roster', folder: 'roster', machine: rosterMachine, live: { screen: 'roster' } },
  { name: 'roster-source', folder: 'roster', machine: rosterSourceMachine },
];

/** Folders under src/machines that hold shared helpers, not a machine. */
export const NOT_MACHINES: readonly string[] = ['shared'];

export function findMachine(name: string | null | undefined): MachineEntry | undefined {
  return MACHINES.find((entry) => entry.name === name);
}
