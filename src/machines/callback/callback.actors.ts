import { fromCallback } from 'xstate';
import { authIntents } from '@/machines/auth/auth.intents';
import { selectAuthError } from '@/machines/auth/auth.selectors';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { callbackMachine, type CallbackEvent } from './callback.machine';

/** /callback: the auth actor handles the provider's answer; this screen explains a failure and logs out. */
export const callbackScreen = defineScreen('callback', ({ actors }) =>
  callbackMachine.provide({
    actors: {
      watchSignIn: fromCallback<CallbackEvent>(({ sendBack }) => {
        const check = () => {
          const auth = actors.auth.getSnapshot();
          if (selectAuthError(auth) !== null || auth.matches('unauthenticated')) sendBack({ type: 'callback.failed' });
        };
        const subscription = actors.auth.subscribe(check);
        check();
        return () => subscription.unsubscribe();
      }),
    },
    actions: {
      logout: () => bindIntents(actors.auth, authIntents).logout(),
    },
  }),
);
