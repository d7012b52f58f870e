import { cachedBody, canonical, type CachedBody } from './catalog-cache.ts';
import type { ChangeListener } from './changes.ts';

/** How many learners' lists a process keeps, the least recently active dropped first. */
const USERS_KEPT = 5_000;
/** How many responses a learner keeps (their filters and pages), the oldest dropped first. */
const PER_USER = 16;
/**
 * The most bytes all the kept responses take (each a page of 10-100 summaries, a few to tens of
 * KB), their gzip encodings counted once made.
 */
const BYTES_KEPT = 32 * 1024 * 1024;

type Kept = { bodies: Map<string, CachedBody>; bytes: number };

export type OwnLists = ChangeListener & {
  /**
   * The response body (JSON) of a list or search filtered by the learner's own progress or
   * bookmarks: kept in this process, or computed now and kept while nothing it depends on has
   * been announced as changed since it started. Without announcements, computed every time.
   */
  json(userId: string, kind: string, request: unknown, compute: () => Promise<unknown>): Promise<CachedBody>;
  /** Drops what is kept for the learner: this process wrote something their lists depend on. */
  forget(userId: string): void;
};

/**
 * Catalogue lists and searches filtered by the caller's own progress ("in progress", "not
 * started", "completed") or bookmarks ("saved"), kept per learner in this process. They depend on
 * the catalogue (announced as `catalog`: everything is dropped) and on the learner's own rows:
 * migration 0021 announces `progress:<user id>` when a learner's item is started, completed or
 * un-completed, or bookmarked or un-bookmarked (not for each change of video position). Nothing
 * is kept while announcements are not received, nor a response computed while one of them came.
 */
export function createOwnLists(): OwnLists {
  let live = false;
  // Most recently active learner last.
  const users = new Map<string, Kept>();
  let bytes = 0;
  const drop = (userId: string) => {
    const kept = users.get(userId);
    if (!kept) return;
    bytes -= kept.bytes;
    users.delete(userId);
  };
  const clear = () => {
    users.clear();
    bytes = 0;
  };
  /** Removes one of a learner's kept responses, and its bytes from both counts. */
  const remove = (kept: Kept, key: string) => {
    const body = kept.bodies.get(key);
    if (!body) return;
    kept.bodies.delete(key);
    kept.bytes -= body.bytes();
    bytes -= body.bytes();
  };
  /** Drops the least recently active learners (not `userId`, who is being answered) beyond the bounds. */
  const trim = (userId: string) => {
    for (const [id] of users) {
      if (bytes <= BYTES_KEPT && users.size <= USERS_KEPT) break;
      if (id !== userId) drop(id);
    }
  };
  return {
    setLive(value) {
      live = value;
      clear();
    },
    onChange(payload) {
      if (payload === 'catalog') clear();
      else if (payload.startsWith('progress:')) drop(payload.slice('progress:'.length));
    },
    forget: drop,
    async json(userId, kind, request, compute) {
      if (!live) return cachedBody(Buffer.from(JSON.stringify(await compute())));
      const key = `${kind}:${canonical(request)}`;
      let kept = users.get(userId);
      if (kept) {
        users.delete(userId);
        users.set(userId, kept);
        const hit = kept.bodies.get(key);
        if (hit) return hit;
      } else {
        kept = { bodies: new Map(), bytes: 0 };
        users.set(userId, kept);
      }
      const owner = kept;
      // A gzip encoding made later (for a client that takes gzip) is counted while the body is kept.
      const body = cachedBody(Buffer.from(JSON.stringify(await compute())), (gzipped) => {
        if (users.get(userId) !== owner || owner.bodies.get(key) !== body) return;
        owner.bytes += gzipped;
        bytes += gzipped;
        trim(userId);
      });
      // An announcement for this learner (or the catalogue) while computing dropped `kept`.
      if (!live || users.get(userId) !== kept) return body;
      // The same request computed twice at once: the later body replaces the earlier one.
      remove(kept, key);
      if (kept.bodies.size >= PER_USER) remove(kept, kept.bodies.keys().next().value!);
      kept.bodies.set(key, body);
      kept.bytes += body.bytes();
      bytes += body.bytes();
      trim(userId);
      return body;
    },
  };
}
