import { assertEvent, assign, setup } from 'xstate';
import { placeholderAction } from '@/machines/shared/placeholders';
import {
  NAVIGATION_INDICATOR_DELAY_MS,
  type NavigationProgressContext,
  type NavigationProgressEvent,
  type PageView,
} from '@/machines/navigation-progress/navigation-progress.types';

// Spec §2 "Shell and layout" and §7 "POST /reporting/event": the router reports what it does,
// this actor decides what the user sees (an indicator, only after 300 ms) and what is
// recorded (one page view per pathname change; a change of the query alone is the same page).

export const navigationProgressMachine = setup({
  types: {
    context: {} as NavigationProgressContext,
    events: {} as NavigationProgressEvent,
    tags: {} as 'visible',
  },
  delays: {
    indicatorDelay: NAVIGATION_INDICATOR_DELAY_MS,
  },
  guards: {
    isNewPath: ({ context, event }) => {
      assertEvent(event, 'navigation.located');
      return event.pathname !== context.pathname;
    },
  },
  actions: {
    /** Fire and forget: a failed page view is ignored (spec §7). */
    recordPageView: placeholderAction<PageView>('recordPageView'),
    assignPath: assign({
      pathname: ({ event }) => {
        assertEvent(event, 'navigation.located');
        return event.pathname;
      },
    }),
  },
}).createMachine({
  id: 'navigationProgress',
  context: { pathname: null },
  type: 'parallel',
  states: {
    indicator: {
      initial: 'idle',
      states: {
        idle: { on: { 'navigation.started': 'pending' } },
        pending: {
          after: { indicatorDelay: 'visible' },
          on: { 'navigation.finished': 'idle' },
        },
        visible: {
          tags: 'visible',
          on: { 'navigation.finished': 'idle' },
        },
      },
    },
    pageViews: {
      on: {
        'navigation.located': {
          guard: 'isNewPath',
          actions: [
            // The app's first page comes from nowhere: `from` is empty.
            { type: 'recordPageView', params: ({ context, event }) => ({ from: context.pathname ?? '', to: event.pathname }) },
            'assignPath',
          ],
        },
      },
    },
  },
});

export type NavigationProgressMachine = typeof navigationProgressMachine;
