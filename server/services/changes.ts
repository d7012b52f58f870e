import { randomUUID } from 'node:crypto';

/** The channel migration 0007's triggers announce changes on. */
export const CHANGES_CHANNEL = 'elp_changes';

/** What keeps something read from the database between requests. */
export type ChangeListener = {
  /** An announcement: `user:<id>`, `revoked:<jti>`, `access`, `catalog`, `progress:<user id>` (migration 0021). */
  onChange: (payload: string) => void;
  /** Whether announcements are being received; after a gap some may have been missed. */
  setLive: (live: boolean) => void;
};

/**
 * The database's announcements of changes (PostgreSQL's NOTIFY, sent when the changing
 * transaction commits, whichever process, script or person made it), handed to what keeps
 * copies in this process: the auth cache (server/auth/auth-cache.ts), the catalogue token
 * (server/services/catalog-cache.ts) and the learners' own lists (server/services/own-lists.ts).
 */
export function createChanges({ notify }: { notify?: (payload: string) => Promise<void> } = {}) {
  let live = false;
  const listeners = new Set<ChangeListener>();
  const self = randomUUID();
  let syncs = 0;
  const pendingSyncs = new Map<string, () => void>();

  function setLive(value: boolean) {
    live = value;
    for (const listener of listeners) listener.setLive(value);
    if (!value) for (const resolve of pendingSyncs.values()) resolve();
  }

  return {
    subscribe(listener: ChangeListener) {
      listeners.add(listener);
      listener.setLive(live);
      return () => void listeners.delete(listener);
    },

    receive(payload: string) {
      if (payload.startsWith('sync:')) {
        pendingSyncs.get(payload.slice(5))?.();
        return;
      }
      for (const listener of listeners) listener.onChange(payload);
    },

    setLive,

    get live() {
      return live;
    },

    /**
     * Resolves once every change committed before the call has been received: a notification of
     * our own goes through the channel after them (PostgreSQL delivers in commit order). A
     * request that wrote waits for it before answering, so the next request of the same user to
     * this process reads what was written. When it does not come back within a second, the
     * listeners are told announcements were missed (they drop everything).
     */
    async sync() {
      if (!live || !notify) return;
      const id = `${self}.${++syncs}`;
      const received = new Promise<void>((resolve) => pendingSyncs.set(id, resolve));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 1_000)));
      const missed = () => {
        for (const listener of listeners) {
          listener.setLive(false);
          listener.setLive(live);
        }
      };
      try {
        await notify(`sync:${id}`);
        if ((await Promise.race([received, timeout])) === 'timeout') missed();
      } catch {
        missed();
      } finally {
        clearTimeout(timer);
        pendingSyncs.delete(id);
      }
    },
  };
}

export type Changes = ReturnType<typeof createChanges>;
