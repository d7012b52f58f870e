import { createFrameworkAdmin } from '../services/framework-admin.ts';
import { defineRoutes, principalOf } from './types.ts';

/** The admin site's framework and audiences; the policy lets platform admins alone through. */
export default defineRoutes('admin-framework', ({ repos, adminChanges }) => {
  const framework = createFrameworkAdmin(repos.frameworkAdmin, adminChanges);
  return {
    async adminListFrameworkItems() {
      return { data: await framework.listItems() };
    },

    async adminCreateFrameworkItem(request, reply) {
      const item = await framework.createItem(principalOf(request).user, request.body);
      reply.code(201);
      return item;
    },

    async adminUpdateFrameworkItem(request) {
      return framework.updateItem(principalOf(request).user, request.params.nodeId, request.body);
    },

    async adminMoveFrameworkItem(request) {
      return framework.moveItem(principalOf(request).user, request.params.nodeId, request.body.position);
    },

    async adminDeleteFrameworkItem(request, reply) {
      await framework.deleteItem(principalOf(request).user, request.params.nodeId);
      reply.code(204);
    },

    async adminListAudiences() {
      return { data: await framework.listAudiences() };
    },

    async adminCreateAudience(request, reply) {
      const audience = await framework.createAudience(principalOf(request).user, request.body);
      reply.code(201);
      return audience;
    },

    async adminUpdateAudience(request) {
      return framework.renameAudience(principalOf(request).user, request.params.audienceId, request.body);
    },

    async adminMoveAudience(request) {
      return framework.moveAudience(principalOf(request).user, request.params.audienceId, request.body.position);
    },

    async adminDeleteAudience(request, reply) {
      await framework.deleteAudience(principalOf(request).user, request.params.audienceId);
      reply.code(204);
    },
  };
});
