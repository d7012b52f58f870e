import type { SavedItem } from '@/machines/offline-library/offline-library.types';

/**
 * The names the service worker (src/sw/sw.ts) and the page share for a user's offline copies.
 * Each signed-in user has caches of their own, named by their token's subject, so one user's
 * copies are never looked up for another: `user-data-<subject>` holds the API answers of the
 * screens they saw (stale while revalidated), `user-files-<subject>` the strategies they saved
 * for offline (src/lib/offline-store.ts).
 */
export const USER_CACHE_PREFIX = 'user-data-';
export const USER_FILES_PREFIX = 'user-files-';

export const userCacheName = (subject: string) => `${USER_CACHE_PREFIX}${subject}`;
export const userFilesCacheName = (subject: string) => `${USER_FILES_PREFIX}${subject}`;

/** Whose copies a cache holds; null for the app's own caches (the precached shell). */
export function cacheOwner(name: string): string | null {
  for (const prefix of [USER_CACHE_PREFIX, USER_FILES_PREFIX]) if (name.startsWith(prefix)) return name.slice(prefix.length);
  return null;
}

/**
 * Where a saved strategy's own files are played from: `/__offline/<subject>/<item id>/<file>`,
 * answered by the worker from the user's files cache (video, captions, poster). API answers a
 * saved strategy needs (the item, its video answer, its reproducibles) are kept under their own
 * addresses, marked with SAVED_ITEM_HEADER, and answered only when the network fails.
 */
export const SAVED_FILES_PATH = '/__offline/';
export const savedFileUrl = (subject: string, catalogItemId: string, file: string) =>
  `${SAVED_FILES_PATH}${encodeURIComponent(subject)}/${encodeURIComponent(catalogItemId)}/${file}`;
/** The saved strategy's record (SavedRecord), written last: a strategy without one is not saved. */
export const savedRecordUrl = (subject: string, catalogItemId: string) => savedFileUrl(subject, catalogItemId, 'record');
export const SAVED_ITEM_HEADER = 'x-offline-item';
/** A request that must reach the server (sending a change made offline): never answered from a saved copy. */
export const NETWORK_ONLY_HEADER = 'x-network-only';

/** Where the changes a user made offline wait to be sent (src/lib/offline-store.ts). */
export const CHANGES_KEY_PREFIX = 'elp.offlineChanges.';

/** What the device keeps of one saved strategy: what My learning lists, and every address kept for it, so removing it removes them all. */
export type SavedRecord = SavedItem & { urls: string[] };

export const isExpired = (record: Pick<SavedRecord, 'offlineUntil'>, now: number) => !(Date.parse(record.offlineUntil) > now);

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
    // Auth0 subjects name their connection: `auth0|…`, `samlp|district|jane@district.org`.
    return typeof payload.sub === 'string' && /^[\w|.@:+-]{1,128}$/.test(payload.sub) && !/^\.+$/.test(payload.sub) ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * At logout: every user's copies deleted (answers and saved strategies), here and in the worker
 * (which also drops any answer still on its way to a cache). On a shared Chromebook the next
 * teacher finds none of the last one's copies. Changes made offline and not sent yet stay, under
 * their user's name: a session that ended while offline (the token's hour) would lose them
 * otherwise; they go with that user's token only, at their next sign-in. Works without a worker too.
 */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  navigator.serviceWorker?.controller?.postMessage({ type: SIGNED_OUT_MESSAGE });
  const names = await caches.keys();
  await Promise.all(names.filter((name) => cacheOwner(name) !== null).map((name) => caches.delete(name)));
}
