import type { ChangeListener } from '../services/changes.ts';
import type { UserRow } from './principal.ts';

type Entry<T> = { value: T; storedAt: number };

export type AuthCacheOptions = {
  /** The longest an entry is used without being read again (a safety net: changes are announced). */
  ttlMs?: number;
  /** Entries per kind; the least recently used go first. */
  max?: number;
  now?: () => number;
};

/**
 * What every authenticated request reads before its handler: the token's user, whether the token
 * was signed out, and until when the user may use paid content. Kept in this process so a request
 * costs no query for them; dropped when the database announces a change (server/db/migrations/
 * 0007_change_announcements.sql: any update of a user, a revoked token, a subscription or
 * an organization, whoever made it; server/services/changes.ts) and after `ttlMs` anyway.
 *
 * Nothing is kept while the announcements are not being received (the listening connection is
 * lost, or not set up): then every request reads the database, as without the cache.
 *
 * A read that started before a change and ends after it is not kept (the generation check), so an
 * old row cannot outlive its announcement.
 */
export function createAuthCache({ ttlMs = 60_000, max = 20_000, now = Date.now }: AuthCacheOptions = {}) {
  let live = false;
  let generation = 0;
  const users = new Map<string, Entry<UserRow>>();
  const userIdBySubject = new Map<string, string>();
  const notRevoked = new Map<string, Entry<true>>();
  /** The end of the user's latest paid period (null: none), with the organization it was read for. */
  const access = new Map<string, Entry<{ organizationId: string | null; until: number | null }>>();

  function fresh<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (now() - entry.storedAt > ttlMs) {
      map.delete(key);
      return undefined;
    }
    // Most recently used last, so the oldest use is the first key.
    map.delete(key);
    map.set(key, entry);
    return entry.value;
  }

  function keep<T>(map: Map<string, Entry<T>>, key: string, value: T) {
    map.set(key, { value, storedAt: now() });
    if (map.size > max) map.delete(map.keys().next().value!);
  }

  /** Reads through the cache: `load` runs on a miss; its answer is kept unless something changed meanwhile. */
  async function through<T>(read: () => T | undefined, load: () => Promise<T>, store: (value: T) => void): Promise<T> {
    if (live) {
      const cached = read();
      if (cached !== undefined) return cached;
    }
    const before = generation;
    const value = await load();
    if (live && generation === before) store(value);
    return value;
  }

  function forgetUser(id: string) {
    const entry = users.get(id);
    if (entry?.value.ssoId) userIdBySubject.delete(entry.value.ssoId);
    users.delete(id);
    access.delete(id);
  }

  function clear() {
    generation++;
    users.clear();
    userIdBySubject.clear();
    notRevoked.clear();
    access.clear();
  }

  const listener: ChangeListener = {
    onChange(payload: string) {
      const [kind, ...rest] = payload.split(':');
      // The catalogue's and a learner's progress (announced with most learner events that start an
      // item) change nothing kept here: they must not even hold back a read in flight.
      if (kind === 'catalog' || kind === 'progress') return;
      generation++;
      const id = rest.join(':');
      if (kind === 'user') forgetUser(id);
      else if (kind === 'revoked') notRevoked.delete(id);
      else if (kind === 'access') access.clear();
      // A kind this cache does not know: everything may have changed.
      else clear();
    },
    setLive(value: boolean) {
      clear();
      live = value;
    },
  };

  return {
    ...listener,

    /** The user a local token names. */
    userById(id: string, load: () => Promise<UserRow | undefined>) {
      return through(
        () => fresh(users, id),
        load,
        (row) => row && keep(users, row.id, Object.freeze(row)),
      );
    },

    /** The user a provider token's subject names. */
    userBySubject(subject: string, load: () => Promise<UserRow | undefined>) {
      return through(
        () => {
          const id = userIdBySubject.get(subject);
          const row = id ? fresh(users, id) : undefined;
          return row?.ssoId === subject ? row : undefined;
        },
        load,
        (row) => {
          if (!row) return;
          keep(users, row.id, Object.freeze(row));
          userIdBySubject.set(subject, row.id);
          if (userIdBySubject.size > max) userIdBySubject.delete(userIdBySubject.keys().next().value!);
        },
      );
    },

    /** Whether a token id was signed out; only "not signed out" is kept (a signed-out one stays so). */
    async isRevoked(jti: string, load: () => Promise<boolean>) {
      const revoked = await through<boolean>(
        () => (fresh(notRevoked, jti) ? false : undefined),
        load,
        (value) => !value && keep(notRevoked, jti, true),
      );
      return revoked;
    },

    /**
     * Whether the user has a paid period running now. What is kept is when the latest one ends,
     * so the moment it ends the answer changes without any write.
     */
    async hasAccess(user: Pick<UserRow, 'id' | 'organizationId'>, at: Date, load: () => Promise<Date | null>) {
      const entry = await through(
        () => {
          const kept = fresh(access, user.id);
          return kept && kept.organizationId === user.organizationId ? kept : undefined;
        },
        async () => ({ organizationId: user.organizationId, until: (await load())?.getTime() ?? null }),
        (value) => keep(access, user.id, value),
      );
      return entry.until !== null && entry.until > at.getTime();
    },

    get live() {
      return live;
    },

    /** Drops everything (tests that change the database behind the announcements' back). */
    clear,

    /** Entries kept, for tests and the benchmark's report. */
    size: () => ({ users: users.size, notRevoked: notRevoked.size, access: access.size }),
  };
}

export type AuthCache = ReturnType<typeof createAuthCache>;
