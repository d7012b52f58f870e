import type { AnyActorRef } from 'xstate';

// The screen actors running right now, by screen name, so the statechart viewer can highlight
// their current state (the app-wide actors are found through the root's system instead).

export type LiveActors = {
  register: (name: string, actor: AnyActorRef) => () => void;
  get: (name: string) => AnyActorRef | undefined;
  subscribe: (listener: () => void) => () => void;
};

export function createLiveActors(): LiveActors {
  const running = new Map<string, AnyActorRef>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    register: (name, actor) => {
      running.set(name, actor);
      changed();
      return () => {
        if (running.get(name) !== actor) return;
        running.delete(name);
        changed();
      };
    },
    get: (name) => running.get(name),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
