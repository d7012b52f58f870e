import { fromPromise } from 'xstate';
import { getCurrentUser } from '@/api/operations';
import { HOME_PATH } from '@/lib/routes';
import { identityIntents } from '@/machines/identity/identity.intents';
import type { User } from '@/machines/shared/domain';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { checkEmailMachine } from './check-email.machine';

/** /check-email: looks at the signed-in user again; once verified, identity learns it and the app goes home. */
export const checkEmailScreen = defineScreen('checkEmail', ({ api, actors, router }) =>
  checkEmailMachine.provide({
    actors: {
      fetchUser: fromPromise<User, void>(({ signal }) => getCurrentUser(api, { signal })),
    },
    actions: {
      continue: () => {
        bindIntents(actors.identity, identityIntents).emailVerified();
        router.navigate(HOME_PATH, { replace: true });
      },
    },
  }),
);
