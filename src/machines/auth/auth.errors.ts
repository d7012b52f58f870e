import { ApiError, GENERIC_ERROR_MESSAGE } from '@/api/errors';
import { INVALID_TOKEN_PAYLOAD, INVALID_TOKEN_PAYLOAD_MESSAGE } from '@/machines/auth/local-token';

/** A sign-in problem as the screens show it: a stable code and a message safe to display. */
export type AuthFailure = { code: string; message: string };

export const AUTH_ERROR_CODES = {
  loginRequired: 'login_required',
  cancelled: 'cancelled',
  timeout: 'timeout',
  popupBlocked: 'popup_blocked',
} as const;

const MESSAGES: Record<string, string> = {
  [AUTH_ERROR_CODES.loginRequired]: 'Your session has ended. Please sign in again.',
  [AUTH_ERROR_CODES.cancelled]: 'The sign-in window was closed before signing in finished.',
  [AUTH_ERROR_CODES.timeout]: 'Signing in took too long. Please try again.',
  [AUTH_ERROR_CODES.popupBlocked]: 'Allow pop-ups for this site to sign in.',
  [INVALID_TOKEN_PAYLOAD]: INVALID_TOKEN_PAYLOAD_MESSAGE,
};

function stringField(value: unknown, field: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(field in value)) return undefined;
  const found: unknown = (value as Record<string, unknown>)[field];
  return typeof found === 'string' ? found : undefined;
}

/**
 * The code of an identity-library error (`error.error`, e.g. login_required, cancelled,
 * timeout) or of an API error (`error.code`).
 */
export function authErrorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.code;
  const code = stringField(error, 'error') ?? stringField(error, 'code');
  // auth0-spa-js reports a blocked pop-up only through its message.
  if (!code && stringField(error, 'message')?.includes('window.open returned null')) {
    return AUTH_ERROR_CODES.popupBlocked;
  }
  return code;
}

export function isLoginRequired(error: unknown): boolean {
  return authErrorCode(error) === AUTH_ERROR_CODES.loginRequired;
}

export function authFailure(code: string): AuthFailure {
  return { code, message: MESSAGES[code] ?? GENERIC_ERROR_MESSAGE };
}

export function toAuthFailure(error: unknown): AuthFailure {
  // API errors already carry a message meant for the user (a wrong password, for instance).
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  return authFailure(authErrorCode(error) ?? 'unknown');
}
