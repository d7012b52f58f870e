import { fromPromise } from 'xstate';
import { verifyEmail } from '@/api/operations';
import { defineScreen } from '@/machines/shared/screen';
import { emailVerificationMachine } from './email-verification.machine';

/** /email-verification: the link's token is confirmed once; a signed-in user's `verified` turns true. */
export const emailVerificationScreen = defineScreen('emailVerification', ({ api, actors }) =>
  emailVerificationMachine.provide({
    actors: {
      verifyEmail: fromPromise<{ email: string }, { token: string }>(({ input, signal }) => verifyEmail(api, input.token, { signal })),
    },
    actions: {
      announceVerified: () => actors.identity.send({ type: 'identity.emailVerified' }),
    },
  }),
);
