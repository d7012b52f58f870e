import { createResourceMachine } from '@/machines/shared/resource';
import type { CatalogItem, CatalogItemSummary, CatalogVideo, DashboardLists, ItemProgress } from '@/machines/catalog/catalog.types';

// The catalogue's simpler screens are resources (src/machines/shared/resource.ts): one load when
// the screen opens, "Try again" after a failure.

export const dashboardMachine = createResourceMachine<DashboardLists>({ id: 'dashboard' });

export const livestreamsMachine = createResourceMachine<CatalogItemSummary[]>({ id: 'livestreams' });

export type ItemDetail = { item: CatalogItem; progress: ItemProgress[]; video: CatalogVideo | null };

/** A playlist or livestream page: the item, the learner's progress if at hand, a recording if any. */
export const itemDetailMachine = createResourceMachine<ItemDetail, { publicId: string }>({ id: 'itemDetail' });
