import type { ApiClient } from '@/api/client';
import type { RootRefs } from '@/machines/root/root.machine';
import type { LiveActors } from '@/machines/shared/live-actors';

// What a screen's effects may use (src/machines/shared/screen.ts): the typed API client, the
// app-wide actors, the router and the browser. Nothing else in src/machines touches the
// network, the URL or the page.

export type AppLocation = { pathname: string; search: string };

export type RouterPort = {
  /** In-app navigation; a location without a pathname stays on the current path. */
  navigate: (to: string | Partial<AppLocation>, options?: { replace?: boolean }) => void;
  current: () => AppLocation;
  /** Every settled location change (own navigations, back, forward). */
  subscribe: (listener: (location: AppLocation) => void) => () => void;
};

export type BrowserEdge = {
  /** Hands a file to the browser's download. */
  saveFile: (file: { blob: Blob; fileName: string }) => void;
  /** Opens another site in a new tab. */
  openExternal: (url: string) => void;
  /** Leaves the app for a page of the server or another site, in this tab (a signed link). */
  leaveTo: (url: string) => void;
  /** The page is going away (tab closed, another site): nothing unmounts, so screens listen. */
  onPageHide: (listener: () => void) => () => void;
  /** The page came back from the back/forward cache. */
  onPageRestore: (listener: () => void) => () => void;
  /** Small settings kept in this browser (a learner's playback speed); nothing when storage is refused. */
  remembered: { get: (key: string) => string | null; set: (key: string, value: string) => void };
};

export type AppServices = {
  api: ApiClient;
  actors: RootRefs;
  router: RouterPort;
  browser: BrowserEdge;
  live: LiveActors;
  /** The signed-in user's access token (null signed out): the device's offline store names the user's caches by it. */
  accessToken: () => Promise<string | null>;
};
