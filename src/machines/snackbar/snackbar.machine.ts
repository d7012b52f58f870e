import { assertEvent, assign, setup } from 'xstate';
import {
  SNACKBAR_THROTTLE_MS,
  SNACKBAR_TIMEOUT_MS,
  type SnackbarContext,
  type SnackbarEvent,
} from '@/machines/snackbar/snackbar.types';

// The app-wide snackbar (spec §2, §4, §9): any actor sends `snackbar.enqueue` to the system's
// 'snackbar'. Messages show one at a time, in order, throttled on the leading edge: the first
// shows at once, the next no sooner than 2500 ms after the previous one started. While a
// message is up, two clocks run side by side: its own timeout (or a close) hides it, and the
// throttle window keeps the next one waiting; both must be over before the next one shows.

export const snackbarMachine = setup({
  types: {
    context: {} as SnackbarContext,
    events: {} as SnackbarEvent,
    tags: {} as 'visible',
  },
  delays: {
    messageTimeout: ({ context }) => context.current?.timeout ?? SNACKBAR_TIMEOUT_MS,
    throttle: SNACKBAR_THROTTLE_MS,
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    isClosable: ({ context }) => context.current?.closable ?? false,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      assertEvent(event, 'snackbar.enqueue');
      const message = {
        id: context.nextId,
        message: event.message,
        variant: event.variant,
        timeout: event.timeout ?? SNACKBAR_TIMEOUT_MS,
        closable: event.closable ?? false,
      };
      return { queue: [...context.queue, message], nextId: context.nextId + 1 };
    }),
    showNext: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    hide: assign({ current: null }),
  },
}).createMachine({
  id: 'snackbar',
  context: { queue: [], current: null, nextId: 1 },
  initial: 'idle',
  on: {
    'snackbar.enqueue': { actions: 'enqueue' },
  },
  states: {
    idle: {
      always: { guard: 'hasQueued', target: 'showing' },
    },
    showing: {
      type: 'parallel',
      entry: 'showNext',
      onDone: 'idle',
      states: {
        message: {
          initial: 'visible',
          states: {
            visible: {
              tags: 'visible',
              after: { messageTimeout: 'hidden' },
              on: { 'snackbar.close': { guard: 'isClosable', target: 'hidden' } },
            },
            hidden: { type: 'final', entry: 'hide' },
          },
        },
        window: {
          initial: 'open',
          states: {
            open: { after: { throttle: 'elapsed' } },
            elapsed: { type: 'final' },
          },
        },
      },
    },
  },
});

export type SnackbarMachine = typeof snackbarMachine;
