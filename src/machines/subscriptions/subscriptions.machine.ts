import { assertEvent, assign, emit, setup } from 'xstate';
import type { Subscription } from '@/machines/shared/domain';
import { placeholderActor } from '@/machines/shared/placeholders';

// The signed-in user's subscriptions, app-wide: loaded once, reloaded on demand (after a
// payment, a cancellation), forgotten at logout. A 404 already arrives as [] from src/api
// (spec §8). It emits `subscriptions.loaded` / `subscriptions.failed` like the guard's events.

export type SubscriptionsContext = { subscriptions: readonly Subscription[] | null; error: unknown };

export type SubscriptionsEvent =
  | { type: 'subscriptions.load' }
  | { type: 'subscriptions.reload' }
  | { type: 'subscriptions.set'; subscriptions: readonly Subscription[] }
  | { type: 'subscriptions.clear' };

export type SubscriptionsEmitted =
  | { type: 'subscriptions.loaded'; subscriptions: readonly Subscription[] }
  | { type: 'subscriptions.failed'; error: unknown };

export const subscriptionsMachine = setup({
  types: {
    context: {} as SubscriptionsContext,
    events: {} as SubscriptionsEvent,
    emitted: {} as SubscriptionsEmitted,
    tags: {} as 'loading',
  },
  actors: {
    fetchSubscriptions: placeholderActor<readonly Subscription[]>('fetchSubscriptions'),
  },
  actions: {
    assignSubscriptions: assign({
      subscriptions: (_, params: { subscriptions: readonly Subscription[] }) => params.subscriptions,
      error: null,
    }),
    assignError: assign({ error: (_, params: { error: unknown }) => params.error }),
    announceLoaded: emit((_, params: { subscriptions: readonly Subscription[] }) => ({
      type: 'subscriptions.loaded' as const,
      subscriptions: params.subscriptions,
    })),
    announceFailed: emit((_, params: { error: unknown }) => ({ type: 'subscriptions.failed' as const, error: params.error })),
    clear: assign({ subscriptions: null, error: null }),
  },
}).createMachine({
  id: 'subscriptions',
  context: { subscriptions: null, error: null },
  initial: 'idle',
  on: {
    'subscriptions.clear': { target: '.idle', actions: 'clear' },
    'subscriptions.set': {
      target: '.loaded',
      actions: {
        type: 'assignSubscriptions',
        params: ({ event }) => {
          assertEvent(event, 'subscriptions.set');
          return { subscriptions: event.subscriptions };
        },
      },
    },
  },
  states: {
    idle: {
      on: { 'subscriptions.load': 'loading', 'subscriptions.reload': 'loading' },
    },
    loading: {
      tags: 'loading',
      invoke: {
        src: 'fetchSubscriptions',
        onDone: {
          target: 'loaded',
          actions: [
            { type: 'assignSubscriptions', params: ({ event }) => ({ subscriptions: event.output }) },
            { type: 'announceLoaded', params: ({ event }) => ({ subscriptions: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            { type: 'announceFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    loaded: {
      on: { 'subscriptions.reload': 'loading' },
    },
    failed: {
      on: { 'subscriptions.load': 'loading', 'subscriptions.reload': 'loading' },
    },
  },
});

export type SubscriptionsMachine = typeof subscriptionsMachine;
