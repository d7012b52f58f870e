import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../errors.ts';

/**
 * The files of paid content the server serves itself: the seeded clips, the admin site's uploads
 * (uploaded posters stay public: server/routes/media.ts) and the generated captions. Addresses
 * elsewhere (another host's video, the generated posters) are left as they are.
 */
const PAID_FILES = /^\/media\/(?:videos|uploads|captions)\//;

/** The query parameters of a signed address; `signature` is kept out of the request log (server/logging.ts). */
const SIGNED_PARAMS = { expires: 'expires', user: 'user', signature: 'signature' } as const;

/**
 * Signed addresses of one window are the same address, so a browser's cache keeps a file (and a
 * player asking again gets the same address) while it lasts; each is valid for the lifetime plus
 * what is left of its window.
 */
const WINDOW_S = 600;

const BASE = 'http://media.invalid';

export type MediaUrls = ReturnType<typeof createMediaUrls>;

const refused = (code: string, message: string) => new HttpError(403, code, message);

/**
 * Short-lived addresses of paid media: `<path>?expires=<unix s>&user=<id>&signature=<HMAC>`, the
 * HMAC-SHA256 of path, expiry and user id under a key derived from the server's token secret
 * (every process of a deployment shares it). Handed out only by operations the paid-access policy
 * guards (GET /catalog/items/{id}/video), checked by the media routes on every request, byte
 * ranges included: a `<video>` element cannot send a bearer token. Expiry reads the real clock,
 * like every credential (server/clock.ts).
 */
export function createMediaUrls({ secret, ttlSeconds, now = Date.now }: { secret: Uint8Array; ttlSeconds: number; now?: () => number }) {
  const key = createHmac('sha256', secret).update('media-urls').digest();
  const mac = (path: string, expires: number, userId: string) => createHmac('sha256', key).update(`${path}\n${expires}\n${userId}`).digest();

  return {
    /** The address of a paid file for this user, valid for the lifetime; any other address as it is. */
    sign(address: string, userId: string): string {
      if (!PAID_FILES.test(address)) return address;
      const url = new URL(address, BASE);
      const expires = (Math.floor(now() / 1000 / WINDOW_S) + 1) * WINDOW_S + ttlSeconds;
      url.searchParams.set(SIGNED_PARAMS.expires, String(expires));
      url.searchParams.set(SIGNED_PARAMS.user, userId);
      url.searchParams.set(SIGNED_PARAMS.signature, mac(url.pathname, expires, userId).toString('base64url'));
      return `${url.pathname}${url.search}`;
    },

    /**
     * The seconds a request's signed address still has, or why it is refused (403): no
     * signature, another path's or another user's (a changed letter), or past its expiry.
     */
    check(requestUrl: string): number {
      const url = new URL(requestUrl, BASE);
      const [expires, user, signature] = [SIGNED_PARAMS.expires, SIGNED_PARAMS.user, SIGNED_PARAMS.signature].map((name) => url.searchParams.get(name));
      if (!expires || !user || !signature) {
        throw refused('MEDIA_SIGNATURE_REQUIRED', 'This file is for subscribers: open its item in the app to play or download it');
      }
      const given = Buffer.from(signature, 'base64url');
      const expected = /^\d{1,12}$/.test(expires) ? mac(url.pathname, Number(expires), user) : null;
      if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw refused('MEDIA_SIGNATURE_INVALID', 'This link to the file is not valid: open its item in the app again');
      }
      const left = Number(expires) - Math.floor(now() / 1000);
      if (left <= 0) throw refused('MEDIA_LINK_EXPIRED', 'This link to the file has expired: open its item in the app again');
      return left;
    },
  };
}
