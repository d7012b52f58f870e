import type { RouteName } from '@/lib/routes';

// The files each screen needs, from dist/screen-preloads.json (written by the build: vite.config.ts
// `screenPreloads`), which public/start.js asked for as the page started. Before the app imports
// a screen, its files are asked for all at once, as Vite's own preload lists did when they were
// in the first page's chunk; without the list (development, the file missing or not arrived yet)
// the browser still loads them, one level of imports after another.

/** vite.config.ts `screenPreloads` says what the list holds. */
export type ScreenPreloads = { routes: { name: string; path: string; signedIn: boolean; requests: string[]; files: string[] }[] };

/** A route's files, by name; none for a route the list does not have. */
export function screenFiles(map: ScreenPreloads | null | undefined, name: string): string[] {
  return map?.routes.find((candidate) => candidate.name === name)?.files ?? [];
}

declare global {
  interface Window {
    __screenPreloads?: Promise<ScreenPreloads | null>;
  }
}

/** Adds a preload link for each file the document does not link yet. */
export function addPreloadLinks(files: readonly string[], doc: Document = document): void {
  for (const file of files) {
    if (doc.head.querySelector(`link[href="${CSS.escape(file)}"]`)) continue;
    const link = doc.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As Vite's own links, so the stylesheet it adds when the screen loads uses this download.
    link.crossOrigin = '';
    link.href = file;
    doc.head.append(link);
  }
}

/** Asks for a screen's files (and the home shell's, for a screen inside it) without waiting. */
export function preloadScreen(name: RouteName): void {
  if (!import.meta.env.PROD || typeof window === 'undefined') return;
  window.__screenPreloads ??= fetch('/screen-preloads.json')
    .then((response) => (response.ok ? (response.json() as Promise<ScreenPreloads>) : null))
    .catch(() => null);
  void window.__screenPreloads.then((map) => addPreloadLinks(screenFiles(map, name)));
}
