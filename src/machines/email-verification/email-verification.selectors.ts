import type { SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/errors';
import { errorMessage } from '@/lib/messages';
import type { EmailVerificationMachine } from './email-verification.machine';

type EmailVerificationSnapshot = SnapshotFrom<EmailVerificationMachine>;

export const selectIsVerified = (s: EmailVerificationSnapshot): boolean => s.matches('verified');
export const selectVerificationFailed = (s: EmailVerificationSnapshot): boolean => s.matches('failed');
export const selectVerifiedEmail = (s: EmailVerificationSnapshot): string | null => s.context.email;

/**
 * What the page says about a failure. A malformed link (the server's 400 names a schema rule,
 * not something a reader can act on) is as invalid as an unknown one.
 */
export function verificationMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return 'This verification link is not valid';
  return errorMessage(error);
}
export const selectVerificationMessage = (s: EmailVerificationSnapshot): string => verificationMessage(s.context.error);
/** Trying again helps only when the server or the network failed, never for a bad, used or expired link. */
export const selectVerificationRetryable = (s: EmailVerificationSnapshot): boolean => !(s.context.error instanceof ApiError && s.context.error.status < 500);
