import { fromPromise } from 'xstate';
import { register } from '@/api/operations';
import { cardFormLogic } from '@/machines/billing/card-form';
import { reloadResource } from '@/machines/shared/resource.actors';
import { defineScreen } from '@/machines/shared/screen';
import { payWithToken, registrationMachine } from './registration.machine';
import type { Registration, RegistrationRequest } from './registration.types';

/** The payment screen: the card form, then POST customers/registration with its retries. */
export const registrationScreen = defineScreen('registration', (services) =>
  registrationMachine.provide({
    actors: {
      cardForm: cardFormLogic(services).provide({ actions: { submitted: payWithToken } }),
      register: fromPromise<Registration, { key: string; request: RegistrationRequest }>(({ input, signal }) =>
        register(services.api, input.request, input.key, { signal }),
      ),
      refresh: fromPromise<void, void>(({ signal }) => reloadResource(services.actors.subscriptions, signal)),
    },
    actions: {
      proceed: () => services.router.navigate('/', { replace: true }),
    },
  }),
);
