import type { SnapshotFrom } from 'xstate';
import type { AdminUserMachine } from './admin-user.machine';
import type { AdminUser, AdminUserChange } from './admin-user.types';

type Snapshot = SnapshotFrom<AdminUserMachine>;

export const selectAdminUser = (s: Snapshot): AdminUser | null => s.context.user;
export const selectIsLoadingUser = (s: Snapshot): boolean => s.hasTag('loading');
export const selectLoadFailed = (s: Snapshot): boolean => s.matches('failed');
export const selectLoadError = (s: Snapshot): unknown => s.context.error;
/** A change or an invitation is on its way: every control waits. */
export const selectIsSaving = (s: Snapshot): boolean => s.hasTag('busy');
export const selectPendingChange = (s: Snapshot): AdminUserChange | null => s.context.pending;
export const selectIsConfirmingDeactivation = (s: Snapshot): boolean => s.matches({ ready: 'confirmingDeactivation' });
export const selectIsResending = (s: Snapshot): boolean => s.matches({ ready: 'resending' });
