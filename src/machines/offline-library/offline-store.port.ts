import type { AppServices } from '@/machines/root/app-services';
import type { OfflineStore } from './offline-library.types';

const stores = new WeakMap<AppServices, Promise<OfflineStore>>();

/**
 * The device's offline store (src/lib/offline-store.ts) for the app's services, its code loaded
 * the first time a screen asks for it: it is on no first page.
 */
export function offlineStore(services: AppServices): Promise<OfflineStore> {
  let store = stores.get(services);
  if (!store) {
    store = import('@/lib/offline-store').then((m) => m.createOfflineStore({ api: services.api, getToken: services.accessToken }));
    stores.set(services, store);
  }
  return store;
}
