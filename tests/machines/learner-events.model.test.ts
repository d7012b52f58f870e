import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { learnerEventsMachine } from '@/machines/learner-events/learner-events.machine';
import {
  LEARNER_EVENTS,
  type DeliverInput,
  type DeliverOutput,
  type LearnerEvent,
  type LearnerEventsEvent,
  type RestoredQueue,
} from '@/machines/learner-events/learner-events.types';
import { effectFreeModel, expectFullCoverage, settle, simulatedClock, walkModel } from '../support/model';
import { deferred, type Deferred } from './fixtures';

// The learner-events queue walked path by path against the real machine: restoring (a stored
// queue, nothing stored, an unreadable store) with events recorded meanwhile, the quiet spell,
// a full batch, the page hiding (also while a batch is on its way), coming back online, and
// beacons that take everything, part of the batch or nothing. The driver stubs the store read and the beacon with promises it settles
// when the path says so, sends the browser's signals through the signals actor as the page
// does, and moves a simulated clock for the quiet spell. After every step the queue, what was
// handed, what storage holds and what the beacon was given must be what the path implies.
//
// Ids: the beacon's answer names the events it took, so the model and the real machine must
// give a recorded event the same id on every replay of a path. `newId` numbers it from the
// context `enqueue` calls it on (`context.newId()`, so `this` is that context): one past the
// highest number queued or handed, which no earlier event of the page can have.

type ModelEvent =
  | LearnerEventsEvent
  | { type: 'model.done.restoreQueue'; output: RestoredQueue }
  | { type: 'model.error.restoreQueue' }
  | { type: 'model.done.deliver'; output: DeliverOutput }
  | { type: 'model.error.deliver' }
  | { type: 'model.after.quiet' };

type Context = { queue: LearnerEvent[]; handed: LearnerEvent[]; resending: string[]; urgent: boolean; attempted: number };

const stored = (id: string): LearnerEvent => ({ id, type: 'VIDEO_PLAYED', timeStamp: '2026-04-30T08:00:00.000Z', data: { catalogItemId: 'item-0' } });
/** A queue a previous page left, with one event it already handed to a beacon that may have been lost. */
const STORED: RestoredQueue = { queue: [stored('stored-1')], handed: [stored('handed-1')] };
const NOTHING_STORED: RestoredQueue = { queue: [], handed: [] };

function newId(this: Pick<Context, 'queue' | 'handed'>): string {
  const numbers = [...this.queue, ...this.handed].map((e) => Number(/^e-(\d+)$/.exec(e.id)?.[1] ?? 0));
  return `e-${Math.max(0, ...numbers) + 1}`;
}
const INPUT = { now: () => Date.parse('2026-05-01T08:00:00.000Z'), newId };

const RECORD: ModelEvent = { type: 'learnerEvents.record', eventType: 'VIDEO_TIMEUPDATED', data: { catalogItemId: 'item-1', progress: 50 } };

/** Beacon answers for the batch being sent: all of it, its first event only, none of it. */
function events(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const { queue, attempted } = snapshot.context as Context;
  const batch = queue.slice(0, attempted).map((e) => e.id);
  return [
    RECORD,
    { type: 'learnerEvents.pageHidden' },
    { type: 'learnerEvents.online' },
    { type: 'model.done.restoreQueue', output: STORED },
    { type: 'model.done.restoreQueue', output: NOTHING_STORED },
    { type: 'model.error.restoreQueue' },
    { type: 'model.done.deliver', output: { handedIds: batch } },
    ...(batch.length > 1 ? [{ type: 'model.done.deliver' as const, output: { handedIds: batch.slice(0, 1) } }] : []),
    { type: 'model.done.deliver', output: { handedIds: [] } },
    { type: 'model.error.deliver' },
    { type: 'model.after.quiet' },
  ];
}

const ids = (list: readonly LearnerEvent[]) => list.map((e) => e.id);

