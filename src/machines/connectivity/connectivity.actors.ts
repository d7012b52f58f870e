import { fromCallback } from 'xstate';
import { defineScreen } from '@/machines/shared/screen';
import { connectivityMachine, type ConnectivityEvent } from './connectivity.machine';

/** The browser's online and offline events, and the service worker's registration (src/lib/offline-worker.ts). */
export const connectivityScreen = defineScreen('connectivity', () =>
  connectivityMachine.provide({
    actors: {
      watchConnectivity: fromCallback<ConnectivityEvent>(({ sendBack }) => {
        const online = () => sendBack({ type: 'connectivity.online' });
        const offline = () => sendBack({ type: 'connectivity.offline' });
        window.addEventListener('online', online);
        window.addEventListener('offline', offline);
        // The view reads the input when it renders and starts this actor after: a change in between is caught here.
        if (navigator.onLine) online();
        else offline();
        return () => {
          window.removeEventListener('online', online);
          window.removeEventListener('offline', offline);
        };
      }),
    },
    actions: {
      installWorker: () => {
        void import('@/lib/offline-worker').then(({ registerOfflineWorker }) => registerOfflineWorker());
      },
    },
  }),
);

/** What the connectivity actor starts from: the browser's own answer now. */
export const connectivityInput = () => ({ online: typeof navigator === 'undefined' || navigator.onLine });
