import { namedOrganizationOf, tenantOf } from '../auth/enforce.ts';
import { badRequest } from '../errors.ts';
import { toUser } from '../services/users.ts';
import { defineRoutes, principalOf } from './types.ts';

export default defineRoutes('organizations', ({ repos, invitations, rostering }) => {
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

    async listRosterImports(request) {
      return rostering.list(namedOrganizationOf(request).organization, request.query);
    },

    async createRosterImport(request, reply) {
      // The zip as bytes (server/plugins/api.ts reads application/zip for this operation only).
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('body is required: the OneRoster zip file');
      const dryRun = await rostering.upload(principalOf(request).user, namedOrganizationOf(request).organization, body, request.query.fileName ?? null);
      reply.code(201);
      return dryRun;
    },

    async getRosterImport(request) {
      return rostering.get(namedOrganizationOf(request).organization, request.params.importId, request.query);
    },

    async applyRosterImport(request) {
      return rostering.apply(principalOf(request).user, namedOrganizationOf(request).organization, request.params.importId);
    },

    async getRosterSource(request) {
      return rostering.source(namedOrganizationOf(request).organization);
    },

    async setRosterSource(request) {
      return rostering.setSource(principalOf(request).user, namedOrganizationOf(request).organization, request.body);
    },

    async deleteRosterSource(request, reply) {
      await rostering.deleteSource(principalOf(request).user, namedOrganizationOf(request).organization);
      reply.code(204);
    },

    async pullRosterSource(request, reply) {
      const pulled = await rostering.pull(principalOf(request).user, namedOrganizationOf(request).organization);
      reply.code(201);
      return pulled;
    },
  };
});
