import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { snackbarMachine } from '@/machines/snackbar/snackbar.machine';
import { selectSnackbar } from '@/machines/snackbar/snackbar.selectors';
import { SNACKBAR_THROTTLE_MS, type SnackbarEvent } from '@/machines/snackbar/snackbar.types';
import { effectFreeModel, expectFullCoverage, simulatedClock, walkModel } from '../support/model';

// The snackbar's statechart walked path by path against the real machine on a simulated clock:
// a message's own timeout and the throttle window run side by side.

type ModelEvent = SnackbarEvent | { type: 'model.after.messageTimeout' } | { type: 'model.after.throttle' };

const model = effectFreeModel(snackbarMachine);

const EVENTS: ModelEvent[] = [
  { type: 'snackbar.enqueue', message: 'Saved', variant: 'success' },
  { type: 'snackbar.enqueue', message: 'Could not save', variant: 'error', closable: true },
  { type: 'snackbar.close' },
  { type: 'model.after.messageTimeout' },
  { type: 'model.after.throttle' },
];

/** With the default 2000 ms timeout, the message always hides before the 2500 ms window ends. */
const messageHidden = (snapshot: AnyMachineSnapshot) => snapshot.matches({ showing: { message: 'hidden' } });

describe('snackbar, model-based', () => {
  it('walks every transition of the statechart on the real machine', async (context) => {
    const coverage = await walkModel<ModelEvent>(model, {
      events: EVENTS,
      filterEvents: (snapshot, event) => event.type !== 'model.after.throttle' || messageHidden(snapshot),
      // The queue can grow forever; its length up to two and the message on screen are what matter.
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, Math.min((snapshot.context as { queue: unknown[] }).queue.length, 2), (snapshot.context as { current: { closable: boolean } | null }).current?.closable ?? null]),
      createDriver: () => {
        const { clock, advance } = simulatedClock();
        const actor = createActor(snackbarMachine, { clock }).start();
        // When the message on screen started: its timeout and the throttle count from there.
        let shownAt = 0;
        let shownId: number | null = null;
        actor.subscribe((snapshot) => {
          const current = selectSnackbar(snapshot);
          if (current && current.id !== shownId) {
            shownId = current.id;
            shownAt = clock.now();
          }
        });
        return {
          actor,
          step: (event) => {
            if (event.type === 'model.after.messageTimeout') advance(shownAt + (selectSnackbar(actor.getSnapshot())?.timeout ?? 0) - clock.now());
            else if (event.type === 'model.after.throttle') advance(shownAt + SNACKBAR_THROTTLE_MS - clock.now());
            else actor.send(event);
          },
          check: (real, expected) => {
            expect(real.context.queue.length).toBe(expected.context.queue.length);
            expect(real.context.current?.message).toBe(expected.context.current?.message);
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
