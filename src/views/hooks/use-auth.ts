import { useSelector } from '@xstate/react';
import { authIntents } from '@/machines/auth/auth.intents';
import { selectAuthError, selectIsBusy } from '@/machines/auth/auth.selectors';
import { useRoot } from '@/views/root-context';
import { useIntents } from '@/views/hooks/use-intents';

/** Sign-in state and intents for the sign-in screens and the shell. */
export function useAuth() {
  const { auth } = useRoot();
  const error = useSelector(auth, selectAuthError);
  const busy = useSelector(auth, selectIsBusy);
  return { error, busy, ...useIntents(auth, authIntents) };
}
