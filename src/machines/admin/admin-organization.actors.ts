import { fromPromise } from 'xstate';
import {
  adminAddOrganizationMember,
  adminGetOrganization,
  adminGetSsoConnection,
  adminLapseOrganizationSubscription,
  adminListOrganizationMembers,
  adminListOrganizations,
  adminRemoveOrganizationMember,
  adminSetOrganizationSubscription,
  adminUpdateOrganization,
} from '@/api/operations/admin-organizations';
import { errorMessage } from '@/lib/messages';
import type { AppServices } from '@/machines/root/app-services';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { adminOrganizationMachine } from './admin-organization.machine';
import type { OrganizationChange, OrganizationView } from './admin-organization.types';

/** Members shown on the page: the first hundred, by e-mail (the total says when there are more). */
const MEMBERS_SHOWN = 100;

async function viewOf({ api }: AppServices, id: string, signal: AbortSignal): Promise<OrganizationView> {
  const [organization, members, districts, sso] = await Promise.all([
    adminGetOrganization(api, id, { signal }),
    adminListOrganizationMembers(api, id, { itemsPerPage: MEMBERS_SHOWN }, { signal }),
    adminListOrganizations(api, { type: 'DISTRICT', itemsPerPage: 100 }, { signal }),
    adminGetSsoConnection(api, id, { signal }),
  ]);
  return { organization, members: members.items, membersTotal: members.total, districts: districts.items.map((d) => ({ id: d.id, name: d.name })), sso };
}

async function apply({ api }: AppServices, id: string, change: OrganizationChange, signal: AbortSignal) {
  switch (change.kind) {
    case 'rename':
      return adminUpdateOrganization(api, id, { name: change.name }, { signal });
    case 'move':
      return adminUpdateOrganization(api, id, { parentId: change.parentId }, { signal });
    case 'subscription':
      return adminSetOrganizationSubscription(api, id, change.input, { signal });
    case 'lapse':
      return adminLapseOrganizationSubscription(api, id, { signal });
    case 'addMember':
      return adminAddOrganizationMember(api, id, { email: change.email, role: change.role }, { signal });
    case 'removeMember':
      return adminRemoveOrganizationMember(api, id, change.userId, { signal });
  }
}

/** One district or school of the admin site, with its changes sent to the API and told in the snackbar. */
export const adminOrganizationScreen = defineScreen('adminOrganization', (services) => {
  const snackbar = () => bindIntents(services.actors.snackbar, snackbarIntents);
  return adminOrganizationMachine.provide({
    actors: {
      loadOrganization: fromPromise<OrganizationView, { id: string }>(({ input, signal }) => viewOf(services, input.id, signal)),
      saveChange: fromPromise<OrganizationView, { id: string; change: OrganizationChange }>(async ({ input, signal }) => {
        await apply(services, input.id, input.change, signal);
        return viewOf(services, input.id, signal);
      }),
    },
    actions: {
      notifySaved: (_, { message }) => snackbar().show({ message, variant: 'success' }),
      notifyFailed: (_, { error }) => snackbar().show({ message: errorMessage(error), variant: 'error' }),
    },
  });
});
