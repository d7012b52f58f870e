import { fromCallback, fromPromise, type EventObject } from 'xstate';

// Effects are declared in `setup` under their names and supplied at the edge with
// `machine.provide`. A placeholder that was never supplied fails loudly instead of silently
// doing nothing, so a missing wire shows up as an error the first time the effect runs.

function notProvided(kind: string, name: string): Error {
  return new Error(`The ${kind} "${name}" was not provided: supply it with machine.provide()`);
}

export function placeholderActor<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(notProvided('actor', name)));
}

export function placeholderAction<TParams = undefined>(name: string) {
  return (_args: unknown, _params: TParams): void => {
    throw notProvided('action', name);
  };
}

/** A long-running listener (a callback actor) supplied at the edge. */
export function placeholderCallback<TEvent extends EventObject>(name: string) {
  return fromCallback<TEvent>(() => {
    throw notProvided('actor', name);
  });
}
