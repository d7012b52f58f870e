import { principalOf, type Context, type Handlers } from './types.ts';
import { toAdminUser } from '../services/admin-users.ts';

type AdminOps = 'adminListUsers' | 'adminGetUser' | 'adminUpdateUser' | 'adminResendInvitation' | 'listAuditEntries';

/** The platform admin site's operations; the policy lets platform admins alone through. */
export function adminHandlers({ repos, adminUsers }: Context): Handlers<AdminOps> {
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
}
