import { createCatalogAdmin } from '../services/catalog-admin.ts';
import { defineRoutes, principalOf } from './types.ts';

/** The admin site's catalogue; the policy lets platform admins alone through. */
export default defineRoutes('admin-catalog', ({ repos, adminChanges }) => {
  const catalog = createCatalogAdmin(repos.catalogAdmin, adminChanges);
  return {
    async adminListCatalogItems(request) {
      return catalog.list(request.query);
    },

    async adminCreateCatalogItem(request, reply) {
      const item = await catalog.create(principalOf(request).user, request.body);
      reply.code(201);
      return item;
    },

    async adminGetCatalogItem(request) {
      return catalog.get(request.params.itemId);
    },

    async adminUpdateCatalogItem(request) {
      return catalog.update(principalOf(request).user, request.params.itemId, request.body);
    },

    async adminChangeCatalogItemStatus(request) {
      return catalog.changeStatus(principalOf(request).user, request.params.itemId, request.body.status);
    },

    async adminReorderPlaylistEntries(request) {
      return catalog.reorder(principalOf(request).user, request.params.itemId, request.body.itemIds);
    },
  };
});
