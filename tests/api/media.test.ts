import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ACCOUNTS, loadWorld } from '../support/world.ts';
import { parseSvg } from '../support/svg.ts';
import { createMediaUrls } from '../../server/media/signed-urls.ts';

/**
 * The posters, thumbnails and captions of the seeded catalogue: each item's are its own (drawn
 * from its title), they are safe for any title, and the demo clips carry no title at all. The
 * clips and captions are paid content: served to signed addresses only, byte ranges included.
 */
type Item = { id: string; publicId: string; title: string; resourceType: string; thumbnailUrl: string | null };
type Video = { url: string; posterUrl: string | null; captions: { src: string; srclang: string; default: boolean }[]; durationSeconds: number };

let t: TestApp;
let user: string;
let items: Item[];
/** Addresses signed as the server signs them (its secret), for files no operation hands out here. */
let signer: ReturnType<typeof createMediaUrls>;
const publicDir = fileURLToPath(new URL('../../public', import.meta.url));

beforeAll(async () => {
  // The demo clips are served from the built app's folder; public/ holds the same files.
  t = await createTestApp({ env: { STATIC_DIR: publicDir } });
  user = (await loadWorld(t)).tokens.user;
  signer = createMediaUrls({ secret: t.config.localTokens.secret, ttlSeconds: 3600 });
  items = [];
  for (let offset = 0; ; offset += 100) {
    const page = await t.request(user, { method: 'GET', url: `/api/catalog/items?limit=100&offset=${offset}&sortBy=title&sortOrder=ASC` });
    expect(page.statusCode).toBe(200);
    const got = page.json<{ items: Item[] }>().items;
    items.push(...got);
    if (got.length < 100) break;
  }
});
afterAll(() => t?.close());

/** The text of the first cue of a WebVTT file, entities decoded. */
function firstCue(vtt: string) {
  const blocks = vtt.split(/\n\n+/);
  expect(blocks[0]).toBe('WEBVTT');
  const lines = blocks[1]!.split('\n');
  expect(lines[1]).toMatch(/^00:00:00\.000 --> \d\d:\d\d:\d\d\.\d{3}$/);
  return lines
    .slice(2)
    .join(' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function expectPoster(url: string, title: string, label: string) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=604800');
  expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  const svg = parseSvg(res.body);
  expect(svg.tagName).toBe('svg');
  expect(svg.getAttribute('viewBox')).toBe('0 0 640 360');
  expect(svg.getAttribute('width')).toBe('640');
  expect(svg.getAttribute('height')).toBe('360');
  expect(svg.getAttribute('role')).toBe('img');
  const first = svg.firstElementChild!;
  expect(first.tagName).toBe('title');
  expect(first.textContent).toBe(title);
  expect([...svg.querySelectorAll('text')].map((e) => e.textContent)).toContain(label);
  return res;
}

