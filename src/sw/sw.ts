/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { matchRoute } from '@/lib/routes';
import {
  NETWORK_ONLY_HEADER,
  SAVED_FILES_PATH,
  SAVED_ITEM_HEADER,
  SIGNED_OUT_MESSAGE,
  cacheOwner,
  isExpired,
  savedRecordUrl,
  subjectOf,
  userCacheName,
  userFilesCacheName,
  type SavedRecord,
} from '@/lib/offline-cache';

/**
 * The service worker (docs/decisions.md, "Offline and repeat visits"): the app's shell from the
 * precache, and the signed-in user's API answers from a cache of their own, stale while revalidated.
 * vite-plugin-pwa builds this file to /sw.js and writes the build's file list into __WB_MANIFEST.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

// A new build takes over as soon as it is installed; a page still running the old one asks for
// chunks that are gone, gets the server's 404 and reloads once (src/lib/stale-chunks.ts).
void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The app's own routes get its page; the server's pages (the sign-in provider's /u/, /account,
// /admin, certificates) and files are never answered with it.
const shell = createHandlerBoundToURL('index.html');
registerRoute(({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && matchRoute(url.pathname) !== null, shell);

/**
 * API answers never kept: one-time addresses and tokens, billing details, signed media addresses
 * that expire, downloads, the flags' own stream and cache, the admin site's, health checks.
 */
const NEVER_KEPT = [
  /^\/api\/identity\/password-change-url$/,
  /^\/api\/customers\/(?:payment-gateway-tokens|current\/transactions|current\/subscriptions\/[^/]+\/payment-method)/,
  /^\/api\/catalog\/items\/[^/]+\/(?:video|reproducibles)$/,
  /\/(?:export|pdf)$/,
  /^\/api\/flags\//,
  /^\/api\/admin\//,
  /^\/api\/(?:healthz|readyz)$/,
];
/** Writes that change nothing a screen shows (page views): a copy stored before one is still fresh. */
const QUIET_WRITES = /^\/api\/reporting\/event$/;
const LEARNER_EVENTS = '/api/learner/events';
/** When a copy was stored, and (under LAST_WRITE in the user's cache) when the user last changed something. */
const STORED_AT = 'x-offline-stored-at';
const LAST_WRITE = '/__offline/last-write';

/** Bumped at logout: an answer that was on its way to a cache then is not stored. */
let generation = 0;
/** The user whose answers were stored last: a different one signing in removes the others' caches. */
let currentSubject: string | null = null;

/** A strategy's video answer: the worker keeps a saved copy's expiry in step with the server's. */
const VIDEO_ANSWER = /^\/api\/catalog\/items\/([^/]+)\/video$/;
/** The answers never kept for the screens that a saved strategy keeps a copy of: only these pass through the worker. */
const SAVED_WITH_STRATEGY = /^\/api\/catalog\/items\/[^/]+\/(?:video|reproducibles)$/;

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(SAVED_FILES_PATH)) {
    if (event.request.method === 'GET') event.respondWith(savedFile(event.request, url));
    return;
  }
  if (!url.pathname.startsWith('/api/')) return;
  if (event.request.method !== 'GET') {
    if (!QUIET_WRITES.test(url.pathname)) event.waitUntil(writer(event.request.clone()).then((subject) => (subject ? markWrite(subject) : undefined)));
    return;
  }
  const subject = subjectOf(event.request.headers.get('authorization'));
  if (!subject) return;
  if (SAVED_WITH_STRATEGY.test(url.pathname)) event.respondWith(networkOrSaved(event.request, subject, url));
  // The rest of those never kept (billing, exports, the flags' stream) go to the network as if there were no worker.
  else if (!NEVER_KEPT.some((path) => path.test(url.pathname))) event.respondWith(staleWhileRevalidate(event, subject));
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type !== SIGNED_OUT_MESSAGE) return;
  generation++;
  currentSubject = null;
  event.waitUntil(deleteUserCaches(() => true));
});

