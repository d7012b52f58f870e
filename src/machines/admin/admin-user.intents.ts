import type { AdminUserEvent, Role } from './admin-user.types';

/** What the account page asks of its actor. */
export const adminUserIntents = (send: (event: AdminUserEvent) => void) => ({
  changeRole: (role: Role) => send({ type: 'adminUser.changeRole', role }),
  setFreeAccess: (granted: boolean) => send({ type: 'adminUser.setFreeAccess', granted }),
  deactivate: () => send({ type: 'adminUser.deactivate' }),
  confirm: () => send({ type: 'adminUser.confirm' }),
  cancel: () => send({ type: 'adminUser.cancel' }),
  reactivate: () => send({ type: 'adminUser.reactivate' }),
  resendInvitation: () => send({ type: 'adminUser.resendInvitation' }),
  retry: () => send({ type: 'adminUser.retry' }),
});
