// The texts of spec §8 that several layers show. One place, so they cannot drift apart.

/** Shown whenever nothing better can be said. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong, please try again later';
/** Shown for every 413, whatever the body says. */
export const FILE_TOO_LARGE_MESSAGE = 'File too large';

/** What to tell the user about a failure: its own message when it has one (an ApiError's is safe to show). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : GENERIC_ERROR_MESSAGE;
}
