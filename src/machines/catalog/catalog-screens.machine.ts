import { createResourceMachine } from '@/machines/shared/resource';
import type { CatalogItem, CatalogItemSummary, CatalogVideo, DashboardView, ItemProgress, ResourceType } from '@/machines/catalog/catalog.types';

// The catalogue's simpler screens are resources (src/machines/shared/resource.ts): one load when
// the screen opens, "Try again" after a failure.

export const dashboardMachine = createResourceMachine<DashboardView>({ id: 'dashboard' });

export const livestreamsMachine = createResourceMachine<CatalogItemSummary[]>({ id: 'livestreams' });

export type ItemDetail = { item: CatalogItem; progress: ItemProgress[]; video: CatalogVideo | null };

/** A playlist or livestream page: the item, the learner's progress if at hand, a recording if any. */
export const itemDetailMachine = createResourceMachine<ItemDetail, ItemDetailParams>({ id: 'itemDetail' });

/** The item the address names, and the kind the route shows (an id of another kind is not found). */
export type ItemDetailParams = { publicId: string; resourceType: Exclude<ResourceType, 'LEARNING_OBJECT'> };

// A detail page's address names an item that does not exist (404), or one of another kind
// (a playlist's id under /livestreams/): the page is "not found", never "try again".

export const isNotFoundError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 404;

/** What a fetch throws when the item it got is not of the kind the route shows: a 404 like the server's. */
export const wrongKindError = (): Error => Object.assign(new Error('No item of this kind has this id'), { status: 404, code: 'NOT_FOUND' });

/** The shape of a catalogue id (openapi's pattern): anything else names no item, so no request is made. */
export const isPublicId = (id: string): boolean => /^[A-Za-z0-9_-]{1,200}$/.test(id);
