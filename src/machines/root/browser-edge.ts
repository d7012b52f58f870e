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
    // Private modes and full quotas refuse storage: the setting then lasts as long as the page.
    remembered: {
      get: (key) => {
        try {
          return localStorage.getItem(key);
        } catch {
          return null;
        }
      },
      set: (key, value) => {
        try {
          localStorage.setItem(key, value);
        } catch {
          // Not kept: the next visit starts at the usual speed.
        }
      },
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
 * needs the port first). Start-up builds them in separate tasks (src/main.tsx), so an answer can
 * reach the actors in between: a navigation asked for before the router exists is made, the last
 * one only, as soon as it is bound, and a subscription made before then starts then.
 */
export function lateRouterPort(): RouterPort & { bind: (router: DataRouterLike) => void } {
  let router: DataRouterLike | null = null;
  let pending: { to: string | Partial<AppLocation>; options?: { replace?: boolean } } | null = null;
  const waiting = new Set<(router: DataRouterLike) => void>();
  const here = (): AppLocation => ({ pathname: window.location.pathname, search: window.location.search });
  const follow = (bound: DataRouterLike, listener: (location: AppLocation) => void) => {
    let last = `${bound.state.location.pathname}${bound.state.location.search}`;
    return bound.subscribe((state) => {
      if (state.navigation.state !== 'idle') return;
      const key = `${state.location.pathname}${state.location.search}`;
      if (key === last) return;
      last = key;
      listener(state.location);
    });
  };
  return {
    bind: (next) => {
      router = next;
      for (const start of waiting) start(next);
      waiting.clear();
      if (pending) {
        const { to, options } = pending;
        pending = null;
        void next.navigate(to, options);
      }
    },
    navigate: (to, options) => {
      if (router) return void router.navigate(to, options);
      pending = { to, options };
    },
    current: () => (router ? router.state.location : here()),
    subscribe: (listener) => {
      if (router) return follow(router, listener);
      let stop: (() => void) | null = null;
      // Unsubscribed before the router is bound: no longer waiting, so it never starts.
      const start = (bound: DataRouterLike) => {
        stop = follow(bound, listener);
      };
      waiting.add(start);
      return () => {
        waiting.delete(start);
        stop?.();
      };
    },
  };
}