/**
 * The copy at once when there is one stored after the user's last write (the network's answer
 * replaces it for next time); otherwise the network, and the copy only when the network fails
 * (offline). Only a whole 200 JSON answer is stored.
 */
async function staleWhileRevalidate(event: FetchEvent, subject: string): Promise<Response> {
  const { request } = event;
  const started = generation;
  const cache = await caches.open(userCacheName(subject));
  const [cached, lastWrite] = await Promise.all([cache.match(request, { ignoreVary: true }), cache.match(LAST_WRITE)]);
  const network = fetch(request).then(async (response) => {
    if (keepable(response) && generation === started) {
      const headers = new Headers(response.headers);
      headers.set(STORED_AT, String(Date.now()));
      // The stored body is the decoded one: its transfer headers would describe other bytes.
      headers.delete('content-encoding');
      headers.delete('content-length');
      const copy = response.clone();
      await cache.put(request, new Response(await copy.blob(), { status: copy.status, statusText: copy.statusText, headers }));
      if (currentSubject !== subject) {
        currentSubject = subject;
        await deleteUserCaches((owner) => owner !== subject);
      }
    }
    return response;
  });
  const lastWriteAt = lastWrite ? Number(await lastWrite.text()) : 0;
  if (cached && Number(cached.headers.get(STORED_AT)) > lastWriteAt) {
    event.waitUntil(network.catch(() => undefined));
    return cached;
  }
  try {
    return await network;
  } catch (error) {
    return cached ?? (await savedAnswer(request, subject)) ?? Promise.reject(error);
  }
}

/**
 * Answers never kept for the screens (signed media addresses, downloads) come from the network;
 * when it fails, from a strategy the user saved for offline. A video answer also keeps the saved
 * copy in step with the server: a new expiry is written down, and a refusal (the subscription
 * ended) removes the copy.
 */
async function networkOrSaved(request: Request, subject: string, url: URL): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    // A change made offline being sent must reach the server, not the saved copy.
    if (request.headers.has(NETWORK_ONLY_HEADER)) throw error;
    return (await savedAnswer(request, subject)) ?? Promise.reject(error);
  }
  const video = VIDEO_ANSWER.exec(url.pathname);
  if (video && (response.ok || response.status === 403)) {
    const copy = response.clone();
    const renew = async () => {
      const catalogItemId = decodeURIComponent(video[1]!);
      if (copy.status === 403) return removeSaved(subject, catalogItemId);
      const { offlineUntil, playSession } = (await copy.json()) as { offlineUntil?: unknown; playSession?: unknown };
      if (typeof offlineUntil !== 'string' || !(await updateRecord(subject, catalogItemId, (record) => ({ ...record, offlineUntil })))) return;
      // The copy's own answer takes the new play session too: what is watched offline counts in it.
      const cache = await filesCache(subject);
      const saved = await cache?.match(request, { ignoreVary: true });
      if (!cache || !saved) return;
      const answer = { ...((await saved.json()) as object), offlineUntil, ...(playSession !== undefined && { playSession }) };
      const headers = new Headers(saved.headers);
      headers.delete('content-length');
      await cache.put(request.url, new Response(JSON.stringify(answer), { headers }));
    };
    await renew().catch(() => undefined);
  }
  return response;
}

/** The user's files cache, without creating one for a user who saved nothing. */
async function filesCache(subject: string): Promise<Cache | null> {
  const name = userFilesCacheName(subject);
  return (await caches.has(name)) ? caches.open(name) : null;
}

/** A saved strategy's record while it may still play offline; an expired one is removed. */
async function liveRecord(cache: Cache, subject: string, catalogItemId: string): Promise<SavedRecord | null> {
  const stored = await cache.match(savedRecordUrl(subject, catalogItemId));
  const record = (await stored?.json().catch(() => null)) as SavedRecord | null | undefined;
  if (!record) return null;
  if (!isExpired(record, Date.now())) return record;
  await dropSaved(cache, subject, record);
  return null;
}

