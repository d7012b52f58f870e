import type { AppLocation, BrowserEdge, RouterPort } from '@/machines/root/app-services';

// The real browser and router behind AppServices; tests supply their own.

export function browserEdge(): BrowserEdge {
  return {
    saveFile: ({ blob, fileName }) => {
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileName;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The download has started by then; the URL only has to outlive the click.
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    openExternal: (url) => void window.open(url, '_blank', 'noopener'),
    leaveTo: (url) => window.location.assign(url),
    // A capture listener on window runs before the learner-events queue's own pagehide
    // listener, so whatever a screen records on leaving goes out in that queue's last beacon.
    onPageHide: (listener) => {
      window.addEventListener('pagehide', listener, { capture: true });
      return () => window.removeEventListener('pagehide', listener, { capture: true });
    },
    onPageRestore: (listener) => {
      const onShow = (event: PageTransitionEvent) => {
        if (event.persisted) listener();
      };
      window.addEventListener('pageshow', onShow);
      return () => window.removeEventListener('pageshow', onShow);
    },
  };
}

/** The part of react-router's data router the port needs. */
export type DataRouterLike = {
  navigate: (to: string | Partial<AppLocation>, options?: { replace?: boolean }) => Promise<void> | void;
  state: { location: AppLocation; navigation: { state: string } };
  subscribe: (listener: (state: { location: AppLocation; navigation: { state: string } }) => void) => () => void;
};

/**
 * A router port bound once the router exists (the router is built from the root actor, which
 * needs the port first). Before that, navigations are full page loads.
 */
export function lateRouterPort(): RouterPort & { bind: (router: DataRouterLike) => void } {
  let router: DataRouterLike | null = null;
  const here = (): AppLocation => ({ pathname: window.location.pathname, search: window.location.search });
  return {
    bind: (next) => {
      router = next;
    },
    navigate: (to, options) => {
      if (router) return void router.navigate(to, options);
      const target = typeof to === 'string' ? to : `${to.pathname ?? window.location.pathname}${to.search ?? ''}`;
      if (options?.replace) window.location.replace(target);
      else window.location.assign(target);
    },
    current: () => (router ? router.state.location : here()),
    subscribe: (listener) => {
      if (!router) return () => {};
      let last = `${router.state.location.pathname}${router.state.location.search}`;
      return router.subscribe((state) => {
        if (state.navigation.state !== 'idle') return;
        const key = `${state.location.pathname}${state.location.search}`;
        if (key === last) return;
        last = key;
        listener(state.location);
      });
    },
  };
}
