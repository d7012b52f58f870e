import { fromCallback, fromPromise } from 'xstate';
import { progressIntents } from '@/machines/progress/progress.intents';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import type { SentChanges } from '@/machines/offline-library/offline-library.types';
import { offlineStore } from '@/machines/offline-library/offline-store.port';
import { connectivityMachine, type ConnectivityEvent } from './connectivity.machine';

/** The browser's online and offline events, and the service worker's registration (src/lib/offline-worker.ts). */
export const connectivityScreen = defineScreen('connectivity', (services) => {
  const { actors } = services;
  const snackbar = bindIntents(actors.snackbar, snackbarIntents);
  const progress = bindIntents(actors.progress, progressIntents);
  return connectivityMachine.provide({
    actors: {
      sendQueuedChanges: fromPromise<SentChanges, void>(async () => (await offlineStore(services)).sendQueuedChanges()),
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
      reportSent: (_, { sent, refused }) => {
        if (refused.length) snackbar.show({ message: `Not saved: ${refused.join('; ')}`, variant: 'error' });
        else if (sent) snackbar.show({ message: sent === 1 ? 'Your change made offline is saved.' : `Your ${sent} changes made offline are saved.`, variant: 'success' });
        if (sent || refused.length) progress.reload();
      },
    },
  });
});

/** What the connectivity actor starts from: the browser's own answer now. */
export const connectivityInput = () => ({ online: typeof navigator === 'undefined' || navigator.onLine });
