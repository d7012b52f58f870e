/**
 * The names the service worker (src/sw/service-worker.ts) and the page share for a user's offline
 * copies of API answers. Each signed-in user has a cache of their own, named by their token's
 * subject (the user's id), so one user's answers are never looked up for another.
 */
export const USER_CACHE_PREFIX = 'user-data-';

export const userCacheName = (subject: string) => `${USER_CACHE_PREFIX}${subject}`;

/** The page asks the worker to forget the signed-in user's copies (and to store none already on the way). */
export const SIGNED_OUT_MESSAGE = 'signed-out';

/**
 * The subject of a bearer token (a JWT), unverified: the worker only uses it to pick a cache, and
 * the server checks the token on every request it answers. Null for anything else.
 */
export function subjectOf(authorization: string | null): string | null {
  const token = /^Bearer ([\w-]+)\.([\w-]+)\.[\w-]*$/.exec(authorization ?? '');
  if (!token) return null;
  try {
    const part = token[2]!.replace(/-/g, '+').replace(/_/g, '/');
    const payload = JSON.parse(atob(part + '='.repeat((4 - (part.length % 4)) % 4))) as { sub?: unknown };
    return typeof payload.sub === 'string' && /^[\w-]{1,128}$/.test(payload.sub) ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * At logout: every user's copies deleted, here and in the worker (which also drops any answer
 * still on its way to a cache). Works without a worker too (a browser that never installed one).
 */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  navigator.serviceWorker?.controller?.postMessage({ type: SIGNED_OUT_MESSAGE });
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(USER_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
