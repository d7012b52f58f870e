import type { AuthFailure } from '@/machines/auth/auth.errors';
import type { User } from '@/machines/shared/domain';

/** How the visitor is signed in: the identity provider, or a local token under AV_TOKEN. */
export type SessionKind = 'provider' | 'local';

/** What a provider sign-in screen is asked for (spec §4 "Demo registration", §2 /invite). */
export type LoginOptions = {
  /** Where to come back to after the provider returns; default `/`. */
  returnTo?: string;
  loginHint?: string;
  screenHint?: 'signup';
  prompt?: 'login';
  /** The signed ticket of an invitation link, for the provider's sign-up. */
  inviteTicket?: string;
  /**
   * Demo registration (spec §4): the sign-up takes over the signed-in demo account, with a ticket
   * only the demo's own session can get (fetched at the edge, just before leaving).
   */
  registersDemo?: boolean;
};

export type LoginWithRedirectInput = LoginOptions & { returnTo: string };

/** The redirect back from the provider (code, state or error in the query), when this page is one. */
export type RedirectCallbackResult = { ok: true; returnTo: string } | { ok: false; error: AuthFailure };

export type CheckSessionOutput = {
  providerSession: boolean;
  localToken: boolean;
  callback?: RedirectCallbackResult;
};

export type TokenGrant = { accessToken: string };

export type AuthInput = {
  /** Where a failed provider callback goes (spec §2 "After sign-in flows": default `/`). */
  callbackErrorPath?: string;
};

export type LogoutPlan = {
  /** False when the provider already ended the session (login_required): nowhere to go. */
  redirect: boolean;
  /** Overrides the role's destination (the admin site, for instance). */
  to: string | null;
};

export type AuthContext = {
  session: SessionKind | null;
  user: User | null;
  /** Where to go once signed in; null stays on the current page. */
  returnTo: string | null;
  error: AuthFailure | null;
  callbackErrorPath: string;
  logout: LogoutPlan;
};

export type AuthEvent =
  | ({ type: 'auth.loginWithRedirect' } & LoginOptions)
  | { type: 'auth.loginWithPopup'; returnTo?: string }
  | { type: 'auth.loginLocal'; email: string; password: string; returnTo?: string }
  /** The ticket of a demo link (e-mailed to the address that asked for the demo). */
  | { type: 'auth.startDemo'; ticket: string; returnTo?: string }
  /** A demo user asks for a full account: the provider's sign-up screen. */
  | { type: 'auth.register' }
  | { type: 'auth.logout'; returnTo?: string }
  /** The API answered 401 (the client's onUnauthorized). */
  | { type: 'auth.unauthorized' }
  /** A token refresh for an API call failed (the token provider's onRefreshError). */
  | { type: 'auth.tokenFailed'; error: unknown }
  | { type: 'auth.clearError' };
