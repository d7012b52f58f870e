import { gzipSync } from 'node:zlib';
import type { Redis } from 'ioredis';
import type { ChangeListener } from './changes.ts';

/** Responses kept in this process (each a page of 10–100 summaries, a few to some tens of KB). */
const LOCAL_ENTRIES = 500;
/** How long Redis keeps a shared response; a new catalogue token makes old ones unreachable anyway. */
const SHARED_SECONDS = 600;

/**
 * A kept response body: its bytes (encoded once, not per response) and, the first time a client
 * asks for it, its gzip encoding (compressed once, not per response). `bytes` is what it holds:
 * the raw bytes, and the gzip encoding once made; `onGzip` hears that encoding's size when it is.
 */
export type CachedBody = { raw: Buffer; gzip: () => Buffer; bytes: () => number };

export function cachedBody(raw: Buffer, onGzip?: (bytes: number) => void): CachedBody {
  let gzipped: Buffer | null = null;
  return {
    raw,
    gzip() {
      if (!gzipped) {
        gzipped = gzipSync(raw);
        onGzip?.(gzipped.length);
      }
      return gzipped;
    },
    bytes: () => raw.length + (gzipped?.length ?? 0),
  };
}

/** Whether a request's Accept-Encoding takes gzip (not refused with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

export type CatalogCache = {
  enabled: boolean;
  /**
   * The response body (JSON) for this request of the catalogue: from this process, from
   * Redis, or computed now and kept in both. Keyed by the catalogue's token, which every write to
   * the catalogue changes in the writer's transaction (migration 0006): a response computed before
   * a write is never served after it has committed.
   */
  json(kind: string, request: unknown, compute: () => Promise<unknown>): Promise<CachedBody>;
};

/** Object keys sorted, so the same query written in another order is the same key. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A cache of catalogue list and search responses that do not depend on who asks: an LRU in this
 * process always, shared through Redis when it is configured. `version` reads the catalogue's
 * current token (one indexed single-row read); `enabled: false` computes every response.
 */
export function createCatalogCache(options: {
  enabled: boolean;
  version: () => Promise<string | null>;
  redis: Redis | null;
  prefix: string;
  log?: { warn: (obj: object, msg: string) => void };
}): CatalogCache {
  const local = new Map<string, CachedBody>();
  const remember = (key: string, body: CachedBody) => keepRecent(local, key, body, LOCAL_ENTRIES);
  return {
    enabled: options.enabled,
    async json(kind, request, compute) {
      const token = options.enabled ? await options.version() : null;
      if (!token) return cachedBody(Buffer.from(JSON.stringify(await compute())));
      const key = `${kind}:${token}:${canonical(request)}`;
      const mine = local.get(key);
      if (mine !== undefined) {
        remember(key, mine);
        return mine;
      }
      const redis = options.redis;
      const sharedKey = `${options.prefix}catalog:${key}`;
      if (redis) {
        // Redis being away only costs the shared copy: the response is computed here.
        const shared = await redis.getBuffer(sharedKey).catch(() => null);
        if (shared !== null) {
          const body = cachedBody(shared);
          remember(key, body);
          return body;
        }
      }
      const body = cachedBody(Buffer.from(JSON.stringify(await compute())));
      remember(key, body);
      if (redis) {
        redis.set(sharedKey, body.raw, 'EX', SHARED_SECONDS).catch((err: Error) => options.log?.warn({ err: err.message }, 'catalogue cache: redis unavailable'));
      }
      return body;
    },
  };
}

/**
 * The catalogue's token kept in this process while the database's announcements are received
 * (every write changes the token, and the change is announced as `catalog` when it commits), so a
 * cached response costs no query at all. Without announcements, every call reads it.
 */
export function keptCatalogVersion(read: () => Promise<string | null>, changes: { subscribe: (listener: ChangeListener) => unknown }) {
  let live = false;
  let generation = 0;
  let kept: string | null = null;
  changes.subscribe({
    onChange(payload) {
      if (payload !== 'catalog') return;
      generation++;
      kept = null;
    },
    setLive(value) {
      generation++;
      kept = null;
      live = value;
    },
  });
  return async function version(): Promise<string | null> {
    if (live && kept) return kept;
    const before = generation;
    const token = await read();
    if (live && generation === before) kept = token;
    return token;
  };
}

/** Keeps `value` as the most recently used entry of `map`, dropping the least recently used beyond `limit`. */
function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, limit: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value!);
}

/**
 * Values computed from the catalogue alone, kept in this process while the catalogue's token is
 * unchanged: at most `entries` of them, the least recently used dropped first, all of them when
 * the token changes. Callers asking for the same key at once share one computation; a failed one
 * is not kept. Without a token (no catalogue row yet) every call computes.
 */
export function createCatalogMemo<T>(options: { version: () => Promise<string | null>; entries: number }) {
  const kept = new Map<string, Promise<T>>();
  let keptFor: string | null = null;
  return async function memo(key: string, compute: () => Promise<T>): Promise<T> {
    const token = await options.version();
    if (!token) return compute();
    if (token !== keptFor) {
      kept.clear();
      keptFor = token;
    }
    let value = kept.get(key);
    if (!value) {
      value = compute();
      value.catch(() => {
        if (kept.get(key) === value) kept.delete(key);
      });
    }
    keepRecent(kept, key, value, options.entries);
    return value;
  };
}
