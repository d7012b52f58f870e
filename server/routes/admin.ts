import { defineRoutes, principalOf } from './types.ts';
import { toAdminUser } from '../services/admin-users.ts';

/** The platform admin site's operations; the policy lets platform admins alone through. */
export default defineRoutes('admin', ({ repos, adminUsers }) => {
  return {
    async adminListUsers(request) {
      const { items, total } = await repos.users.accounts(request.query);
      return { items: items.map(toAdminUser), total };
    },

    async adminGetUser(request) {
      return adminUsers.account(request.params.id);
    },

    async adminUpdateUser(request) {
      return adminUsers.update(principalOf(request).user, request.params.id, request.body);
    },

    async adminResendInvitation(request) {
      return adminUsers.resendInvitation(principalOf(request).user, request.params.id);
    },

    async listAuditEntries(request) {
      return repos.audit.list(request.query);
    },
  };
});
