import { emit, enqueueActions, fromPromise, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { authMachine } from '@/machines/auth/auth.machine';
import type { AuthInput } from '@/machines/auth/auth.types';
import { identityMachine } from '@/machines/identity/identity.machine';
import type { IdentityEvent } from '@/machines/identity/identity.types';
import { profileMachine } from '@/machines/profile/profile.machine';
import type { Profile, Subscription, User } from '@/machines/shared/domain';
import { placeholderActor } from '@/machines/shared/placeholders';
import { subscriptionsMachine } from '@/machines/subscriptions/subscriptions.machine';
import { audiencesMachine, nasotItemsMachine } from '@/machines/reference-data/reference-data.machine';
import { snackbarMachine } from '@/machines/snackbar/snackbar.machine';
import { flagsMachine } from '@/machines/flags/flags.machine';
import { navigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';
import { integrationsMachine } from '@/machines/integrations/integrations.machine';
import type { SnackbarEvent } from '@/machines/snackbar/snackbar.types';
import type { FlagsEvent } from '@/machines/flags/flags.types';
import { progressMachine } from '@/machines/progress/progress.machine';
import type { ProgressByItem } from '@/machines/progress/progress.types';
import { learnerEventsMachine } from '@/machines/learner-events/learner-events.machine';

// The one actor system of the app (DESIGN.md): its long-lived children, each under its name as
// id and systemId, and the start-up. How they talk to each other is wired here, without effects;
// the effects (API, provider, storage, navigation) are supplied in root.actors.ts. Screens do not
// live here: each screen starts its own actor (src/machines/shared/screen.ts).
//
// The start-up, as states of this machine: once a session has its token, auth asks for the user
// (its `fetchUser`), which is the root loading what the first screen needs in one answer
// (`loadStartUp`: GET /identity/start). The root hands the profile, the subscriptions and the
// progress to their actors (`resource.set`), then the user to auth. A part the answer could not
// give stays with its actor, which asks for it itself when somebody needs it.

/** What the first screen needs (`null`: that part is not in the answer). */
export type StartUp = {
  user: User;
  profile: Profile | null;
  subscriptions: readonly Subscription[] | null;
  progress: ProgressByItem | null;
};

export type RootEvent =
  /** Auth has a session's token and needs the user. */
  | { type: 'root.startUp' }
  /** Nobody is signed in (any more): the next session starts up afresh. */
  | { type: 'root.signedOut' };

export type RootEmitted = { type: 'root.started'; user: User } | { type: 'root.startUpFailed'; error: unknown };

/** The root's id in the actor system: auth's user comes from it. */
export const ROOT_SYSTEM_ID = 'root';

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
  actors: {
    // The user is the root's start-up answer: asked for here, awaited as the root announces it.
    fetchUser: fromPromise<User, void>(
      ({ system, signal }) =>
        new Promise<User>((resolve, reject) => {
          const root = system.get(ROOT_SYSTEM_ID) as AnyActorRef | undefined;
          if (!root) return reject(new Error(`No actor "${ROOT_SYSTEM_ID}" in the system: create the root with that systemId`));
          const listening = [
            root.on('root.started', (event: Extract<RootEmitted, { type: 'root.started' }>) => settle(() => resolve(event.user))),
            root.on('root.startUpFailed', (event: Extract<RootEmitted, { type: 'root.startUpFailed' }>) => settle(() => reject(event.error))),
          ];
          const stop = () => settle(() => reject(signal.reason));
          function settle(outcome: () => void) {
            for (const subscription of listening) subscription.unsubscribe();
            signal.removeEventListener('abort', stop);
            outcome();
          }
          signal.addEventListener('abort', stop, { once: true });
          root.send({ type: 'root.startUp' } satisfies RootEvent);
        }),
    ),
  },
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
      const signedOut: RootEvent = { type: 'root.signedOut' };
      enqueue.sendTo(system.get(ROOT_SYSTEM_ID), signedOut);
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
    events: {} as RootEvent,
    emitted: {} as RootEmitted,
    input: {} as RootInput | undefined,
    children: {} as { [Name in ChildName]: Name } & { startUp: 'loadStartUp' },
  },
  actors: { ...CHILDREN, loadStartUp: placeholderActor<StartUp>('loadStartUp') },
  actions: {
    /** Each part of the answer to the actor that owns it, by event. */
    handOut: enqueueActions(({ context, enqueue }, startUp: StartUp) => {
      if (startUp.profile) enqueue.sendTo(context.profile, { type: 'resource.set', data: startUp.profile });
      if (startUp.subscriptions) enqueue.sendTo(context.subscriptions, { type: 'resource.set', data: startUp.subscriptions });
      if (startUp.progress) enqueue.sendTo(context.progress, { type: 'resource.set', data: startUp.progress });
    }),
    announceStarted: emit((_, params: { user: User }) => ({ type: 'root.started' as const, user: params.user })),
    announceFailed: emit((_, params: { error: unknown }) => ({ type: 'root.startUpFailed' as const, error: params.error })),
  },
}).createMachine({
  id: 'root',
  context: ({ spawn, input }) => {
    const start = spawn as unknown as Spawn;
    const inputs: Partial<Record<ChildName, unknown>> = { auth: input?.auth };
    return Object.fromEntries(
      CHILD_NAMES.map((name) => [name, start(name, { id: name, systemId: name, input: inputs[name] })]),
    ) as RootRefs;
  },
  initial: 'waitingForSession',
  on: { 'root.signedOut': '.waitingForSession' },
  states: {
    waitingForSession: {
      on: { 'root.startUp': 'startingUp' },
    },
    startingUp: {
      invoke: {
        id: 'startUp',
        src: 'loadStartUp',
        onDone: {
          target: 'started',
          // The parts first: whoever the user's announcement wakes (the navigation guard) finds them.
          actions: [
            { type: 'handOut', params: ({ event }) => event.output },
            { type: 'announceStarted', params: ({ event }) => ({ user: event.output.user }) },
          ],
        },
        // Auth logs out (spec §4: a failed sign-in), which brings the root back to waiting.
        onError: { target: 'startUpFailed', actions: { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    started: {
      on: { 'root.startUp': 'startingUp' },
    },
    startUpFailed: {
      on: { 'root.startUp': 'startingUp' },
    },
  },
});

export type RootMachine = typeof rootMachine;
