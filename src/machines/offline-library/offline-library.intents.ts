import type { ItemToSave, OfflineLibraryEvent } from './offline-library.types';

/** What views ask of the saved strategies. */
export const offlineLibraryIntents = (send: (event: OfflineLibraryEvent) => void) => ({
  save: (item: ItemToSave) => send({ type: 'offline.save', item }),
  cancel: () => send({ type: 'offline.cancel' }),
  remove: (catalogItemId: string) => send({ type: 'offline.remove', catalogItemId }),
});
