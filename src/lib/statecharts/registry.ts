import type { AnyStateMachine } from 'xstate';
import { authMachine } from '@/machines/auth/auth.machine';
import { callbackMachine } from '@/machines/callback/callback.machine';
import { chatMachine } from '@/machines/chat/chat.machine';
import { emailVerificationMachine } from '@/machines/email-verification/email-verification.machine';
import { flagsMachine } from '@/machines/flags/flags.machine';
import { identityMachine } from '@/machines/identity/identity.machine';
import { integrationsMachine } from '@/machines/integrations/integrations.machine';
import { menuMachine } from '@/machines/menu/menu.machine';
import { navigationGuardMachine } from '@/machines/navigation-guard/navigation-guard.machine';
import { navigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';
import { onboardingMachine } from '@/machines/onboarding/onboarding.machine';
import { personalizeMachine } from '@/machines/personalize/personalize.machine';
import { profileMachine } from '@/machines/profile/profile.machine';
import { referenceDataMachine } from '@/machines/reference-data/reference-data.machine';
import { rootMachine } from '@/machines/root/root.machine';
import { snackbarMachine } from '@/machines/snackbar/snackbar.machine';
import { subscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { learnerEventsMachine } from '@/machines/learner-events/learner-events.machine';
import { progressMachine } from '@/machines/progress/progress.machine';
import { videoProgressMachine } from '@/machines/video-progress/video-progress.machine';
import { catalogMachine } from '@/machines/catalog/catalog.machine';
import { learningObjectMachine } from '@/machines/learning-object/learning-object.machine';

// Every machine of src/machines, one entry per folder (tests/unit/statecharts.test.ts fails
// when a folder has no entry). The statechart viewer and scripts/export-statecharts.ts both
// read this list, so a new machine is drawn and exported once it is added here.

export type MachineEntry = {
  /** The machine's folder under src/machines; also the file name of its export. */
  name: string;
  machine: AnyStateMachine;
  /**
   * Where the running actor is found for the live highlight: the root actor itself, or a
   * systemId of the root's actor system (absent while that screen is closed).
   */
  live?: { root: true } | { systemId: string };
};

export const MACHINES: readonly MachineEntry[] = [
  { name: 'root', machine: rootMachine, live: { root: true } },
  { name: 'auth', machine: authMachine, live: { systemId: 'auth' } },
  { name: 'identity', machine: identityMachine, live: { systemId: 'identity' } },
  { name: 'profile', machine: profileMachine, live: { systemId: 'profile' } },
  { name: 'subscriptions', machine: subscriptionsMachine, live: { systemId: 'subscriptions' } },
  { name: 'reference-data', machine: referenceDataMachine, live: { systemId: 'referenceData' } },
  { name: 'progress', machine: progressMachine, live: { systemId: 'progress' } },
  { name: 'learner-events', machine: learnerEventsMachine, live: { systemId: 'learnerEvents' } },
  { name: 'video-progress', machine: videoProgressMachine },
  { name: 'catalog', machine: catalogMachine },
  // One per open learning-object page, owned by its view: drawn, never live.
  { name: 'learning-object', machine: learningObjectMachine },
  { name: 'snackbar', machine: snackbarMachine, live: { systemId: 'snackbar' } },
  { name: 'flags', machine: flagsMachine, live: { systemId: 'flags' } },
  { name: 'navigation-progress', machine: navigationProgressMachine, live: { systemId: 'navigationProgress' } },
  { name: 'integrations', machine: integrationsMachine, live: { systemId: 'integrations' } },
  // One menu actor per open menu, owned by its view: drawn, never live.
  { name: 'menu', machine: menuMachine },
  { name: 'navigation-guard', machine: navigationGuardMachine },
  { name: 'onboarding', machine: onboardingMachine, live: { systemId: 'onboarding' } },
  { name: 'personalize', machine: personalizeMachine, live: { systemId: 'personalize' } },
  { name: 'email-verification', machine: emailVerificationMachine, live: { systemId: 'emailVerification' } },
  { name: 'callback', machine: callbackMachine, live: { systemId: 'callback' } },
  { name: 'chat', machine: chatMachine, live: { systemId: 'chat' } },
];

/** Folders under src/machines that hold shared helpers, not a machine. */
export const NOT_MACHINES: readonly string[] = ['shared'];

export function findMachine(name: string | null | undefined): MachineEntry | undefined {
  return MACHINES.find((entry) => entry.name === name);
}
