import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/** File in DATA_DIR holding the provider's sessions, grants and refresh tokens. */
export const STORE_FILE = 'provider-store.json';

/** Models whose entries belong to a grant (revoked together when the grant is revoked). */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);
/** Cheap, anonymous entries that go first when the store is full (a flood of /authorize). */
const EVICT_FIRST = new Set(['Interaction', 'ReplayDetection', 'PushedAuthorizationRequest', 'AuthorizationCode']);

type Entry = { model: string; payload: AdapterPayload; expiresAt: number | null };

/**
 * oidc-provider's storage: an in-memory map (PGlite allows one process per data directory, so
 * there is never a second server to share it with) written to DATA_DIR/provider-store.json a
 * moment after each change and on shutdown, so a restart keeps everyone signed in. Expired
 * entries are swept; the number of entries is capped.
 */
export function createProviderStore(options: { file: string | null; maxEntries?: number; writeDelayMs?: number; onError?: (err: unknown) => void }) {
  const { file, maxEntries = 50_000, writeDelayMs = 500 } = options;
  const entries = new Map<string, Entry>();
  const byGrant = new Map<string, Set<string>>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  let timer: NodeJS.Timeout | null = null;

  const now = () => Date.now();
  const key = (model: string, id: string) => `${model}:${id}`;
  const alive = (entry: Entry | undefined) => (entry && (entry.expiresAt === null || entry.expiresAt > now()) ? entry : undefined);

  function index(k: string, entry: Entry) {
    const { payload, model } = entry;
    if (GRANTABLE.has(model) && typeof payload.grantId === 'string') {
      let members = byGrant.get(payload.grantId);
      if (!members) byGrant.set(payload.grantId, (members = new Set()));
      members.add(k);
    }
    if (model === 'Session' && typeof payload.uid === 'string') byUid.set(payload.uid, k);
    if (typeof payload.userCode === 'string') byUserCode.set(payload.userCode, k);
  }

  function remove(k: string) {
    const entry = entries.get(k);
    if (!entry) return;
    entries.delete(k);
    const { payload } = entry;
    if (typeof payload.grantId === 'string') {
      const members = byGrant.get(payload.grantId);
      members?.delete(k);
      if (members && members.size === 0) byGrant.delete(payload.grantId);
    }
    if (typeof payload.uid === 'string' && byUid.get(payload.uid) === k) byUid.delete(payload.uid);
    if (typeof payload.userCode === 'string' && byUserCode.get(payload.userCode) === k) byUserCode.delete(payload.userCode);
  }

  function put(k: string, entry: Entry) {
    remove(k);
    entries.set(k, entry);
    index(k, entry);
    if (entries.size > maxEntries) evict();
  }

  function sweep() {
    const t = now();
    for (const [k, entry] of entries) if (entry.expiresAt !== null && entry.expiresAt <= t) remove(k);
  }

  function evict() {
    sweep();
    // Oldest writes first (a Map keeps insertion order and put() re-inserts).
    for (const [k, entry] of entries) {
      if (entries.size <= maxEntries * 0.9) return;
      if (EVICT_FIRST.has(entry.model)) remove(k);
    }
    for (const k of entries.keys()) {
      if (entries.size <= maxEntries * 0.9) return;
      remove(k);
    }
  }

  function changed() {
    if (!file || timer) return;
    timer = setTimeout(() => {
      timer = null;
      flush();
    }, writeDelayMs);
    timer.unref();
  }

  function flush() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!file) return;
    try {
      sweep();
      mkdirSync(dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ version: 1, entries: [...entries] }), { mode: 0o600 });
      renameSync(temporary, file);
    } catch (err) {
      options.onError?.(err);
    }
  }

  function load() {
    if (!file || !existsSync(file)) return;
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as { version?: number; entries?: [string, Entry][] };
      if (data.version !== 1 || !Array.isArray(data.entries)) return;
      for (const [k, entry] of data.entries) if (alive(entry)) put(k, entry);
    } catch (err) {
      // A damaged file costs the sessions in it, never the start.
      options.onError?.(err);
    }
  }

  load();
  const sweeper = setInterval(sweep, 10 * 60_000);
  sweeper.unref();

  class StoreAdapter implements Adapter {
    private readonly model: string;
    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      put(key(this.model, id), { model: this.model, payload, expiresAt: typeof expiresIn === 'number' ? now() + expiresIn * 1000 : null });
      changed();
    }

    async find(id: string) {
      return alive(entries.get(key(this.model, id)))?.payload;
    }

    async findByUid(uid: string) {
      const k = byUid.get(uid);
      return k ? alive(entries.get(k))?.payload : undefined;
    }

    async findByUserCode(userCode: string) {
      const k = byUserCode.get(userCode);
      return k ? alive(entries.get(k))?.payload : undefined;
    }

    async consume(id: string) {
      const entry = entries.get(key(this.model, id));
      if (entry) {
        entry.payload.consumed = Math.floor(now() / 1000);
        changed();
      }
    }

    async destroy(id: string) {
      remove(key(this.model, id));
      changed();
    }

    async revokeByGrantId(grantId: string) {
      for (const k of [...(byGrant.get(grantId) ?? [])]) remove(k);
      byGrant.delete(grantId);
      changed();
    }
  }

  return {
    Adapter: StoreAdapter,
    /**
     * Everything of one account: its sessions (so no silent sign-in brings it back), grants,
     * refresh tokens, codes and access tokens. A scan; it runs when a user's sessions end.
     */
    revokeAccount(accountId: string) {
      let removed = 0;
      for (const [k, entry] of [...entries]) {
        if (entry.payload.accountId === accountId) {
          remove(k);
          removed += 1;
        }
      }
      if (removed) changed();
      return removed;
    },
    flush,
    size: () => entries.size,
    close() {
      clearInterval(sweeper);
      flush();
    },
  };
}
