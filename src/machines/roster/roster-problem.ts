import { errorMessage } from '@/lib/messages';
import type { RosterProblem } from './roster.types';

/** A failure as the roster screen shows it: the words the server chose (never a stack trace) and its code. */
export function toRosterProblem(error: unknown): RosterProblem {
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : null;
  return { message: errorMessage(error), code };
}
