/**
 * Registers the service worker the build writes to /sw.js (src/sw/sw.ts), once the signed-in
 * app is on screen. Not in development (Vite's dev server builds no worker), and never twice: the
 * browser checks /sw.js for a new build itself on each visit.
 */
export function registerOfflineWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // A browser that refuses (private windows in some, a policy) keeps working online.
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
