import { namedOrganizationOf, tenantOf } from '../auth/enforce.ts';
import { toUser } from '../services/users.ts';
import { defineRoutes, principalOf } from './types.ts';

export default defineRoutes('organizations', ({ repos, invitations }) => {
  return {
    async listOrganizations(request) {
      return repos.organizations.list(tenantOf(request).organizationIds, request.query);
    },

    async inviteUser(request, reply) {
      const invited = await invitations.invite(principalOf(request).user, namedOrganizationOf(request).organization, request.body);
      reply.code(201);
      return toUser(invited);
    },

    async resendInvitation(request) {
      return invitations.resend(principalOf(request).user, namedOrganizationOf(request), request.params.userId);
    },

    async importUsers(request) {
      return invitations.importCsv(principalOf(request).user, namedOrganizationOf(request).organization, request.body);
    },
  };
});
