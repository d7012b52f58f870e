import { fromPromise } from 'xstate';
import {
  adminChangeCatalogItemStatus,
  adminCreateCatalogItem,
  adminGetCatalogItem,
  adminListCatalogItems,
  adminReorderPlaylistEntries,
  adminUpdateCatalogItem,
  type AdminCatalogItemInput as CreateBody,
  type AdminCatalogItemPatch,
} from '@/api/operations/admin';
import type { AppServices } from '@/machines/root/app-services';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { adminCatalogItemMachine } from './admin-catalog-item.machine';
import type { AdminCatalogItem, AdminCatalogItemSummary, CatalogItemStatus } from './admin-catalog-item.types';

/** One catalogue item of the admin site, its changes sent to the API and told in the snackbar. */
export const adminCatalogItemScreen = defineScreen('adminCatalogItem', (services) => {
  const { api } = services;
  return adminCatalogItemMachine.provide({
    actors: {
      loadItem: fromPromise<AdminCatalogItem, { id: string }>(({ input, signal }) => adminGetCatalogItem(api, input.id, { signal })),
      createItem: fromPromise<AdminCatalogItem, { body: CreateBody }>(({ input, signal }) => adminCreateCatalogItem(api, input.body, { signal })),
      updateItem: fromPromise<AdminCatalogItem, { id: string; patch: AdminCatalogItemPatch }>(({ input, signal }) =>
        adminUpdateCatalogItem(api, input.id, input.patch, { signal }),
      ),
      changeStatus: fromPromise<AdminCatalogItem, { id: string; status: CatalogItemStatus }>(({ input, signal }) =>
        adminChangeCatalogItemStatus(api, input.id, input.status, { signal }),
      ),
      reorderEntries: fromPromise<AdminCatalogItem, { id: string; itemIds: string[] }>(({ input, signal }) =>
        adminReorderPlaylistEntries(api, input.id, input.itemIds, { signal }),
      ),
    },
    actions: {
      notifySaved: (_, { message }) => bindIntents(services.actors.snackbar, snackbarIntents).show({ message, variant: 'success' }),
      // Once this transition is over: the new address's editor starts from the item as saved.
      created: (_, { id }) => void setTimeout(() => services.router.navigate(`/admin/catalog/${id}`, { replace: true })),
    },
  });
});

/** Items a playlist can hold whose title or public id has the words typed (drafts too: a playlist is built before it is published). */
export async function findPlaylistCandidates({ api }: Pick<AppServices, 'api'>, words: string, signal?: AbortSignal): Promise<AdminCatalogItemSummary[]> {
  const { items } = await adminListCatalogItems(
    api,
    { q: words.trim() || undefined, resourceType: ['LEARNING_OBJECT', 'LIVESTREAM'], status: ['DRAFT', 'PUBLISHED'], itemsPerPage: 20 },
    { signal },
  );
  return items;
}
