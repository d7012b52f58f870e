import type { SnapshotFrom } from 'xstate';
import type { EmailVerificationMachine } from './email-verification.machine';

type EmailVerificationSnapshot = SnapshotFrom<EmailVerificationMachine>;

export const selectIsVerifying = (s: EmailVerificationSnapshot): boolean => s.hasTag('verifying');
export const selectIsVerified = (s: EmailVerificationSnapshot): boolean => s.matches('verified');
export const selectVerificationFailed = (s: EmailVerificationSnapshot): boolean => s.matches('failed');
export const selectVerifiedEmail = (s: EmailVerificationSnapshot): string | null => s.context.email;
export const selectVerificationError = (s: EmailVerificationSnapshot): unknown => s.context.error;
