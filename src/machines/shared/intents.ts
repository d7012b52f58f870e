import type { EventObject } from 'xstate';

// Intents are a machine's public vocabulary: each folder's `x.intents.ts` turns what a person
// (or another actor's effect) means — `rate(4)`, `retry()` — into the machine's event, so no
// caller assembles events by hand. `bindIntents` gives them an actor to send to.

export type Send<TEvent extends EventObject> = (event: TEvent) => void;

export function bindIntents<TEvent extends EventObject, TIntents>(
  ref: { send: (event: TEvent) => void },
  intents: (send: Send<TEvent>) => TIntents,
): TIntents {
  return intents((event) => ref.send(event));
}
