/** Spec §2, §9: the loading indicator appears only for navigations slower than this. */
export const NAVIGATION_INDICATOR_DELAY_MS = 300;

export type PageView = { from: string; to: string };

export type NavigationProgressContext = {
  /** The committed pathname; null until the router has settled on the first one. */
  pathname: string | null;
};

export type NavigationProgressEvent =
  /** The router started resolving a navigation (loaders running). */
  | { type: 'navigation.started' }
  /** The router is idle again (committed, redirected or failed). */
  | { type: 'navigation.finished' }
  /** The router committed a location. */
  | { type: 'navigation.located'; pathname: string };
