import type { AuthEvent, LoginOptions } from '@/machines/auth/auth.types';

/** What the sign-in screens, the shell and the edge ask of the auth actor. */
export const authIntents = (send: (event: AuthEvent) => void) => ({
  loginLocal: (email: string, password: string, returnTo?: string) => send({ type: 'auth.loginLocal', email, password, returnTo }),
  loginWithProvider: (options: LoginOptions = {}) => send({ type: 'auth.loginWithRedirect', ...options }),
  loginWithPopup: (returnTo?: string) => send({ type: 'auth.loginWithPopup', returnTo }),
  /** The provider's sign-up screen with a forced login prompt (spec §2 /invite, §4 demo registration). */
  signUp: (loginHint?: string, inviteTicket?: string) =>
    send({ type: 'auth.loginWithRedirect', screenHint: 'signup', prompt: 'login', loginHint, inviteTicket, returnTo: '/' }),
  /** Follows a demo link: its ticket starts the demo's session. */
  startDemo: (ticket: string) => send({ type: 'auth.startDemo', ticket, returnTo: '/' }),
  register: () => send({ type: 'auth.register' }),
  logout: () => send({ type: 'auth.logout' }),
  /** Signs out and goes somewhere other than the role's usual destination (the admin site). */
  logoutTo: (returnTo: string) => send({ type: 'auth.logout', returnTo }),
  clearError: () => send({ type: 'auth.clearError' }),
  /** The API answered 401. */
  unauthorized: () => send({ type: 'auth.unauthorized' }),
  /** A token refresh for an API call failed. */
  tokenFailed: (error: unknown) => send({ type: 'auth.tokenFailed', error }),
});
