// The local session's token, kept in browser storage under AV_TOKEN (spec §3).

export const LOCAL_TOKEN_KEY = 'AV_TOKEN';

export type LocalTokenStore = {
  read: () => string | null;
  write: (token: string) => void;
  clear: () => void;
};

/** Storage can throw (disabled cookies, private modes, quota): then there is no local session. */
export function createLocalTokenStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined): LocalTokenStore {
  return {
    read: () => {
      try {
        return storage?.getItem(LOCAL_TOKEN_KEY) ?? null;
      } catch {
        return null;
      }
    },
    write: (token) => {
      try {
        storage?.setItem(LOCAL_TOKEN_KEY, token);
      } catch (error) {
        console.error('Could not keep the sign-in token', error);
      }
    },
    clear: () => {
      try {
        storage?.removeItem(LOCAL_TOKEN_KEY);
      } catch {
        // Nothing stored is nothing to clear.
      }
    },
  };
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The code of a token whose payload carries no expiry (auth.errors.ts words it as spec §8 does). */
export const INVALID_TOKEN_PAYLOAD = 'invalid_token_payload';

export const INVALID_TOKEN_PAYLOAD_MESSAGE = 'Invalid jwt payload. Missing exp field.';

/** Spec §5, §8: an access token payload must carry an expiry; `error` is its code, as the identity library's errors carry one. */
const invalidTokenPayload = () => Object.assign(new Error(INVALID_TOKEN_PAYLOAD_MESSAGE), { error: INVALID_TOKEN_PAYLOAD });

/**
 * The `exp` of a JWT in epoch milliseconds, read without verifying it: the server verifies, the
 * client only wants to know when asking again is pointless. A token whose payload cannot be read
 * or has no numeric `exp` throws spec §8's error: such a token is never used (spec §5).
 */
export function readJwtExpiry(token: string): number {
  const payload = token.split('.')[1];
  let claims: unknown = null;
  try {
    claims = payload ? JSON.parse(decodeBase64Url(payload)) : null;
  } catch {
    // Not a token's payload: below.
  }
  const exp = typeof claims === 'object' && claims !== null && 'exp' in claims ? claims.exp : undefined;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw invalidTokenPayload();
  return exp * 1000;
}