describe('learner events queue, model-based', () => {
  it('walks every transition of the statechart on the real machine', async (context) => {
    const coverage = await walkModel<ModelEvent>(effectFreeModel(learnerEventsMachine), {
      input: INPUT,
      events,
      // The queue can grow forever. Its exact length matters only while waiting, up to a full
      // batch; while sending, whether the batch has one event or more and whether events were
      // recorded since it left; elsewhere, whether it is empty.
      serializeState: (snapshot) => {
        const c = snapshot.context as Context;
        const queue = snapshot.matches('waiting')
          ? Math.min(c.queue.length, LEARNER_EVENTS.flushAt)
          : snapshot.matches('sending')
            ? [Math.min(c.attempted, 2), Math.min(c.queue.length - c.attempted, 1)]
            : Math.min(c.queue.length, 1);
        return JSON.stringify([snapshot.value, queue, c.urgent, c.handed.length > 0, c.resending.length > 0]);
      },
      createDriver: () => {
        const { clock, advance } = simulatedClock();
        let restore!: Deferred<RestoredQueue>;
        const deliveries: { input: DeliverInput; reply: Deferred<DeliverOutput> }[] = [];
        const persisted: { queue?: string[]; handed?: string[] } = {};
        let signal: (event: EventObject) => void = () => {
          throw new Error('the browser signals are not being watched');
        };
        const actor = createActor(
          learnerEventsMachine.provide({
            actors: {
              restoreQueue: fromPromise<RestoredQueue, void>(() => (restore = deferred<RestoredQueue>()).promise),
              deliver: fromPromise<DeliverOutput, DeliverInput>(({ input }) => {
                const reply = deferred<DeliverOutput>();
                deliveries.push({ input, reply });
                return reply.promise;
              }),
              browserSignals: fromCallback(({ sendBack }) => {
                signal = sendBack;
              }),
            },
            actions: {
              persistQueue: (_, params) => void (persisted.queue = ids(params.queue)),
              persistHanded: (_, params) => void (persisted.handed = ids(params.handed)),
            },
          }),
          { input: INPUT, clock },
        ).start();

        let last: ModelEvent | undefined;
        let before = actor.getSnapshot() as AnyMachineSnapshot;
        let attempts = 0;
        return {
          actor,
          step: async (event) => {
            last = event;
            switch (event.type) {
              case 'model.done.restoreQueue':
                restore.resolve(event.output);
                return settle();
              case 'model.error.restoreQueue':
                restore.reject(new Error('storage is not readable'));
                return settle();
              case 'model.done.deliver': {
                const { input, reply } = deliveries.at(-1)!;
                // The beacon only ever hands (part of) what it was given.
                expect(ids(input.events)).toEqual(expect.arrayContaining(event.output.handedIds));
                reply.resolve(event.output);
                return settle();
              }
              case 'model.error.deliver':
                deliveries.at(-1)!.reply.reject(new Error('no token'));
                return settle();
              case 'model.after.quiet':
                return void advance(LEARNER_EVENTS.quietMs);
              case 'learnerEvents.record':
                return void actor.send(event);
              default:
                signal(event);
            }
          },
          check: (real, expected) => {
            const r = real.context as Context;
            const m = expected.context as Context;
            expect(ids(r.queue)).toEqual(ids(m.queue));
            expect(ids(r.handed)).toEqual(ids(m.handed));
            expect(r.resending).toEqual(m.resending);
            // Events resent from the stored `handed` are not remembered as handed a second time.
            for (const id of r.resending) expect(ids(r.handed)).not.toContain(id);

            // Nothing is written before the stored queue was read; from then on storage holds the queue and what was handed.
            if (expected.matches('restoring')) expect(persisted).toEqual({});
            else {
              expect(persisted.queue).toEqual(ids(r.queue));
              expect(persisted.handed ?? []).toEqual(ids(r.handed));
            }

            // One beacon per attempt, given the whole queue at that moment; urgent only when the page
            // hides, which also starts an urgent attempt over one still waiting for its token.
            const hiddenWhileSending = last?.type === 'learnerEvents.pageHidden' && !(before.context as Context).urgent;
            const newAttempt =
              expected.matches('sending') && (!before.matches('sending') || last?.type === 'model.done.deliver' || hiddenWhileSending);
            if (newAttempt) {
              attempts += 1;
              expect(ids(deliveries.at(-1)!.input.events)).toEqual(ids(m.queue));
              expect(deliveries.at(-1)!.input.urgent).toBe(last?.type === 'learnerEvents.pageHidden');
            }
            expect(deliveries).toHaveLength(attempts);
            expect(r.urgent).toBe(expected.matches('sending') && deliveries.at(-1)!.input.urgent);
            before = expected;
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
