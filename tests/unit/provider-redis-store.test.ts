import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS_FILE, loadSigningKeys } from '../../server/auth/provider/keys.ts';
import { createRedisProviderStore } from '../../server/auth/provider/redis-adapter.ts';

/**
 * The embedded provider's Redis store against a real Redis (127.0.0.1:6379, or TEST_REDIS_URL),
 * under a prefix of its own. Two connections stand for two server processes.
 */
const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-${randomUUID()}:`;
let a: Redis;
let b: Redis;

beforeAll(() => {
  a = new Redis(url);
  b = new Redis(url);
});

afterAll(async () => {
  const keys = await a.keys(`${prefix}*`);
  if (keys.length) await a.del(...keys);
  a.disconnect();
  b.disconnect();
});

const stores = () => [createRedisProviderStore(a, prefix), createRedisProviderStore(b, prefix)] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('provider store in Redis', () => {
  it('keeps an entry for its lifetime, seen from another process', async () => {
    const [one, two] = stores();
    const id = randomUUID();
    await new one.Adapter('Session').upsert(id, { uid: 'u1', accountId: 'acc-1', loginTs: 5, authorizations: {} }, 60);
    expect(await new two.Adapter('Session').find(id)).toEqual({ uid: 'u1', accountId: 'acc-1', loginTs: 5, authorizations: {} });
    // Another model with the same id is another entry.
    expect(await new two.Adapter('Grant').find(id)).toBeUndefined();
    const ttl = await a.ttl(`${prefix}oidc:Session:${id}`);
    expect(ttl).toBeGreaterThan(55);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('forgets an entry once it expires', async () => {
    const [one, two] = stores();
    const id = randomUUID();
    await new one.Adapter('Interaction').upsert(id, { uid: id, kind: 'Interaction' }, 1);
    expect(await new two.Adapter('Interaction').find(id)).toBeDefined();
    await sleep(1200);
    expect(await new two.Adapter('Interaction').find(id)).toBeUndefined();
  });

  it('finds a session by its uid and a code by its user code', async () => {
    const [one, two] = stores();
    const uid = randomUUID();
    await new one.Adapter('Session').upsert('session-id', { uid, accountId: 'acc-2' }, 60);
    expect(await new two.Adapter('Session').findByUid(uid)).toMatchObject({ uid, accountId: 'acc-2' });
    expect(await new two.Adapter('Session').findByUid('nobody')).toBeUndefined();
    await new one.Adapter('DeviceCode').upsert('device-id', { userCode: 'ABCD-EFGH', grantId: 'g' }, 60);
    expect(await new two.Adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
    await new one.Adapter('Session').destroy('session-id');
    expect(await new two.Adapter('Session').findByUid(uid)).toBeUndefined();
  });

  it('marks an entry consumed, and never brings back one that is gone', async () => {
    const [one, two] = stores();
    const id = randomUUID();
    await new one.Adapter('AuthorizationCode').upsert(id, { grantId: 'g-consume', accountId: 'acc-3' }, 60);
    const before = Math.floor(Date.now() / 1000);
    await new two.Adapter('AuthorizationCode').consume(id);
    const found = await new one.Adapter('AuthorizationCode').find(id);
    expect(found?.consumed).toBeGreaterThanOrEqual(before);
    expect(found).toMatchObject({ grantId: 'g-consume', accountId: 'acc-3' });
    // Consumed entries keep their lifetime.
    expect(await a.ttl(`${prefix}oidc:AuthorizationCode:${id}`)).toBeGreaterThan(0);
    await new two.Adapter('AuthorizationCode').consume('missing');
    expect(await a.exists(`${prefix}oidc:AuthorizationCode:missing`)).toBe(0);
  });

  it('a new write replaces the entry, consumed mark included', async () => {
    const [one] = stores();
    const id = randomUUID();
    const adapter = new one.Adapter('RefreshToken');
    await adapter.upsert(id, { grantId: 'g-replace', n: 1 }, 60);
    await adapter.consume(id);
    await adapter.upsert(id, { grantId: 'g-replace', n: 2 }, 60);
    expect(await adapter.find(id)).toEqual({ grantId: 'g-replace', n: 2 });
  });

  it('revokes everything of a grant, and nothing else', async () => {
    const [one, two] = stores();
    const grantId = randomUUID();
    await new one.Adapter('RefreshToken').upsert('rt-1', { grantId, accountId: 'acc-4' }, 3600);
    await new one.Adapter('AuthorizationCode').upsert('code-1', { grantId, accountId: 'acc-4' }, 60);
    await new one.Adapter('RefreshToken').upsert('rt-other', { grantId: 'another-grant', accountId: 'acc-4' }, 3600);
    // The grant's own index outlives its longest member.
    expect(await a.ttl(`${prefix}oidc:grant:${grantId}`)).toBeGreaterThan(3500);
    await new two.Adapter('RefreshToken').revokeByGrantId(grantId);
    expect(await new one.Adapter('RefreshToken').find('rt-1')).toBeUndefined();
    expect(await new one.Adapter('AuthorizationCode').find('code-1')).toBeUndefined();
    expect(await new one.Adapter('RefreshToken').find('rt-other')).toBeDefined();
    expect(await a.exists(`${prefix}oidc:grant:${grantId}`)).toBe(0);
  });

  it('ends everything of one account, from any process', async () => {
    const [one, two] = stores();
    const account = `acc-${randomUUID()}`;
    await new one.Adapter('Session').upsert('s-acc', { uid: 'uid-acc', accountId: account }, 600);
    await new one.Adapter('Grant').upsert('g-acc', { accountId: account, clientId: 'spa' }, 600);
    await new one.Adapter('RefreshToken').upsert('rt-acc', { accountId: account, grantId: 'g-acc' }, 600);
    await new one.Adapter('Session').upsert('s-else', { uid: 'uid-else', accountId: 'someone-else' }, 600);
    expect(await two.revokeAccount(account)).toBe(3);
    for (const [model, id] of [
      ['Session', 's-acc'],
      ['Grant', 'g-acc'],
      ['RefreshToken', 'rt-acc'],
    ] as const) {
      expect(await new one.Adapter(model).find(id)).toBeUndefined();
    }
    expect(await new one.Adapter('Session').find('s-else')).toBeDefined();
  });

  it('keeps entries without a lifetime until they are destroyed', async () => {
    const [one] = stores();
    await new one.Adapter('Client').upsert('forever', { client_id: 'forever' });
    expect(await a.ttl(`${prefix}oidc:Client:forever`)).toBe(-1);
    await new one.Adapter('Client').destroy('forever');
    expect(await new one.Adapter('Client').find('forever')).toBeUndefined();
  });
});

describe('provider signing keys in Redis', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'elp-keys-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('gives every process and machine the same keys: the first one to start puts them there', async () => {
    const keyPrefix = `${prefix}keys-${randomUUID()}:`;
    const [first, second] = await Promise.all([loadSigningKeys(dir(), undefined, { redis: a, prefix: keyPrefix }), loadSigningKeys(dir(), undefined, { redis: b, prefix: keyPrefix })]);
    expect(first.source).toBe('redis');
    expect(first.publicKeys).toEqual(second.publicKeys);
    expect(first.keys[0]).toHaveProperty('d');
    expect(first.publicKeys[0]).not.toHaveProperty('d');
  });

  it("takes a machine's existing key file there, so tokens it signed stay valid", async () => {
    const keyPrefix = `${prefix}keys-${randomUUID()}:`;
    const own = dir();
    const local = await loadSigningKeys(own);
    expect(local.source).toBe('generated');
    const shared = await loadSigningKeys(own, undefined, { redis: a, prefix: keyPrefix });
    const elsewhere = await loadSigningKeys(dir(), undefined, { redis: b, prefix: keyPrefix });
    expect(shared.publicKeys).toEqual(local.publicKeys);
    expect(elsewhere.publicKeys).toEqual(local.publicKeys);
  });

  it('prefers PROVIDER_JWKS, and refuses a damaged key file rather than sharing it', async () => {
    const keyPrefix = `${prefix}keys-${randomUUID()}:`;
    const env = (await loadSigningKeys(dir())).keys;
    const fromEnv = await loadSigningKeys(dir(), JSON.stringify({ keys: env }), { redis: a, prefix: keyPrefix });
    expect(fromEnv.source).toBe('env');
    expect(await a.exists(`${keyPrefix}provider:jwks`)).toBe(0);
    const damaged = dir();
    writeFileSync(join(damaged, KEYS_FILE), '{ not json');
    await expect(loadSigningKeys(damaged, undefined, { redis: a, prefix: keyPrefix })).rejects.toThrow(/not valid JSON/);
    expect(await a.exists(`${keyPrefix}provider:jwks`)).toBe(0);
  });
});
