import type { Schemas } from '../contract.ts';
import { conflict, notFound } from '../errors.ts';
import type { UserRow } from '../auth/principal.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { AccountFields } from '../repositories/users.ts';
import type { AdminChanges, AdminUnit } from './admin-changes.ts';
import type { Invitations } from './invitations.ts';
import type { Sessions } from './sessions.ts';
import { roleOrganizationRefusal, toMember } from './users.ts';

/** The contract's AdminUser. */
export function toAdminUser(row: AccountFields) {
  return { ...toMember(row), organizationName: row.organizationName, deactivatedAt: row.deactivatedAt };
}

type Deps = {
  repos: Pick<Repositories, 'users' | 'organizations'>;
  changes: AdminChanges;
  invitations: Invitations;
  sessions: Sessions;
};

type Role = UserRow['role'];

/** Why an account may not take a role, or null (a school admin needs a school, a district admin a district). */
async function roleRefusal(repos: AdminUnit['repos'], user: UserRow, role: Role) {
  if (user.role === 'DEMO' || role === 'DEMO') return conflict('Demo accounts keep their role: they register for a full account themselves', 'DEMO_ACCOUNT');
  const organization = user.organizationId ? await repos.organizations.byId(user.organizationId) : undefined;
  return roleOrganizationRefusal(role, organization);
}

/** The platform admin's work on accounts: each change recorded in the audit log in its own transaction. */
export function createAdminUsers({ repos, changes, invitations, sessions }: Deps) {
  async function account(id: string) {
    const row = await repos.users.account(id);
    if (!row) throw notFound('User not found');
    return toAdminUser(row);
  }

  return {
    account,

    async update(admin: UserRow, id: string, change: Schemas['AdminUserChange']) {
      const endsSessions = await changes.apply(admin, async (unit) => {
        const user = await unit.repos.users.byId(id);
        if (!user) throw notFound('User not found');
        const entity = { entityType: 'USER', entityId: user.id, entityLabel: user.email } as const;
        const changesRole = change.role !== undefined && change.role !== user.role;
        const deactivates = change.deactivated === true && !user.deactivatedAt;
        const reactivates = change.deactivated === false && !!user.deactivatedAt;
        if (user.id === admin.id && (changesRole || deactivates)) {
          throw conflict('You cannot change your own role or deactivate your own account', 'OWN_ACCOUNT');
        }
        if (changesRole) {
          const refusal = await roleRefusal(unit.repos, user, change.role!);
          if (refusal) throw refusal;
          await unit.repos.users.changeRole(user.id, change.role!);
          unit.record({ ...entity, action: 'user.roleChanged', before: { role: user.role }, after: { role: change.role } });
        }
        if (change.hasFreeAccess !== undefined && change.hasFreeAccess !== user.hasFreeAccess) {
          await unit.repos.users.setFreeAccess(user.id, change.hasFreeAccess);
          unit.record({
            ...entity,
            action: change.hasFreeAccess ? 'user.freeAccessGranted' : 'user.freeAccessRevoked',
            before: { hasFreeAccess: user.hasFreeAccess },
            after: { hasFreeAccess: change.hasFreeAccess },
          });
        }
        if (deactivates || reactivates) {
          const updated = await unit.repos.users.setDeactivated(user.id, deactivates);
          unit.record({
            ...entity,
            action: deactivates ? 'user.deactivated' : 'user.reactivated',
            before: { deactivatedAt: user.deactivatedAt?.toISOString() ?? null },
            after: { deactivatedAt: updated?.deactivatedAt?.toISOString() ?? null },
          });
        }
        return changesRole || deactivates;
      });
      // The database already refuses the old tokens; the embedded provider drops its sessions too.
      if (endsSessions) await sessions.notifyEnded(id);
      return account(id);
    },

    async resendInvitation(admin: UserRow, id: string) {
      const user = await repos.users.byId(id);
      if (!user) throw notFound('User not found');
      const organization = user.organizationId ? await repos.organizations.byId(user.organizationId) : undefined;
      if (!organization) throw conflict('This account was not invited to a school or district', 'NOT_INVITED');
      await invitations.resend(admin, { organization, organizationIds: [organization.id] }, id, (work) =>
        changes.apply(admin, async (unit) => {
          const updated = await work(unit.repos.users);
          if (updated) {
            unit.record({
              action: 'user.invitationResent',
              entityType: 'USER',
              entityId: user.id,
              entityLabel: user.email,
              before: { invitationSentAt: user.invitationSentAt?.toISOString() ?? null },
              after: { invitationSentAt: updated.invitationSentAt?.toISOString() ?? null },
            });
          }
          return updated;
        }),
      );
      return account(id);
    },
  };
}

export type AdminUsers = ReturnType<typeof createAdminUsers>;
