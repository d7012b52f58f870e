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

/**
 * The `exp` of a JWT in epoch milliseconds, read without verifying it: the server verifies, the
 * client only wants to know when asking again is pointless. Null when there is none to read.
 */
export function readJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}
