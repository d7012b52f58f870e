import type { RequestBody, ResponseBody } from '@/api/operations';

export type RegistrationRequest = RequestBody<'register'>;
export type Registration = ResponseBody<'register'>;

export type RegistrationContext = {
  /** The purchase attempt's Idempotency-Key: made when the user pays, sent again on each retry. */
  key: string | null;
  request: RegistrationRequest | null;
  /** Retries made for this attempt (0 on the first try). */
  retries: number;
  maxRetries: number;
  makeKey: () => string;
  /** Why the last attempt ended without a subscription (a decline, retries used up). */
  error: unknown;
  result: Registration | null;
};

export type RegistrationEvent =
  /** The gateway turned the card into a token: start the purchase. */
  { type: 'registration.pay'; request: RegistrationRequest };

export type RegistrationInput = {
  /** Spec §7, §9: 4. */
  maxRetries?: number;
  /** Injectable for tests; a random UUID by default. */
  makeKey?: () => string;
};
