import type { ApiClient } from '@/api/client';
import { ApiError, NETWORK_ERROR_CODE, NO_RESPONSE_STATUS } from '@/api/errors';
import {
  applyStrategy,
  downloadReproducibles,
  getCatalogItem,
  getCatalogItemVideo,
  rateCatalogItem,
  removeStrategyApplication,
  saveRubricScore,
} from '@/api/operations';
import {
  CHANGES_KEY_PREFIX,
  NETWORK_ONLY_HEADER,
  SAVED_ITEM_HEADER,
  isExpired,
  savedFileUrl,
  savedRecordUrl,
  subjectOf,
  userFilesCacheName,
  type SavedRecord,
} from '@/lib/offline-cache';
import type { ItemToSave, OfflineChange, OfflineListing, OfflineStore, SavedItem, SentChanges } from '@/machines/offline-library/offline-library.types';

// The device's side of "Save for offline" (docs/decisions.md): a saved strategy's files in the
// signed-in user's files cache, where the service worker (src/sw/sw.ts) answers them from when
// the network is gone, and the changes made offline, kept in localStorage until they are sent.
// Loaded the first time a screen needs it.

const NO_SPACE_MESSAGE = 'There is not enough space on this device to save this strategy.';
const NEEDS_CONNECTION_MESSAGE = 'Saving a strategy needs a connection. Try again when you are back online.';
const NOT_HERE_MESSAGE = 'This browser cannot keep strategies for offline use.';
const NOT_KEPT_MESSAGE = 'This change could not be kept on this device. Sign in again when you are back online.';
const changesKey = (subject: string) => `${CHANGES_KEY_PREFIX}${subject}`;
/** A change older than this is not sent (the learner events' own limit): it would overwrite what the teacher did since. */
const CHANGE_MAX_AGE_MS = 14 * 24 * 3600 * 1000;
const TOO_OLD_MESSAGE = 'made offline more than two weeks ago, so not sent';
type QueuedChange = OfflineChange & { madeAt?: number };
const sameChange = (a: OfflineChange, b: OfflineChange) => JSON.stringify(a) === JSON.stringify(b);
const sameKind = (a: Pick<OfflineChange, 'kind' | 'catalogItemId'>, b: Pick<OfflineChange, 'kind' | 'catalogItemId'>) =>
  a.kind === b.kind && a.catalogItemId === b.catalogItemId;
/** Sent again later: no answer, the server briefly unable, or the session is over (a sign-in sends it). */
const retryLater = (error: unknown) =>
  !(error instanceof ApiError) || error.status === NO_RESPONSE_STATUS || error.status === 401 || error.status === 429 || error.status >= 500;

export type OfflineStoreEdge = {
  api: ApiClient;
  /** The signed-in user's access token, or null. */
  getToken: () => Promise<string | null>;
  /** The API's base address (`/api`). */
  baseUrl?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => number;
};

const toSavedItem = ({ urls: _urls, ...item }: SavedRecord): SavedItem => item;

function friendly(error: unknown): unknown {
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return new Error(NO_SPACE_MESSAGE);
  if (error instanceof ApiError) return error.code === NETWORK_ERROR_CODE ? new Error(NEEDS_CONNECTION_MESSAGE) : error;
  if (error instanceof TypeError) return new Error(NEEDS_CONNECTION_MESSAGE);
  return error;
}

/** The whole body of a file, telling how much of it has arrived when its size is known. */
async function fetchFile(url: string, signal: AbortSignal, onProgress?: (fraction: number) => void): Promise<Blob> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`The file could not be fetched (${response.status}).`);
  const total = Number(response.headers.get('content-length')) || 0;
  if (!onProgress || !total || !response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  let percent = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    // Told once per whole percent, not once per chunk of the stream.
    const now = Math.floor((received / total) * 100);
    if (now > percent) onProgress((percent = now) / 100);
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? '' });
}

