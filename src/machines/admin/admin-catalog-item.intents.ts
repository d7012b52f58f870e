import type { AdminCatalogItemEvent, AdminCatalogItemSummary, CatalogItemStatus, Draft } from './admin-catalog-item.types';

/** What the item editor asks of its actor. */
export const adminCatalogItemIntents = (send: (event: AdminCatalogItemEvent) => void) => ({
  change: (patch: Partial<Draft>) => send({ type: 'catalogItem.change', patch }),
  save: () => send({ type: 'catalogItem.save' }),
  setStatus: (status: CatalogItemStatus) => send({ type: 'catalogItem.setStatus', status }),
  moveEntry: (from: number, to: number) => send({ type: 'catalogItem.moveEntry', from, to }),
  addEntry: (entry: AdminCatalogItemSummary) => send({ type: 'catalogItem.addEntry', entry }),
  removeEntry: (itemId: string) => send({ type: 'catalogItem.removeEntry', itemId }),
  dismissAlert: () => send({ type: 'catalogItem.dismissAlert' }),
  retry: () => send({ type: 'catalogItem.retry' }),
});
