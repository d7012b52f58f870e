import { setup } from 'xstate';
import { placeholderAction, placeholderActor, placeholderCallback } from '@/machines/shared/placeholders';
import type { SentChanges } from '@/machines/offline-library/offline-library.types';

// Whether the browser is online, for the offline banner (docs/decisions.md, "Offline and repeat
// visits"). The signed-in app's shell owns one; starting it also installs the service worker, after
// the first screen, so the worker costs the first page nothing. Online, it sends the changes made
// offline (a rating, a rubric score, applied, downloaded: the device's offline store keeps them) at once, and
// looks again every minute for any whose request failed while the browser thought it was online.

export type ConnectivityEvent = { type: 'connectivity.online' } | { type: 'connectivity.offline' };
export type ConnectivityInput = { online: boolean };

export const CHANGES_RETRY_MS = 60_000;

export const connectivityMachine = setup({
  types: { events: {} as ConnectivityEvent, input: {} as ConnectivityInput, context: {} as ConnectivityInput },
  actors: {
    /** Sends connectivity.online and connectivity.offline as the browser's own events say. */
    watchConnectivity: placeholderCallback<ConnectivityEvent>('watchConnectivity'),
    /** Sends the changes made offline, each once, in the order they were made. */
    sendQueuedChanges: placeholderActor<SentChanges>('sendQueuedChanges'),
  },
  actions: {
    /** Registers the service worker (the shell and the user's last-seen data, offline). */
    installWorker: placeholderAction('installWorker'),
    /** Tells the learner what was sent and what the server refused, and reloads their progress. */
    reportSent: placeholderAction<SentChanges>('reportSent'),
  },
  guards: {
    startsOffline: ({ context }) => !context.online,
  },
  delays: { retry: CHANGES_RETRY_MS },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => input,
  entry: 'installWorker',
  invoke: { src: 'watchConnectivity' },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsOffline', target: 'offline' }, { target: 'online' }],
    },
    online: {
      on: { 'connectivity.offline': 'offline' },
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            src: 'sendQueuedChanges',
            onDone: { target: 'waiting', actions: { type: 'reportSent', params: ({ event }) => event.output } },
            onError: 'waiting',
          },
        },
        waiting: { after: { retry: 'sending' } },
      },
    },
    offline: {
      tags: 'offline',
      on: { 'connectivity.online': 'online' },
    },
  },
});

export type ConnectivityMachine = typeof connectivityMachine;
