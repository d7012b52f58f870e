import type { Redis } from 'ioredis';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/** Models whose entries belong to a grant (revoked together when the grant is revoked). */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);
/** Past this many members, an account's index drops the members that have expired. */
const PRUNE_ABOVE = 500;

// One entry: a hash with the payload's JSON (and `consumed` once used), expiring with it, plus
// the indexes that find it again: by grant and by account (sets of entry keys), by session uid
// and by user code (the entry key). An index lives as long as its longest-lived member.
//   KEYS: entry, grant set, account set, uid, user code ('' when there is none)
//   ARGV: payload JSON, seconds to live (0: no expiry), prune threshold
const UPSERT = `
local ttl = tonumber(ARGV[2])
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'payload', ARGV[1])
if ttl > 0 then redis.call('EXPIRE', KEYS[1], ttl) end
local function outlive(key, existed)
  if ttl == 0 then redis.call('PERSIST', key) return end
  local left = redis.call('TTL', key)
  if existed == 0 or (left >= 0 and left < ttl) then redis.call('EXPIRE', key, ttl) end
end
for i = 2, 3 do
  if KEYS[i] ~= '' then
    local existed = redis.call('EXISTS', KEYS[i])
    redis.call('SADD', KEYS[i], KEYS[1])
    outlive(KEYS[i], existed)
    if i == 3 and redis.call('SCARD', KEYS[i]) > tonumber(ARGV[3]) then
      for _, member in ipairs(redis.call('SMEMBERS', KEYS[i])) do
        if redis.call('EXISTS', member) == 0 then redis.call('SREM', KEYS[i], member) end
      end
    end
  end
end
for i = 4, 5 do
  if KEYS[i] ~= '' then
    if ttl > 0 then redis.call('SET', KEYS[i], KEYS[1], 'EX', ttl) else redis.call('SET', KEYS[i], KEYS[1]) end
  end
end
return 1
`;

// Marks an entry used, if it is still there (a new hash would never expire).
const CONSUME = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'consumed', ARGV[1]) return 1 end
return 0
`;

// Deletes every entry of an index set, and the set.
const REVOKE_SET = `
local members = redis.call('SMEMBERS', KEYS[1])
for _, member in ipairs(members) do redis.call('DEL', member) end
redis.call('DEL', KEYS[1])
return #members
`;

type Indexed = { grantId?: unknown; accountId?: unknown; uid?: unknown; userCode?: unknown };

/**
 * oidc-provider's storage in Redis, for several server processes (or machines): sessions,
 * grants, interactions, authorization codes and refresh tokens are seen by every process, so a
 * sign-in started on one may continue on another. Entries expire with their lifetime
 * (`expiresIn`); a grant's revocation removes its codes and tokens; `revokeAccount` ends
 * everything of one user. The same interface as the in-memory store (adapter.ts).
 */
export function createRedisProviderStore(redis: Redis, prefix: string) {
  const base = `${prefix}oidc:`;
  const entryKey = (model: string, id: string) => `${base}${model}:${id}`;
  const grantKey = (grantId: string) => `${base}grant:${grantId}`;
  const accountKey = (accountId: string) => `${base}account:${accountId}`;
  const uidKey = (uid: string) => `${base}uid:${uid}`;
  const userCodeKey = (userCode: string) => `${base}userCode:${userCode}`;
  const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

  async function read(key: string): Promise<AdapterPayload | undefined> {
    const [payload, consumed] = await redis.hmget(key, 'payload', 'consumed');
    if (!payload) return undefined;
    const parsed = JSON.parse(payload) as AdapterPayload;
    return consumed ? { ...parsed, consumed: Number(consumed) } : parsed;
  }

  async function viaIndex(indexKey: string) {
    const key = await redis.get(indexKey);
    return key ? read(key) : undefined;
  }

  class RedisAdapter implements Adapter {
    private readonly model: string;
    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const { grantId, accountId, uid, userCode } = payload as Indexed;
      const grant = GRANTABLE.has(this.model) ? str(grantId) : null;
      const account = str(accountId);
      const sessionUid = this.model === 'Session' ? str(uid) : null;
      const code = str(userCode);
      const ttl = typeof expiresIn === 'number' && expiresIn > 0 ? Math.ceil(expiresIn) : 0;
      await redis.eval(
        UPSERT,
        5,
        entryKey(this.model, id),
        grant ? grantKey(grant) : '',
        account ? accountKey(account) : '',
        sessionUid ? uidKey(sessionUid) : '',
        code ? userCodeKey(code) : '',
        JSON.stringify(payload),
        ttl,
        PRUNE_ABOVE,
      );
    }

    async find(id: string) {
      return read(entryKey(this.model, id));
    }

    async findByUid(uid: string) {
      return viaIndex(uidKey(uid));
    }

    async findByUserCode(userCode: string) {
      return viaIndex(userCodeKey(userCode));
    }

    async consume(id: string) {
      await redis.eval(CONSUME, 1, entryKey(this.model, id), Math.floor(Date.now() / 1000));
    }

    async destroy(id: string) {
      await redis.del(entryKey(this.model, id));
    }

    async revokeByGrantId(grantId: string) {
      await redis.eval(REVOKE_SET, 1, grantKey(grantId));
    }
  }

  return {
    Adapter: RedisAdapter,
    /** Everything of one account: its sessions, grants, refresh tokens, codes and interactions. */
    async revokeAccount(accountId: string) {
      return Number(await redis.eval(REVOKE_SET, 1, accountKey(accountId)));
    },
    /** Nothing to write: every change is in Redis already. */
    flush() {},
    close() {
      // The connection belongs to whoever opened it.
    },
  };
}
