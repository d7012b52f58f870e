import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { placeholderAction, placeholderActor } from '@/machines/shared/placeholders';
import { randomUuid } from '@/lib/uuid';
import {
  LEARNER_EVENTS,
  type DeliverInput,
  type DeliverOutput,
  type LearnerEvent,
  type LearnerEventsContext,
  type LearnerEventsEvent,
  type LearnerEventsInput,
  type RestoredQueue,
} from './learner-events.types';

// Learner events of spec §7: recorded into a small persistent queue and sent in batches through
// the beacon. An event leaves the queue only once the beacon took it, and is remembered as
// handed: a beacon the browser took can still be lost (it cannot report failure), so the next
// page start sends the handed events once more. The server stores each event id once, so the
// second send is harmless. The storage, the beacon, the token and the browser's signals are
// supplied at the edge (learner-events.actors.ts).

const browserSignalsPlaceholder = fromCallback<EventObject>(() => {
  throw new Error('The actor "browserSignals" was not provided: supply it with machine.provide()');
});

/** Appends, keeping the newest `maxQueued`; events already queued (same id) are not doubled. */
export function appendToQueue(queue: readonly LearnerEvent[], added: readonly LearnerEvent[]): LearnerEvent[] {
  const seen = new Set(queue.map((e) => e.id));
  const merged = [...queue, ...added.filter((e) => !seen.has(e.id))];
  return merged.slice(Math.max(0, merged.length - LEARNER_EVENTS.maxQueued));
}

