import type { CheckEmailEvent } from './check-email.machine';

export const checkEmailIntents = (send: (event: CheckEmailEvent) => void) => ({
  /** "I've confirmed it": look now rather than at the next poll. */
  check: () => send({ type: 'checkEmail.check' }),
});
