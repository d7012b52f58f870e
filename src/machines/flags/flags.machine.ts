import { assertEvent, assign, fromCallback, setup } from 'xstate';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { FLAGS_INIT_TIMEOUT_MS, type FlagClient, type FlagsContext, type FlagsEvent } from '@/machines/flags/flags.types';

// Spec §1, §8: the feature-flag and experiment client, created and initialised at start-up,
// then held here for the whole app. A client that fails or takes longer than 3 s is dropped:
// the app goes on without experiments (every flag reads its default) and the error is logged.

/** Relays the client's own change notifications (GrowthBook's renderer hook) as events. */
const watchClient = fromCallback<{ type: 'flags.changed' }, { client: FlagClient }>(({ input, sendBack }) => {
  input.client.setRenderer(() => sendBack({ type: 'flags.changed' }));
  return () => input.client.setRenderer(null);
});

export const flagsMachine = setup({
  types: {
    context: {} as FlagsContext,
    events: {} as FlagsEvent,
  },
  delays: {
    initTimeout: FLAGS_INIT_TIMEOUT_MS,
  },
  actors: {
    /** Creates the client and loads its features; rejects when it cannot. Aborted on timeout. */
    initClient: placeholderActor<FlagClient>('initClient'),
    watchClient,
  },
  actions: {
    logError: placeholderAction<{ error: unknown }>('logError'),
    assignClient: assign({ client: (_, params: { client: FlagClient }) => params.client, error: null }),
    assignError: assign({ error: (_, params: { error: unknown }) => params.error }),
    bumpRevision: assign({ revision: ({ context }) => context.revision + 1 }),
    assignUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'flags.identify');
        return { userId: event.userId, attributes: event.attributes ?? {} };
      },
    }),
    applyUser: ({ context }) => {
      // The whole set is replaced, so a role never outlives its sign-out. Attributes are the
      // client's own state; it re-renders (→ flags.changed) when they change.
      const { userId, attributes } = context.user;
      void context.client?.setAttributes({ ...attributes, id: userId ?? undefined });
    },
  },
}).createMachine({
  id: 'flags',
  context: { client: null, user: { userId: null, attributes: {} }, revision: 0, error: null },
  initial: 'initialising',
  // Sign-in may finish before the client is there: the user is kept and applied once it is.
  on: {
    'flags.identify': { actions: ['assignUser', 'applyUser'] },
  },
  states: {
    initialising: {
      invoke: {
        src: 'initClient',
        onDone: {
          target: 'ready',
          actions: [{ type: 'assignClient', params: ({ event }) => ({ client: event.output }) }, 'applyUser'],
        },
        onError: {
          target: 'unavailable',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
      after: {
        initTimeout: {
          target: 'unavailable',
          actions: [
            { type: 'assignError', params: () => ({ error: new Error(`Feature flags: no answer within ${FLAGS_INIT_TIMEOUT_MS} ms`) }) },
            { type: 'logError', params: ({ context }) => ({ error: context.error }) },
          ],
        },
      },
    },
    ready: {
      invoke: { src: 'watchClient', input: ({ context }) => ({ client: context.client as FlagClient }) },
      on: {
        'flags.changed': { actions: 'bumpRevision' },
      },
    },
    /** No experiments for this page's life; flags read their defaults. */
    unavailable: {},
  },
});

export type FlagsMachine = typeof flagsMachine;