async function dropSaved(cache: Cache, subject: string, record: SavedRecord) {
  await Promise.all([...record.urls, savedRecordUrl(subject, record.catalogItemId)].map((saved) => cache.delete(saved)));
}

/** An API answer kept with a saved strategy, while the strategy may play offline. */
async function savedAnswer(request: Request, subject: string): Promise<Response | null> {
  const cache = await filesCache(subject);
  const saved = await cache?.match(request, { ignoreVary: true });
  const catalogItemId = saved?.headers.get(SAVED_ITEM_HEADER);
  if (!cache || !saved || !catalogItemId) return null;
  return (await liveRecord(cache, subject, catalogItemId)) ? saved : null;
}

/**
 * A saved strategy's video, captions or poster: `/__offline/<subject>/<item id>/<file>`, byte
 * ranges answered (the video element asks for them), while the copy may play offline.
 */
async function savedFile(request: Request, url: URL): Promise<Response> {
  const missing = () => new Response('This file is not saved on this device.', { status: 404, headers: { 'content-type': 'text/plain' } });
  let subject: string | undefined, catalogItemId: string | undefined;
  try {
    [subject, catalogItemId] = url.pathname.slice(SAVED_FILES_PATH.length).split('/').map(decodeURIComponent);
  } catch {
    return missing();
  }
  if (!subject || !catalogItemId) return missing();
  const cache = await filesCache(subject);
  if (!cache || !(await liveRecord(cache, subject, catalogItemId))) return missing();
  const saved = await cache.match(url.pathname);
  if (!saved) return missing();
  return request.headers.has('range') ? createPartialResponse(request, saved) : saved;
}

/** Changes a saved strategy's record; false when it has none. */
async function updateRecord(subject: string, catalogItemId: string, change: (record: SavedRecord) => SavedRecord): Promise<boolean> {
  const cache = await filesCache(subject);
  const stored = await cache?.match(savedRecordUrl(subject, catalogItemId));
  if (!cache || !stored) return false;
  const record = change((await stored.json()) as SavedRecord);
  await cache.put(savedRecordUrl(subject, catalogItemId), Response.json(record));
  return true;
}

async function removeSaved(subject: string, catalogItemId: string) {
  const cache = await filesCache(subject);
  const stored = await cache?.match(savedRecordUrl(subject, catalogItemId));
  if (cache && stored) await dropSaved(cache, subject, (await stored.json()) as SavedRecord);
}

function keepable(response: Response) {
  return response.status === 200 && response.type === 'basic' && (response.headers.get('content-type') ?? '').startsWith('application/json');
}

/**
 * Whose screens a write may change: the token's subject. Learner events carry their token in the
 * body (they are sent as beacons too); a batch that is only sign-ins (every page load of a session
 * sends one) changes nothing a screen shows, video progress and the rest do.
 */
async function writer(request: Request): Promise<string | null> {
  const subject = subjectOf(request.headers.get('authorization'));
  if (subject || new URL(request.url).pathname !== LEARNER_EVENTS) return subject;
  try {
    const body = (await request.json()) as { accessToken?: unknown; data?: { type?: string }[] };
    if (typeof body.accessToken !== 'string' || body.data?.every((item) => item.type === 'LEARNER_LOGIN')) return null;
    return subjectOf(`Bearer ${body.accessToken}`);
  } catch {
    return null;
  }
}

/** Notes the write in the user's cache; a user with no copies (none yet, or logged out since) needs no note. */
async function markWrite(subject: string) {
  const name = userCacheName(subject);
  if (!(await caches.has(name))) return;
  await (await caches.open(name)).put(LAST_WRITE, new Response(String(Date.now())));
}

/** Deletes the users' caches (answers and saved strategies) whose owner `which` names. */
async function deleteUserCaches(which: (owner: string) => boolean) {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => {
        const owner = cacheOwner(name);
        return owner !== null && which(owner);
      })
      .map((name) => caches.delete(name)),
  );
}
