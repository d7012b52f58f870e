import { fromPromise } from 'xstate';
import { getCurrentUser } from '@/api/operations';
import { HOME_PATH } from '@/lib/routes';
import type { User } from '@/machines/shared/domain';
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
        actors.identity.send({ type: 'identity.emailVerified' });
        router.navigate(HOME_PATH, { replace: true });
      },
    },
  }),
);
