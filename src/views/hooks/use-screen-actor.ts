import { useLayoutEffect } from 'react';
import { useActorRef } from '@xstate/react';
import type { Actor, ActorOptions, AnyActorLogic } from 'xstate';
import { leaveScreen, type Screen } from '@/machines/shared/screen';
import { useRoot } from '@/views/root-context';

/**
 * The one way a screen (or a widget with a flow of its own, like a menu) gets its actor: the
 * screen's logic built from the app's services, started on mount and stopped on leave. Just
 * before it stops, the actor hears `screen.leave` (a stopped actor runs no exit actions); the
 * layout-effect cleanup runs before useActorRef's own cleanup stops it.
 */
export function useScreenActor<TLogic extends AnyActorLogic>(screen: Screen<TLogic>, options?: ActorOptions<TLogic>): Actor<TLogic> {
  const { services } = useRoot();
  const actor = (useActorRef as (logic: TLogic, options?: ActorOptions<TLogic>) => Actor<TLogic>)(screen.logic(services), options);
  useLayoutEffect(() => {
    const unregister = services.live.register(screen.name, actor);
    return () => {
      leaveScreen(actor);
      unregister();
    };
  }, [actor, services, screen.name]);
  return actor;
}
