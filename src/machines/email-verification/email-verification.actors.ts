import { fromPromise } from 'xstate';
import { verifyEmail } from '@/api/operations';
import { identityIntents } from '@/machines/identity/identity.intents';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { emailVerificationMachine } from './email-verification.machine';

/** /email-verification: the link's token is confirmed once; a signed-in user's `verified` turns true. */
export const emailVerificationScreen = defineScreen('emailVerification', ({ api, actors }) =>
  emailVerificationMachine.provide({
    actors: {
      verifyEmail: fromPromise<{ email: string }, { token: string }>(({ input, signal }) => verifyEmail(api, input.token, { signal })),
    },
    actions: {
      // Only the signed-in user's own address: a link of another account opened here changes nothing of theirs.
      announceVerified: (_, { email }) => {
        if (actors.identity.getSnapshot().context.user?.email.toLowerCase() === email.toLowerCase()) bindIntents(actors.identity, identityIntents).emailVerified();
      },
    },
  }),
);