describe('posters and thumbnails', () => {
  it('gives every item of the catalogue a thumbnail of its own, titled with its own title', async () => {
    const kinds = new Map<string, number>();
    for (const item of items) kinds.set(item.resourceType, (kinds.get(item.resourceType) ?? 0) + 1);
    expect(kinds.get('LEARNING_OBJECT')).toBeGreaterThanOrEqual(150);
    expect(kinds.get('LIVESTREAM')).toBeGreaterThanOrEqual(5);
    expect(kinds.get('PLAYLIST')).toBeGreaterThanOrEqual(5);

    const urls = items.map((i) => i.thumbnailUrl);
    expect(urls.every((u) => typeof u === 'string' && u.startsWith('/media/posters/'))).toBe(true);
    expect(new Set(urls).size).toBe(items.length);

    const label = { LEARNING_OBJECT: 'STRATEGY', LIVESTREAM: 'LIVESTREAM', PLAYLIST: 'PLAYLIST' } as Record<string, string>;
    const colours = new Set<string>();
    for (const item of items) {
      const res = await expectPoster(item.thumbnailUrl!, item.title, label[item.resourceType]!);
      colours.add(/stop-color="(#[0-9a-f]{6})"/.exec(res.body)![1]!);
    }
    // A colour per framework category and a shade per strand: the catalogue is not one colour.
    expect(colours.size).toBeGreaterThanOrEqual(6);
  }, 120_000);

  it('answers a second request from the browser cache with 304', async () => {
    const url = items[0]!.thumbnailUrl!;
    const first = await get(url);
    const again = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('escapes titles: markup, ampersands and quotes stay text', async () => {
    const title = `Tricky <script>alert("x")</script> & 'quotes' ]]> <!-- \u0001`;
    const publicId = `tricky-${randomUUID().slice(0, 8)}`;
    await t.query(sql`insert into catalog_items (public_id, resource_type, title, thumbnail_url) values (${publicId}, 'PLAYLIST', ${title}, ${`/media/posters/${publicId}.svg`})`);
    const res = await expectPoster(`/media/posters/${publicId}.svg`, title.replace('\u0001', '').trim(), 'PLAYLIST');
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('Tricky &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quotes&apos; ]]&gt; &lt;!--');
    const svg = parseSvg(res.body);
    expect(svg.querySelectorAll('script')).toHaveLength(0);
    // Every attribute value is one of the generator's own (no title leaks into an attribute).
    for (const el of svg.querySelectorAll('*')) for (const attr of el.attributes) expect(attr.value).not.toContain('Tricky');
  });

  it('answers unknown or malformed poster names with 404, never 500', async () => {
    for (const name of ['no-such-item.svg', 'no-such-item.png', `${items[0]!.publicId}.png`, `${items[0]!.publicId}`, '..%2F..%2Fetc%2Fpasswd.svg', `${'a'.repeat(500)}.svg`, 'x%20y.svg', '.svg']) {
      const res = await get(`/media/posters/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // A NUL in the path is refused by the router itself, as bad input.
    const nul = await get('/media/posters/%00.svg');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBeTypeOf('string');
  });
});

describe('videos and captions', () => {
  it('plays a title-free demo clip with the item’s own poster and captions, first cue its title', async () => {
    const withVideo = items.filter((i) => i.resourceType !== 'PLAYLIST');
    const clipUrls = new Set<string>();
    const slugs = new Set(items.map((i) => i.publicId));
    let videos = 0;
    for (const item of withVideo) {
      const res = await t.request(user, { method: 'GET', url: `/api/catalog/items/${item.id}/video` });
      if (item.resourceType === 'LIVESTREAM' && res.statusCode === 404) continue; // not recorded (yet)
      expect(res.statusCode, item.title).toBe(200);
      const video = res.json<Video>();
      videos++;
      const clipPath = video.url.split('?')[0]!;
      clipUrls.add(clipPath);
      // The shared clips are neutral: named as demo clips, never after an item.
      const clip = /^\/media\/videos\/(demo-clip-\d+)\.webm$/.exec(clipPath);
      expect(clip, video.url).not.toBeNull();
      expect(slugs.has(clip![1]!)).toBe(false);
      expect(existsSync(`${publicDir}${clipPath}`)).toBe(true);

      expect(video.posterUrl).toBe(item.thumbnailUrl);
      expect(video.captions).toHaveLength(1);
      expect(video.captions[0]).toMatchObject({ srclang: 'en', default: true });
      const vtt = await get(video.captions[0]!.src);
      expect(vtt.statusCode, video.captions[0]!.src).toBe(200);
      expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(vtt.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(firstCue(vtt.body)).toBe(item.title);
      // The last cue ends with the clip.
      const ends = [...vtt.body.matchAll(/--> (\d\d):(\d\d):(\d\d\.\d{3})/g)].map((m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]));
      expect(ends.at(-1)).toBeCloseTo(video.durationSeconds, 2);
    }
    expect(videos).toBeGreaterThanOrEqual(154);
    expect(clipUrls.size).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('escapes captions and has none for items without a video or unknown names', async () => {
    const [row] = await t.query<{ id: string }>(sql`select id::text as id from videos limit 1`);
    const publicId = `tricky-${randomUUID().slice(0, 8)}`;
    const title = 'Cue --> <b>bold</b> & more';
    await t.query(sql`insert into catalog_items (public_id, resource_type, title, description, video_id) values (${publicId}, 'LEARNING_OBJECT', ${title}, ${'Line one.\n\nLine --> two & <i>three</i>.'}, ${row!.id}::uuid)`);
    const vtt = await get(signer.sign(`/media/captions/${publicId}.en.vtt`, randomUUID()));
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).not.toMatch(/<[a-z]/);
    expect(vtt.body.match(/-->/g)!.length).toBe(vtt.body.match(/^\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}$/gm)!.length);
    expect(firstCue(vtt.body)).toBe(title);

    const playlist = items.find((i) => i.resourceType === 'PLAYLIST')!;
    for (const name of [`${playlist.publicId}.en.vtt`, 'no-such-item.en.vtt', `${items[0]!.publicId}.vtt`, `${items[0]!.publicId}.fr.vtt`, '%2e%2e.en.vtt']) {
      const res = await get(signer.sign(`/media/captions/${name}`, randomUUID()));
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('paid media: signed addresses', () => {
  const userIdOf = async (email: string) => (await t.query<{ id: string }>(sql`select id::text as id from users where email = ${email}`))[0]!.id;
  const withVideo = () => items.find((i) => i.resourceType === 'LEARNING_OBJECT')!;
  async function videoFor(token: string) {
    const res = await t.request(token, { method: 'GET', url: `/api/catalog/items/${withVideo().id}/video` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Video>();
  }
  const expectRefused = (res: Awaited<ReturnType<typeof get>>, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
  };

  it("hands an entitled learner addresses signed for them; the poster stays public", async () => {
    const video = await videoFor(user);
    const educator = await userIdOf(ACCOUNTS.educator);
    for (const address of [video.url, video.captions[0]!.src]) {
      const url = new URL(address, 'http://x');
      expect(url.pathname).toMatch(/^\/media\/(videos|captions)\//);
      expect(Object.fromEntries(url.searchParams)).toEqual({ expires: expect.stringMatching(/^\d+$/), user: educator, signature: expect.stringMatching(/^[\w-]{43}$/) });
    }
    // Valid for hours: a long video with pauses and seeks plays to its end on one address.
    const left = Number(new URL(video.url, 'http://x').searchParams.get('expires')) - Date.now() / 1000;
    expect(left).toBeGreaterThan(6 * 3600 - 60);
    expect(left).toBeLessThan(6 * 3600 + 660);
    expect(video.posterUrl).toBe(withVideo().thumbnailUrl);
    expect((await get(video.posterUrl!)).statusCode).toBe(200);
  });

  it('serves a signed video whole and in byte ranges (206), as a player seeks', async () => {
    const video = await videoFor(user);
    const whole = await get(video.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const size = whole.rawPayload.length;
    expect(Number(whole.headers['content-length'])).toBe(size);
    expect(size).toBeGreaterThan(10_000);

    const middle = await get(video.url, { range: 'bytes=1000-1999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${size}`);
    expect(middle.rawPayload.equals(whole.rawPayload.subarray(1000, 2000))).toBe(true);
    const tail = await get(video.url, { range: `bytes=${size - 100}-` });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 100))).toBe(true);
    expect((await get(video.url, { range: `bytes=${size}-` })).statusCode).toBe(416);
    expect((await get(video.url, { 'if-none-match': whole.headers.etag as string })).statusCode).toBe(304);
  });

  it('refuses the files without a signature, with another user, another file or a changed expiry, and once expired', async () => {
    const video = await videoFor(user);
    const signed = new URL(video.url, 'http://x');
    const clip = signed.pathname;
    const captions = new URL(video.captions[0]!.src, 'http://x').pathname;
    const other = await userIdOf(ACCOUNTS.subscriber);
    const changed = (name: string, value: string) => {
      const url = new URL(signed);
      url.searchParams.set(name, value);
      return `${url.pathname}${url.search}`;
    };
    for (const path of [clip, captions]) expectRefused(await get(path), 403, 'MEDIA_SIGNATURE_REQUIRED');
    expectRefused(await get(`${clip}?expires=9999999999&user=${other}`), 403, 'MEDIA_SIGNATURE_REQUIRED');
    // The subscriber's id on the educator's address, a later expiry, another file's path, a broken signature.
    expectRefused(await get(changed('user', other)), 403, 'MEDIA_SIGNATURE_INVALID');
    expectRefused(await get(changed('expires', String(Number(signed.searchParams.get('expires')) + 86_400))), 403, 'MEDIA_SIGNATURE_INVALID');
    expectRefused(await get(changed('expires', 'soon')), 403, 'MEDIA_SIGNATURE_INVALID');
    expectRefused(await get(changed('signature', 'x')), 403, 'MEDIA_SIGNATURE_INVALID');
    expectRefused(await get(`${captions}${signed.search}`), 403, 'MEDIA_SIGNATURE_INVALID');
    const otherClip = clip === '/media/videos/demo-clip-1.webm' ? '/media/videos/demo-clip-2.webm' : '/media/videos/demo-clip-1.webm';
    expectRefused(await get(`${otherClip}${signed.search}`), 403, 'MEDIA_SIGNATURE_INVALID');
    // Signed as the server does, in 1970: long expired, whatever today is.
    const expired = createMediaUrls({ secret: t.config.localTokens.secret, ttlSeconds: 6 * 3600, now: () => 0 });
    for (const path of [clip, captions]) expectRefused(await get(expired.sign(path, other), { range: 'bytes=0-99' }), 403, 'MEDIA_LINK_EXPIRED');
    // Another secret's signature (another deployment) is no signature of this one.
    const foreign = createMediaUrls({ secret: new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'), ttlSeconds: 3600 });
    expectRefused(await get(foreign.sign(clip, other)), 403, 'MEDIA_SIGNATURE_INVALID');
    // An unknown clip is still a 404 to a signed address.
    expectRefused(await get(signer.sign('/media/videos/no-such-clip.webm', other)), 404, 'NOT_FOUND');
    expectRefused(await get(signer.sign('/media/videos/..%2F..%2Fpackage.json', other)), 404, 'NOT_FOUND');
  });

  it('gives no address to whoever has no access, in the words of the paid-content rule', async () => {
    for (const [email, message] of [
      [ACCOUNTS.noAccess, 'An active subscription is required'],
      [ACCOUNTS.lapsed, "Your organization's subscription has expired"],
    ] as const) {
      const res = await t.request(await t.login(email), { method: 'GET', url: `/api/catalog/items/${withVideo().id}/video` });
      expect(res.statusCode, email).toBe(403);
      expect(res.json(), email).toEqual({ error: { code: 'SUBSCRIPTION_REQUIRED', message } });
      expect(res.body).not.toContain('/media/');
    }
  });

  it('never writes a signature to the log', async () => {
    const video = await videoFor(user);
    const signature = new URL(video.url, 'http://x').searchParams.get('signature')!;
    const before = t.logs.length;
    expect((await get(video.url, { range: 'bytes=0-9' })).statusCode).toBe(206);
    const lines = t.logs.slice(before).join('');
    expect(lines).toContain('/media/videos/');
    expect(lines).toContain('signature=[redacted]');
    expect(lines).not.toContain(signature);
  });
});
