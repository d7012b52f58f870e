import { useMemo } from 'react';
import type { EventObject } from 'xstate';
import { bindIntents, type Send } from '@/machines/shared/intents';

/**
 * A machine's intent functions bound to an actor (src/machines/shared/intents.ts): views call
 * `rate(4)` or `retry()`, never `send({ type: … })`.
 */
export function useIntents<TEvent extends EventObject, TIntents>(
  ref: { send: (event: TEvent) => void },
  intents: (send: Send<TEvent>) => TIntents,
): TIntents {
  return useMemo(() => bindIntents(ref, intents), [ref, intents]);
}
