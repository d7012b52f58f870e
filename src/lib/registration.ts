// Registration retries (spec §7, §8, §9): up to 4 after the first attempt, 2^n seconds before
// retry n, on a network error (no response: status 0) or a 422; nothing else is retried.

export const REGISTRATION_RETRIES = 4;

/** 2^n seconds before retry n, n counting from 1: 2 s, 4 s, 8 s, 16 s. */
export const registrationRetryDelayMs = (retry: number): number => 2 ** retry * 1000;

export function isRetryableRegistrationFailure(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return status === 0 || status === 422;
}
