import { createAdminOrganizations } from '../services/admin-organizations.ts';
import { createSsoConnections } from '../services/sso-connections.ts';
import { defineRoutes, principalOf } from './types.ts';

/** The admin site's districts and schools; the policy lets platform admins alone through. */
export default defineRoutes('admin-organizations', ({ repos, adminChanges, sessions, sso, config }) => {
  const organizations = createAdminOrganizations({ repos, changes: adminChanges, sessions });
  const connections = createSsoConnections({ repos, changes: adminChanges, sso, config });
  return {
    async adminListOrganizations(request) {
      return organizations.list(request.query);
    },

    async adminCreateOrganization(request, reply) {
      const created = await organizations.create(principalOf(request).user, request.body);
      reply.code(201);
      return created;
    },

    async adminGetOrganization(request) {
      return organizations.organization(request.params.id);
    },

    async adminUpdateOrganization(request) {
      return organizations.update(principalOf(request).user, request.params.id, request.body);
    },

    async adminSetOrganizationSubscription(request) {
      return organizations.setSubscription(principalOf(request).user, request.params.id, request.body);
    },

    async adminLapseOrganizationSubscription(request) {
      return organizations.lapseSubscription(principalOf(request).user, request.params.id);
    },

    async adminListOrganizationMembers(request) {
      return organizations.members(request.params.id, request.query);
    },

    async adminAddOrganizationMember(request) {
      return organizations.addMember(principalOf(request).user, request.params.id, request.body);
    },

    async adminRemoveOrganizationMember(request) {
      return organizations.removeMember(principalOf(request).user, request.params.id, request.params.userId);
    },

    async adminGetSsoConnection(request) {
      return connections.get(request.params.id);
    },

    async adminSaveSsoConnection(request) {
      return connections.save(principalOf(request).user, request.params.id, request.body);
    },

    async adminDeleteSsoConnection(request, reply) {
      await connections.remove(principalOf(request).user, request.params.id);
      reply.code(204);
    },
  };
});
