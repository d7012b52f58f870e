import type { ActorRefFrom } from 'xstate';
import type { NavigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';

// The bridge from a data router (react-router's `router.subscribe`) to the navigationProgress
// actor: it only translates what the router reports; what it means lives in the machine.

/** The part of react-router's RouterState this reads. */
export type RouterStateLike = {
  initialized: boolean;
  navigation: { state: 'idle' | 'loading' | 'submitting' };
  location: { pathname: string };
};

export function createRouterReporter(progress: ActorRefFrom<NavigationProgressMachine>) {
  let busy = false;
  return (state: RouterStateLike) => {
    const nowBusy = state.navigation.state !== 'idle';
    if (nowBusy !== busy) {
      busy = nowBusy;
      progress.send({ type: nowBusy ? 'navigation.started' : 'navigation.finished' });
    }
    // Only a settled location counts: a redirect's first target is never seen, nor the URL the
    // app was opened at before the first guard decided.
    if (state.initialized && !nowBusy) progress.send({ type: 'navigation.located', pathname: state.location.pathname });
  };
}
