import { setup } from 'xstate';
import { placeholderAction, placeholderCallback } from '@/machines/shared/placeholders';

// Whether the browser is online, for the offline banner (docs/decisions.md, "Offline and repeat
// visits"). The signed-in app's shell owns one; starting it also installs the service worker, after
// the first screen, so the worker costs the first page nothing.

export type ConnectivityEvent = { type: 'connectivity.online' } | { type: 'connectivity.offline' };
export type ConnectivityInput = { online: boolean };

export const connectivityMachine = setup({
  types: { events: {} as ConnectivityEvent, input: {} as ConnectivityInput, context: {} as ConnectivityInput },
  actors: {
    /** Sends connectivity.online and connectivity.offline as the browser's own events say. */
    watchConnectivity: placeholderCallback<ConnectivityEvent>('watchConnectivity'),
  },
  actions: {
    /** Registers the service worker (the shell and the user's last-seen data, offline). */
    installWorker: placeholderAction('installWorker'),
  },
  guards: {
    startsOffline: ({ context }) => !context.online,
  },
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
    },
    offline: {
      tags: 'offline',
      on: { 'connectivity.online': 'online' },
    },
  },
});

export type ConnectivityMachine = typeof connectivityMachine;