export const learnerEventsMachine = setup({
  types: {
    context: {} as LearnerEventsContext & { urgent: boolean; attempted: number },
    events: {} as LearnerEventsEvent,
    input: {} as LearnerEventsInput | undefined,
  },
  actors: {
    restoreQueue: placeholderActor<RestoredQueue>('restoreQueue'),
    deliver: placeholderActor<DeliverOutput, DeliverInput>('deliver'),
    browserSignals: browserSignalsPlaceholder,
  },
  actions: {
    persistQueue: placeholderAction<{ queue: LearnerEvent[] }>('persistQueue'),
    persistHanded: placeholderAction<{ handed: LearnerEvent[] }>('persistHanded'),
    enqueue: assign({
      queue: ({ context, event }) => {
        if (event.type !== 'learnerEvents.record') return context.queue;
        const recorded: LearnerEvent = {
          id: context.newId(),
          type: event.eventType,
          timeStamp: new Date(context.now()).toISOString(),
          ...(event.data ? { data: event.data } : {}),
        };
        return appendToQueue(context.queue, [recorded]);
      },
    }),
    mergeRestored: assign(({ context }, params: { restored: RestoredQueue }) => ({
      // Stored events are older than any recorded while the store was read; the handed ones
      // go first, once more.
      queue: appendToQueue(appendToQueue(params.restored.handed, params.restored.queue), context.queue),
      resending: params.restored.handed.map((e) => e.id),
    })),
    removeHanded: assign(({ context }, params: DeliverOutput) => {
      const handedIds = new Set(params.handedIds);
      const again = new Set(context.resending);
      const handed = context.queue.filter((e) => handedIds.has(e.id) && !again.has(e.id));
      return {
        queue: context.queue.filter((e) => !handedIds.has(e.id)),
        handed: appendToQueue(context.handed, handed),
      };
    }),
    markUrgent: assign({ urgent: true }),
    startAttempt: assign({ attempted: ({ context }) => context.queue.length }),
    endAttempt: assign({ urgent: false }),
  },
  guards: {
    queueEmpty: ({ context }) => context.queue.length === 0,
    notUrgent: ({ context }) => !context.urgent,
    batchFull: ({ context }) => context.queue.length >= LEARNER_EVENTS.flushAt,
    allHanded: (_, params: DeliverOutput & { attempted: number }) => params.handedIds.length >= params.attempted,
  },
  delays: {
    quiet: LEARNER_EVENTS.quietMs,
  },
}).createMachine({
  id: 'learnerEvents',
  context: ({ input }) => ({
    queue: [],
    handed: [],
    resending: [],
    now: input?.now ?? Date.now,
    newId: input?.newId ?? (() => randomUuid()),
    urgent: false,
    attempted: 0,
  }),
  invoke: { src: 'browserSignals' },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        src: 'restoreQueue',
        onDone: {
          target: 'settling',
          actions: [
            { type: 'mergeRestored', params: ({ event }) => ({ restored: event.output }) },
            { type: 'persistQueue', params: ({ context }) => ({ queue: context.queue }) },
            { type: 'persistHanded', params: ({ context }) => ({ handed: context.handed }) },
          ],
        },
        // An unreadable store: start with what was recorded since.
        onError: { target: 'settling', actions: { type: 'persistQueue', params: ({ context }) => ({ queue: context.queue }) } },
      },
      // Not persisted yet: writing now would overwrite the stored queue before it was read.
      on: { 'learnerEvents.record': { actions: 'enqueue' } },
    },
    /** Decides what the queue needs now, in order. */
    settling: {
      always: [
        { guard: 'queueEmpty', target: 'idle' },
        { guard: 'batchFull', target: 'sending' },
        { target: 'waiting' },
      ],
    },
    idle: {
      on: {
        'learnerEvents.record': {
          target: 'settling',
          actions: ['enqueue', { type: 'persistQueue', params: ({ context }) => ({ queue: context.queue }) }],
        },
      },
    },
    /** Events queued: sent after a quiet spell, or at once when the page hides or the batch fills. */
    waiting: {
      after: { quiet: 'sending' },
      on: {
        // Each new event restarts the quiet spell (through settling, which re-enters waiting).
        'learnerEvents.record': {
          target: 'settling',
          actions: ['enqueue', { type: 'persistQueue', params: ({ context }) => ({ queue: context.queue }) }],
        },
        'learnerEvents.pageHidden': { target: 'sending', actions: 'markUrgent' },
        'learnerEvents.online': 'sending',
      },
    },
    sending: {
      entry: 'startAttempt',
      exit: 'endAttempt',
      invoke: {
        src: 'deliver',
        input: ({ context }) => ({ events: context.queue, urgent: context.urgent }),
        onDone: [
          {
            guard: {
              type: 'allHanded',
              params: ({ context, event }) => ({ handedIds: event.output.handedIds, attempted: context.attempted }),
            },
            target: 'settling',
            actions: [
              { type: 'removeHanded', params: ({ event }) => event.output },
              { type: 'persistQueue', params: ({ context }) => ({ queue: context.queue }) },
              { type: 'persistHanded', params: ({ context }) => ({ handed: context.handed }) },
            ],
          },
          {
            target: 'stalled',
            actions: [
              { type: 'removeHanded', params: ({ event }) => event.output },
              { type: 'persistQueue', params: ({ context }) => ({ queue: context.queue }) },
              { type: 'persistHanded', params: ({ context }) => ({ handed: context.handed }) },
            ],
          },
        ],
        onError: 'stalled',
      },
      on: {
        'learnerEvents.record': {
          actions: ['enqueue', { type: 'persistQueue', params: ({ context }) => ({ queue: context.queue }) }],
        },
        // The page goes while a batch waits for its token: start again at once, urgent, with the
        // whole queue (what the interrupted attempt may have handed goes twice; the server keeps
        // each id once). Already urgent: that attempt is the page's last beacon.
        'learnerEvents.pageHidden': { guard: 'notUrgent', target: 'sending', reenter: true, actions: 'markUrgent' },
      },
    },
    /**
     * The beacon refused or the browser is offline: kept until back online, hidden or new events.
     * Never empty here: a refused batch stays queued, and a partly handed one keeps the rest.
     */
    stalled: {
      on: {
        'learnerEvents.record': {
          target: 'settling',
          actions: ['enqueue', { type: 'persistQueue', params: ({ context }) => ({ queue: context.queue }) }],
        },
        'learnerEvents.pageHidden': { target: 'sending', actions: 'markUrgent' },
        'learnerEvents.online': 'sending',
      },
    },
  },
});

export type LearnerEventsMachine = typeof learnerEventsMachine;

