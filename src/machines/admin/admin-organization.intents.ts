import type { AdminOrganizationEvent, DraftField } from './admin-organization.types';

/** What the organization page asks of its actor. */
export const adminOrganizationIntents = (send: (event: AdminOrganizationEvent) => void) => ({
  edit: (field: DraftField, value: string) => send({ type: 'adminOrganization.edit', field, value }),
  rename: () => send({ type: 'adminOrganization.rename' }),
  move: () => send({ type: 'adminOrganization.move' }),
  saveSubscription: () => send({ type: 'adminOrganization.saveSubscription' }),
  lapse: () => send({ type: 'adminOrganization.lapse' }),
  addMember: () => send({ type: 'adminOrganization.addMember' }),
  removeMember: (userId: string, email: string) => send({ type: 'adminOrganization.removeMember', userId, email }),
  confirm: () => send({ type: 'adminOrganization.confirm' }),
  cancel: () => send({ type: 'adminOrganization.cancel' }),
  retry: () => send({ type: 'adminOrganization.retry' }),
});
