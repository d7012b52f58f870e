import type { EmailVerificationEvent } from './email-verification.machine';

export const emailVerificationIntents = (send: (event: EmailVerificationEvent) => void) => ({
  retry: () => send({ type: 'emailVerification.retry' }),
});
