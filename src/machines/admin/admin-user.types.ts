import type { AdminUser, AdminUserChange, AuditEntry } from '@/api/operations/admin';
import type { components } from '@/api/schema';

export type Role = components['schemas']['Role'];

export type { AdminUser, AdminUserChange, AuditEntry };

export type AdminUserInput = { id: string };

export type AdminUserContext = {
  id: string;
  user: AdminUser | null;
  /** Why the account could not be loaded. */
  error: unknown;
  /** The change on its way to the server (or waiting for confirmation), for the buttons' labels. */
  pending: AdminUserChange | null;
};

export type AdminUserEvent =
  | { type: 'adminUser.changeRole'; role: Role }
  | { type: 'adminUser.setFreeAccess'; granted: boolean }
  /** Asks for confirmation first: deactivating ends every session of the account. */
  | { type: 'adminUser.deactivate' }
  | { type: 'adminUser.confirm' }
  | { type: 'adminUser.cancel' }
  | { type: 'adminUser.reactivate' }
  | { type: 'adminUser.resendInvitation' }
  | { type: 'adminUser.retry' };
