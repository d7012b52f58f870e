import { hkdfSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';

/** File in DATA_DIR holding the provider's private signing keys (generated on first start). */
export const KEYS_FILE = 'provider-keys.json';

export type SigningKeys = {
  /** Private JWKs (RSA, with kid, alg RS256 and use sig) for oidc-provider's `jwks`. */
  keys: JWK[];
  /** The public halves, as published at /.well-known/jwks.json. */
  publicKeys: JWK[];
  /** Where the keys came from, for the start-up log. */
  source: 'env' | 'file' | 'generated' | 'redis';
};

/** Where the keys are shared when Redis is configured and PROVIDER_JWKS is not: every process and machine signs with them. */
export type SharedKeyStore = { redis: Redis; prefix: string };

/** The Redis key (after the deployment's prefix) holding the generated keys. */
export const SHARED_KEYS = 'provider:jwks';

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

export class ProviderKeysError extends Error {}

/**
 * The provider's RS256 signing keys: from `PROVIDER_JWKS` (a JWKS JSON, or a JSON array of
 * JWKs) when given; else, with Redis, the deployment's keys kept there (the first process to
 * start puts this machine's key file, or a new key, there; every later one, on any machine,
 * takes those); else from DATA_DIR/provider-keys.json, generated there on first start so
 * tokens stay valid across restarts.
 */
export async function loadSigningKeys(dataDir: string, envJwks?: string, shared?: SharedKeyStore): Promise<SigningKeys> {
  if (envJwks && envJwks.trim()) {
    return { ...(await normalise(parseJwks(envJwks, 'PROVIDER_JWKS'))), source: 'env' };
  }
  const file = join(dataDir, KEYS_FILE);
  if (shared) {
    const key = `${shared.prefix}${SHARED_KEYS}`;
    let stored = await shared.redis.get(key);
    if (!stored) {
      const own = existsSync(file) ? readFileSync(file, 'utf8') : JSON.stringify({ keys: [await generateKey()] });
      await normalise(parseJwks(own, file));
      // Only the first writer wins; everyone then reads what won.
      await shared.redis.set(key, own, 'NX');
      stored = await shared.redis.get(key);
      if (!stored) throw new ProviderKeysError(`the provider's signing keys could not be kept in Redis (${key})`);
    }
    return { ...(await normalise(parseJwks(stored, `Redis key ${key}`))), source: 'redis' };
  }
  if (existsSync(file)) {
    return { ...(await normalise(parseJwks(readFileSync(file, 'utf8'), file))), source: 'file' };
  }
  const key = await generateKey();
  mkdirSync(dataDir, { recursive: true });
  // Written aside and renamed, so a crash never leaves half a key file behind.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ keys: [key] }, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return { ...(await normalise([key])), source: 'generated' };
}

/**
 * Puts the keys this process signs with back into Redis whenever it reconnects and finds them
 * gone (a Redis restarted without its data): a process started later then takes these keys
 * rather than making new ones that the running processes do not sign with. Returns the stop.
 */
export function keepSharedKeys(shared: SharedKeyStore, keys: SigningKeys): () => void {
  const key = `${shared.prefix}${SHARED_KEYS}`;
  const text = JSON.stringify({ keys: keys.keys });
  const restore = () => void shared.redis.set(key, text, 'NX').catch(() => {});
  shared.redis.on('ready', restore);
  return () => void shared.redis.off('ready', restore);
}

async function generateKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

function parseJwks(text: string, origin: string): JWK[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProviderKeysError(`${origin} is not valid JSON`);
  }
  const keys = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown })?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new ProviderKeysError(`${origin} must be a JWKS ({"keys": [...]}) with at least one key`);
  return keys as JWK[];
}

async function normalise(keys: JWK[]): Promise<Omit<SigningKeys, 'source'>> {
  const complete: JWK[] = [];
  for (const key of keys) {
    if (key.kty !== 'RSA' || !key.n || !key.e || !key.d) throw new ProviderKeysError('provider signing keys must be private RSA keys (kty RSA with n, e and d)');
    if (key.alg && key.alg !== 'RS256') throw new ProviderKeysError(`provider signing keys must use RS256 (got ${key.alg})`);
    if (key.use && key.use !== 'sig') throw new ProviderKeysError(`provider signing keys must have use "sig" (got ${key.use})`);
    complete.push({ ...key, alg: 'RS256', use: 'sig', kid: key.kid ?? (await calculateJwkThumbprint(key)) });
  }
  const publicKeys = complete.map((key) => {
    const copy: Record<string, unknown> = { ...key };
    for (const member of PRIVATE_MEMBERS) delete copy[member];
    return copy as JWK;
  });
  return { keys: complete, publicKeys };
}

/** A jose key source over the provider's own public keys (no network round trip). */
export function localKeySet(keys: SigningKeys) {
  return createLocalJWKSet({ keys: keys.publicKeys });
}

/**
 * Cookie signing keys derived from the server secret (LOCAL_TOKEN_SECRET or the generated
 * development secret), so signed provider cookies survive restarts without another setting.
 */
export function deriveCookieKeys(secret: Uint8Array): string[] {
  const derived = hkdfSync('sha256', secret, 'educator-learning-platform', 'oidc-provider cookie keys', 32);
  return [Buffer.from(derived).toString('base64url')];
}
