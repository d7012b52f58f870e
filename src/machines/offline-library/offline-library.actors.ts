import { fromCallback, fromPromise } from 'xstate';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { offlineLibraryMachine } from './offline-library.machine';
import { offlineStore } from './offline-store.port';
import type { ItemToSave, OfflineLibraryEvent, OfflineListing } from './offline-library.types';

/** The saved strategies over the device's offline store. */
export const offlineLibraryScreen = defineScreen('offlineLibrary', (services) => {
  const snackbar = bindIntents(services.actors.snackbar, snackbarIntents);
  const offline = () => offlineStore(services);
  return offlineLibraryMachine.provide({
    actors: {
      listSaved: fromPromise<OfflineListing, void>(async () => (await offline()).list()),
      saveItem: fromCallback<OfflineLibraryEvent, { item: ItemToSave }>(({ input, sendBack }) => {
        const controller = new AbortController();
        void offline().then((store) => store.save(input.item, (fraction) => sendBack({ type: 'offline.progress', fraction }), controller.signal)).then(
          (item) => sendBack({ type: 'offline.saved', item }),
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'offline.failed', error });
          },
        );
        return () => controller.abort();
      }),
      removeItem: fromPromise<void, { catalogItemId: string }>(async ({ input }) => (await offline()).remove(input.catalogItemId)),
    },
    actions: {
      notify: (_, params) => snackbar.show(params),
    },
  });
});
