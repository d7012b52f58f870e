import type { CatalogEvent, CatalogFilterPatch } from '@/machines/catalog/catalog.machine';

export const catalogIntents = (send: (event: CatalogEvent) => void) => ({
  retry: () => send({ type: 'catalog.retry' }),
  search: (text: string) => send({ type: 'catalog.search', text }),
  filter: (patch: CatalogFilterPatch) => send({ type: 'catalog.filter', patch }),
  clearAll: () => send({ type: 'catalog.clearAll' }),
});
