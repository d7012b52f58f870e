import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets the product keeps for a district (an identity provider's or a roster endpoint's client
// secret) are stored sealed: AES-256-GCM under a key derived from LOCAL_TOKEN_SECRET, so a copy
// of the database alone does not give them away. They are never sent back by the API.

const VERSION = 'v1';

function keyOf(secret: Uint8Array) {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'elp sealed secrets v1', 32));
}

export type Sealer = { seal: (plain: string) => string; open: (sealed: string) => string };

export function sealer(secret: Uint8Array): Sealer {
  const key = keyOf(secret);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
