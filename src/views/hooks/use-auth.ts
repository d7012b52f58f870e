import { useSelector } from '@xstate/react';
import { selectAuthError, selectIsBusy } from '@/machines/auth/auth.selectors';
import { useRoot } from '@/views/root-context';

/** Intent functions for the sign-in screens; components never assemble auth events. */
export function useAuth() {
  const { auth } = useRoot();
  const error = useSelector(auth, selectAuthError);
  const busy = useSelector(auth, selectIsBusy);
  return {
    error,
    busy,
    loginLocal: (email: string, password: string, returnTo?: string) => auth.send({ type: 'auth.loginLocal', email, password, returnTo }),
    loginWithProvider: (returnTo?: string) => auth.send({ type: 'auth.loginWithRedirect', returnTo }),
    loginWithPopup: (returnTo?: string) => auth.send({ type: 'auth.loginWithPopup', returnTo }),
    signUp: (loginHint?: string, inviteTicket?: string) =>
      auth.send({ type: 'auth.loginWithRedirect', screenHint: 'signup', prompt: 'login', loginHint, inviteTicket, returnTo: '/' }),
    startDemo: (email: string) => auth.send({ type: 'auth.startDemo', email, returnTo: '/' }),
    register: () => auth.send({ type: 'auth.register' }),
    logout: () => auth.send({ type: 'auth.logout' }),
    clearError: () => auth.send({ type: 'auth.clearError' }),
  };
}
