import type { AnyActorLogic, AnyActorRef } from 'xstate';
import type { AppServices } from '@/machines/root/app-services';

// How every screen gets its actor (docs/decisions.md, "One way to build a screen"): the
// machine's folder exports a Screen — its machine with the real effects, built from the app's
// services — and the view asks for it with `useScreenActor(screen, { input })`, which starts
// the actor on mount and stops it on leave. Tests build the same logic from stand-in services.

export type Screen<TLogic extends AnyActorLogic> = {
  /** Names the running actor in the statechart viewer's live view. */
  readonly name: string;
  /** The screen's logic with its real effects; built once per app and kept. */
  readonly logic: (services: AppServices) => TLogic;
};

export function defineScreen<TLogic extends AnyActorLogic>(name: string, implement: (services: AppServices) => TLogic): Screen<TLogic> {
  const built = new WeakMap<AppServices, TLogic>();
  return {
    name,
    logic: (services) => {
      let logic = built.get(services);
      if (!logic) {
        logic = implement(services);
        built.set(services, logic);
      }
      return logic;
    },
  };
}

/**
 * Every screen actor hears this just before it stops, because a stopped actor runs no exit
 * actions in XState v5: a screen that must record a departure handles it.
 */
export type ScreenLeaveEvent = { type: 'screen.leave' };

export function leaveScreen(actor: AnyActorRef): void {
  actor.send({ type: 'screen.leave' } satisfies ScreenLeaveEvent);
}
