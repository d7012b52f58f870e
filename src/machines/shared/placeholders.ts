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

/** An action an edge must supply; it carries its name, so a test harness can find every one. */
export function placeholderAction<TParams = undefined>(name: string) {
  const action = (_args: unknown, _params: TParams): void => {
    throw notProvided('action', name);
  };
  return Object.assign(action, { placeholder: name });
}

/** Whether an action is a placeholder an edge must supply. */
export function isPlaceholderAction(action: unknown): boolean {
  return typeof action === 'function' && typeof (action as { placeholder?: unknown }).placeholder === 'string';
}

/** A long-running listener (a callback actor) supplied at the edge. */
export function placeholderCallback<TEvent extends EventObject>(name: string) {
  return fromCallback<TEvent>(() => {
    throw notProvided('actor', name);
  });
}