export function createOfflineStore(edge: OfflineStoreEdge): OfflineStore {
  const { api } = edge;
  const base = edge.baseUrl ?? '/api';
  const storage = edge.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const now = edge.now ?? Date.now;

  const subject = async () => {
    const token = await edge.getToken().catch(() => null);
    return token ? subjectOf(`Bearer ${token}`) : null;
  };
  const filesCache = async (who: string, create: boolean) => {
    if (typeof caches === 'undefined') throw new Error(NOT_HERE_MESSAGE);
    const name = userFilesCacheName(who);
    return create || (await caches.has(name)) ? caches.open(name) : null;
  };
  const records = async (cache: Cache, who: string): Promise<SavedRecord[]> => {
    const found: SavedRecord[] = [];
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      if (!path.endsWith('/record')) continue;
      // A record that cannot be read (a write cut short) is skipped, not fatal to the list.
      const record = (await (await cache.match(request))?.json().catch(() => undefined)) as SavedRecord | undefined;
      if (!record) continue;
      // Past its date: the worker would not play it, so it is removed rather than listed.
      if (isExpired(record, now())) await drop(cache, who, record);
      else found.push(record);
    }
    return found.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  };
  const drop = (cache: Cache, who: string, record: Pick<SavedRecord, 'catalogItemId' | 'urls'>) =>
    Promise.all([...record.urls, savedRecordUrl(who, record.catalogItemId)].map((url) => cache.delete(url)));

  const readChanges = (who: string): QueuedChange[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(changesKey(who)) ?? '[]');
      return Array.isArray(parsed) ? (parsed as QueuedChange[]) : [];
    } catch {
      return [];
    }
  };
  const writeChanges = (who: string, changes: OfflineChange[]) => {
    if (changes.length) storage?.setItem(changesKey(who), JSON.stringify(changes));
    else storage?.removeItem(changesKey(who));
  };

  const send = async (change: OfflineChange) => {
    // Never answered from the saved copy: the server itself must hear of it.
    const init = { headers: { [NETWORK_ONLY_HEADER]: '1' } };
    const id = change.catalogItemId;
    switch (change.kind) {
      case 'rate':
        return void (await rateCatalogItem(api, id, { value: change.value }, init));
      case 'rubric':
        return void (await saveRubricScore(api, id, { value: change.value }, init));
      case 'apply':
        return void (await (change.applied ? applyStrategy(api, id, init) : removeStrategyApplication(api, id, init)));
      case 'download':
        return void (await downloadReproducibles(api, id, { archiveName: change.publicId }, init));
    }
  };

  return {
    async list() {
      const who = await subject();
      const cache = who ? await filesCache(who, false) : null;
      const items = cache && who ? (await records(cache, who)).map(toSavedItem) : [];
      const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
      const available = estimate?.quota !== undefined ? Math.max(0, estimate.quota - (estimate.usage ?? 0)) : null;
      return { items, available } satisfies OfflineListing;
    },

    async save(item: ItemToSave, onProgress, signal) {
      const who = await subject();
      if (!who) throw new Error('Sign in again to save strategies for offline use.');
      const cache = (await filesCache(who, true))!;
      // Asks the browser not to clear the site's storage when space runs low (it may say no).
      void navigator.storage?.persist?.().catch(() => false);
      const urls: string[] = [];
      let bytes = 0;
      const keep = async (url: string, body: Blob | string, type: string, saved = false) => {
        const blob = typeof body === 'string' ? new Blob([body], { type }) : body;
        const headers = new Headers({ 'content-type': type, 'content-length': String(blob.size) });
        if (saved) headers.set(SAVED_ITEM_HEADER, item.id);
        await cache.put(url, new Response(blob, { headers }));
        urls.push(url);
        bytes += blob.size;
      };
      try {
        // A fresh copy: whatever an earlier save kept goes first.
        const earlier = await cache.match(savedRecordUrl(who, item.id));
        if (earlier) await drop(cache, who, (await earlier.json()) as SavedRecord);
        // Also starts the play session the offline viewing's progress is counted in.
        const video = await getCatalogItemVideo(api, item.id, { signal });
        const file = (name: string) => savedFileUrl(who, item.id, name);
        await keep(file('video'), await fetchFile(video.url, signal, onProgress), video.mimeType);
        const captions = [];
        for (const [index, track] of video.captions.entries()) {
          await keep(file(`captions-${index}`), await fetchFile(track.src, signal), 'text/vtt');
          captions.push({ ...track, src: file(`captions-${index}`) });
        }
        let posterUrl = video.posterUrl;
        if (posterUrl) {
          const poster = await fetchFile(posterUrl, signal);
          await keep(file('poster'), poster, poster.type || 'image/svg+xml');
          posterUrl = file('poster');
        }
        await keep(`${base}/catalog/items/${encodeURIComponent(item.id)}/video`, JSON.stringify({ ...video, url: file('video'), captions, posterUrl }), 'application/json', true);
        const details = await getCatalogItem(api, item.publicId, { signal });
        await keep(`${base}/catalog/items/${encodeURIComponent(item.publicId)}`, JSON.stringify(details), 'application/json', true);
        if (item.hasReproducibles) {
          // Kept, not handed over: the teacher's progress says "downloaded" only once they download them.
          const archive = await downloadReproducibles(api, item.id, { archiveName: item.publicId, purpose: 'offline' }, { signal });
          await keep(`${base}/catalog/items/${encodeURIComponent(item.id)}/reproducibles?archiveName=${encodeURIComponent(item.publicId)}`, archive.blob, 'application/zip', true);
        }
        // Signed out (or another user signed in) while it was saving: nothing is kept for anyone.
        if ((await subject()) !== who) throw new Error('You signed out before the strategy was saved.');
        const record: SavedRecord = {
          catalogItemId: item.id,
          publicId: item.publicId,
          title: item.title,
          savedAt: new Date(now()).toISOString(),
          offlineUntil: video.offlineUntil,
          bytes,
          urls,
        };
        await cache.put(savedRecordUrl(who, item.id), Response.json(record));
        return toSavedItem(record);
      } catch (error) {
        await Promise.all(urls.map((url) => cache.delete(url))).catch(() => undefined);
        throw friendly(error);
      }
    },

    async remove(catalogItemId) {
      const who = await subject();
      const cache = who ? await filesCache(who, false) : null;
      const stored = await cache?.match(savedRecordUrl(who!, catalogItemId));
      if (cache && who && stored) await drop(cache, who, (await stored.json()) as SavedRecord);
    },

    async queueChange(change) {
      const who = await subject();
      // Without a user to keep it for (the sign-in could not be renewed offline), it is not kept, and the page says so.
      if (!who || !storage) throw new Error(NOT_KEPT_MESSAGE);
      // The newest change of a kind replaces an older one of the same strategy: the server keeps the last word.
      try {
        writeChanges(who, [...readChanges(who).filter((queued) => !sameKind(queued, change)), { ...change, madeAt: now() }]);
      } catch {
        throw new Error(NOT_KEPT_MESSAGE);
      }
    },

    async forgetChange(kind, catalogItemId) {
      const who = await subject();
      if (who && readChanges(who).some((queued) => sameKind(queued, { kind, catalogItemId })))
        writeChanges(who, readChanges(who).filter((queued) => !sameKind(queued, { kind, catalogItemId })));
    },

    async sendQueuedChanges(): Promise<SentChanges> {
      const who = await subject();
      const result: SentChanges = { sent: 0, refused: [] };
      if (!who) return result;
      const flush = async () => {
        // Each change re-read before it goes: one sent by another tab, or replaced since, is not sent again.
        for (let change = readChanges(who)[0], turns = 0; change && turns < 500; change = readChanges(who)[0], turns++) {
          // Only under the token of the user who made it: a sign-out or another user's sign-in stops the sending.
          if ((await subject()) !== who) break;
          try {
            if (change.madeAt !== undefined && change.madeAt < now() - CHANGE_MAX_AGE_MS) throw new ApiError(410, 'TOO_OLD', TOO_OLD_MESSAGE);
            await send(change);
            result.sent++;
          } catch (error) {
            if (retryLater(error)) break;
            // Refused (the subscription ended, a demo account): the server's word is final.
            result.refused.push(`${change.title}: ${(error as ApiError).message}`);
          }
          const sent = change;
          writeChanges(who, readChanges(who).filter((queued) => !sameChange(queued, sent)));
        }
      };
      // One sender at a time across tabs and retries; a sender already at work leaves this one nothing to do.
      if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(`${CHANGES_KEY_PREFIX}sending`, { ifAvailable: true }, (lock) => (lock ? flush() : undefined));
      else await flush();
      return result;
    },
  };
}
