import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flagsMachine } from '@/machines/flags/flags.machine';
import { selectAreFlagsSettled, selectFlagClient } from '@/machines/flags/flags.selectors';
import { FLAGS_INIT_TIMEOUT_MS, type FlagClient, type FlagsEvent } from '@/machines/flags/flags.types';
import { controllableActors, effectFreeModel, expectFullCoverage, settle, simulatedClock, walkModel } from '../support/model';

// The flags chart walked to every state and along every transition on the real machine: the
// client's initialisation is a stub the driver resolves, rejects or lets time out (on a
// simulated clock, run one millisecond short first), and the client is a fake that records the
// attributes it is given. `flags.changed` is never sent by the driver: it fires the renderer
// the real machine handed the client, so the path fails unless the machine is listening.
// Checked after each step, against the driver's own record: which client is held, what the
// client was told about the user (the latest identify, also one sent while it loaded), what was
// logged, and that a timed-out initialisation was aborted.

type ModelEvent =
  | FlagsEvent
  | { type: 'model.done.initClient'; output: unknown }
  | { type: 'model.error.initClient'; error: unknown }
  | { type: 'model.after.initTimeout' }
  | { type: 'xstate.init' };

const model = effectFreeModel(flagsMachine);

const initFailure = new Error('HTTP error: 500');

const EVENTS: ModelEvent[] = [
  // The model only needs to know a client is there; the driver hands over its own fake.
  { type: 'model.done.initClient', output: { fake: true } },
  { type: 'model.error.initClient', error: initFailure },
  { type: 'model.after.initTimeout' },
  { type: 'flags.changed' },
  { type: 'flags.identify', userId: 'admin-1', attributes: { role: 'ADMIN' } },
  { type: 'flags.identify', userId: null },
];

/** What the client is told: the user's attributes and their id (none when signed out). */
type Told = Record<string, string | number | boolean | undefined>;

function fakeClient() {
  const client = {
    renderer: null as (() => void) | null,
    attributes: [] as Told[],
    setRenderer(renderer: (() => void) | null) {
      client.renderer = renderer;
    },
    setAttributes(attributes: Told) {
      client.attributes.push(attributes);
      return Promise.resolve();
    },
  };
  return client;
}

describe('flags, model-based', () => {
  it('walks every transition of the statechart on the real machine', async (context) => {
    const coverage = await walkModel<ModelEvent>(model, {
      events: EVENTS,
      // The revision only grows; whether it moved at all is what matters.
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, Math.min(snapshot.context.revision, 1), snapshot.context.user, snapshot.context.error !== null]),
      createDriver: () => {
        const { clock, advance } = simulatedClock();
        const control = controllableActors();
        const client = fakeClient();
        const logged: unknown[] = [];
        let signal: AbortSignal | null = null;
        const actor = createActor(
          flagsMachine.provide({
            actors: {
              initClient: fromPromise<FlagClient, void>(({ signal: aborted }) => {
                signal = aborted;
                return control.promise<FlagClient>('initClient')();
              }),
            },
            actions: { logError: (_, { error }) => void logged.push(error) },
          }),
          { clock },
        ).start();

        // What the driver knows must hold.
        let held = false;
        let timedOut = false;
        let revision = 0;
        let user: Told = { id: undefined };
        const told: Told[] = [];
        const errors: unknown[] = [];
        return {
          actor,
          step: async (event) => {
            if (event.type === 'xstate.init') return;
            if (event.type === 'model.done.initClient') {
              control.resolve('initClient', client);
              await settle();
              held = true;
              // Someone who signed in while the client loaded is handed to it now.
              told.push(user);
            } else if (event.type === 'model.error.initClient') {
              control.reject('initClient', event.error);
              await settle();
              errors.push(event.error);
            } else if (event.type === 'model.after.initTimeout') {
              advance(FLAGS_INIT_TIMEOUT_MS - 1);
              expect(selectAreFlagsSettled(actor.getSnapshot()), `${FLAGS_INIT_TIMEOUT_MS - 1} ms`).toBe(false);
              advance(1);
              timedOut = true;
              errors.push(expect.objectContaining({ message: expect.stringContaining(`${FLAGS_INIT_TIMEOUT_MS} ms`) }));
            } else if (event.type === 'flags.changed') {
              client.renderer?.();
              revision += 1;
            } else {
              actor.send(event);
              // The whole set is replaced: no attribute outlives the identify that set it.
              user = { ...(event.attributes ?? {}), id: event.userId ?? undefined };
              if (held) told.push(user);
            }
          },
          check: (real, expected) => {
            expect(selectFlagClient(real)).toBe(held ? client : null);
            expect(client.attributes).toEqual(told);
            expect(real.context.revision).toBe(revision);
            expect(real.context.user).toEqual(expected.context.user);
            expect(logged).toEqual(errors);
            expect(real.context.error).toEqual(errors.at(-1) ?? null);
            // Listening to the client exactly while it is held.
            expect(client.renderer !== null).toBe(held);
            // Nothing may keep loading for a machine that gave up.
            expect(signal?.aborted).toBe(timedOut);
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
