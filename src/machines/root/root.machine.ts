import { enqueueActions, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { authMachine } from '@/machines/auth/auth.machine';
import type { AuthInput } from '@/machines/auth/auth.types';
import { identityMachine } from '@/machines/identity/identity.machine';
import type { IdentityEvent } from '@/machines/identity/identity.types';
import { profileMachine } from '@/machines/profile/profile.machine';
import type { User } from '@/machines/shared/domain';
import { subscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { audiencesMachine, nasotItemsMachine } from '@/machines/reference-data/reference-data.machine';
import { snackbarMachine } from '@/machines/snackbar/snackbar.machine';
import { flagsMachine } from '@/machines/flags/flags.machine';
import { navigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';
import { integrationsMachine } from '@/machines/integrations/integrations.machine';
import type { SnackbarEvent } from '@/machines/snackbar/snackbar.types';
import type { FlagsEvent } from '@/machines/flags/flags.types';
import { progressMachine } from '@/machines/progress/progress.machine';
import { learnerEventsMachine } from '@/machines/learner-events/learner-events.machine';

// The one actor system of the app (DESIGN.md): its long-lived children, each under its name as
// id and systemId. How they talk to each other is wired here, without effects; the effects
// (API, provider, storage, navigation) are supplied in root.actors.ts. Screens do not live
// here: each screen starts its own actor (src/machines/shared/screen.ts).

// The role is an attribute so features can target it (statechart-viewer: platform admins).
const identifyFlags = (user: User | null): FlagsEvent =>
  user ? { type: 'flags.identify', userId: user.id, attributes: { role: user.role } } : { type: 'flags.identify', userId: null };

/**
 * Auth tells identity who signed in (and the flags client, whose experiments and targeted
 * features are per user), and resets everything user-specific at logout. A sign-in the visitor
 * just made on this page (local login or demo start: a local session with somewhere to go) is
 * confirmed with a snackbar; a session restored at page load is not.
 */
export const systemAuthMachine = authMachine.provide({
  actions: {
    announceUser: enqueueActions(({ context, enqueue, system }, params: { user: User }) => {
      const loaded: IdentityEvent = { type: 'identity.loaded', user: params.user };
      enqueue.sendTo(system.get('identity'), loaded);
      enqueue.sendTo(system.get('flags'), identifyFlags(params.user));
      if (context.session === 'local' && context.returnTo !== null) {
        const signedIn: SnackbarEvent = { type: 'snackbar.enqueue', message: 'Signed in', variant: 'success' };
        enqueue.sendTo(system.get('snackbar'), signedIn);
      }
    }),
    announceSignedOut: enqueueActions(({ enqueue, system }) => {
      enqueue.sendTo(system.get('flags'), identifyFlags(null));
      enqueue.sendTo(system.get('identity'), { type: 'identity.cleared' });
      for (const resource of USER_RESOURCES) enqueue.sendTo(system.get(resource), { type: 'resource.clear' });
    }),
  },
});

/**
 * The children, in start order: whatever auth announces to exists before auth starts, and
 * integrations watches identity and profile, so it comes after them. Everything else about
 * the children (their names, ids, types, the refs views get) is derived from this list.
 */
const CHILDREN = {
  snackbar: snackbarMachine,
  flags: flagsMachine,
  navigationProgress: navigationProgressMachine,
  identity: identityMachine,
  profile: profileMachine,
  subscriptions: subscriptionsMachine,
  nasotItems: nasotItemsMachine,
  audiences: audiencesMachine,
  integrations: integrationsMachine,
  progress: progressMachine,
  learnerEvents: learnerEventsMachine,
  auth: systemAuthMachine,
};

type Children = typeof CHILDREN;
export type ChildName = keyof Children;
export const CHILD_NAMES = Object.keys(CHILDREN) as ChildName[];

/** The signed-in user's own data: forgotten at logout. */
const USER_RESOURCES = ['profile', 'subscriptions', 'progress'] as const satisfies readonly ChildName[];

/** The app-wide actors as views and screen effects reach them. */
export type RootRefs = { [Name in ChildName]: ActorRefFrom<Children[Name]> };

export type RootInput = { auth?: AuthInput };

type Spawn = (src: ChildName, options: { id: ChildName; systemId: ChildName; input?: unknown }) => AnyActorRef;

export const rootMachine = setup({
  types: {
    context: {} as RootRefs,
    input: {} as RootInput | undefined,
    children: {} as { [Name in ChildName]: Name },
  },
  actors: CHILDREN,
}).createMachine({
  id: 'root',
  context: ({ spawn, input }) => {
    const start = spawn as unknown as Spawn;
    const inputs: Partial<Record<ChildName, unknown>> = { auth: input?.auth };
    return Object.fromEntries(
      CHILD_NAMES.map((name) => [name, start(name, { id: name, systemId: name, input: inputs[name] })]),
    ) as RootRefs;
  },
});

export type RootMachine = typeof rootMachine;
