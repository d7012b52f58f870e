import type { SnapshotFrom } from 'xstate';
import type { AdminOrganizationMachine } from './admin-organization.machine';
import type { OrganizationChange, OrganizationDraft, OrganizationView, Refusal, Section } from './admin-organization.types';

type Snapshot = SnapshotFrom<AdminOrganizationMachine>;

export const selectOrganizationView = (s: Snapshot): OrganizationView | null => s.context.view;
export const selectDraft = (s: Snapshot): OrganizationDraft => s.context.draft;
export const selectIsLoadingOrganization = (s: Snapshot): boolean => s.hasTag('loading');
export const selectOrganizationLoadFailed = (s: Snapshot): boolean => s.matches('failed');
export const selectOrganizationLoadError = (s: Snapshot): unknown => s.context.error;
/** A change is on its way: every control waits. */
export const selectIsSavingOrganization = (s: Snapshot): boolean => s.hasTag('busy');
export const selectPendingOrganizationChange = (s: Snapshot): OrganizationChange | null => s.context.pending;
/** The change waiting for a confirmation (a lapse, a removal), or null. */
export const selectChangeToConfirm = (s: Snapshot): OrganizationChange | null => (s.matches({ ready: 'confirming' }) ? s.context.pending : null);
export const selectRefusal =
  (section: Section) =>
  (s: Snapshot): Refusal | null =>
    s.context.refusal?.section === section ? s.context.refusal : null;
