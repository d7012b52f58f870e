import type { CatalogEvent } from '@/machines/catalog/catalog.machine';

export const catalogIntents = (send: (event: CatalogEvent) => void) => ({
  retry: () => send({ type: 'catalog.retry' }),
});
