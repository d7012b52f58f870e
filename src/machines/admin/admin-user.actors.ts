import { fromPromise } from 'xstate';
import { adminGetUser, adminResendInvitation, adminUpdateUser, type AdminUser, type AdminUserChange } from '@/api/operations/admin';
import { errorMessage } from '@/lib/messages';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { adminUserMachine } from './admin-user.machine';

/** One account of the admin site, with its changes sent to the API and told in the snackbar. */
export const adminUserScreen = defineScreen('adminUser', (services) => {
  const snackbar = () => bindIntents(services.actors.snackbar, snackbarIntents);
  return adminUserMachine.provide({
    actors: {
      loadUser: fromPromise<AdminUser, { id: string }>(({ input, signal }) => adminGetUser(services.api, input.id, { signal })),
      saveChange: fromPromise<AdminUser, { id: string; change: AdminUserChange }>(({ input, signal }) =>
        adminUpdateUser(services.api, input.id, input.change, { signal }),
      ),
      resendInvitation: fromPromise<AdminUser, { id: string }>(({ input, signal }) => adminResendInvitation(services.api, input.id, { signal })),
    },
    actions: {
      notifySaved: (_, { message }) => snackbar().show({ message, variant: 'success' }),
      notifyFailed: (_, { error }) => snackbar().show({ message: errorMessage(error), variant: 'error' }),
    },
  });
});
