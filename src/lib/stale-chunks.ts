/**
 * Screens are lazy chunks: after a deploy, an open tab may ask for a chunk that is gone. Reload
 * once to get the new build (the session survives a reload); a second failure within a minute
 * shows the route's error instead of reloading in a loop. `key` is the sessionStorage entry that
 * remembers the last reload (one per app: the educator app and the admin site each have theirs).
 */
export function reloadOnStaleChunk(key: string) {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(key, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
