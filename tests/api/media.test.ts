import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadWorld } from '../support/world.ts';
import { parseSvg } from '../support/svg.ts';

/**
 * The posters, thumbnails and captions of the seeded catalogue: each item's are its own (drawn
 * from its title), they are safe for any title, and the demo clips carry no title at all.
 */
type Item = { id: string; publicId: string; title: string; resourceType: string; thumbnailUrl: string | null };
type Video = { url: string; posterUrl: string | null; captions: { src: string; srclang: string; default: boolean }[]; durationSeconds: number };

let t: TestApp;
let user: string;
let items: Item[];
const publicDir = fileURLToPath(new URL('../../public', import.meta.url));

beforeAll(async () => {
  t = await createTestApp();
  user = (await loadWorld(t)).tokens.user;
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
      clipUrls.add(video.url);
      // The shared clips are neutral: named as demo clips, never after an item.
      const clip = /^\/media\/videos\/(demo-clip-\d+)\.webm$/.exec(video.url);
      expect(clip, video.url).not.toBeNull();
      expect(slugs.has(clip![1]!)).toBe(false);
      expect(existsSync(`${publicDir}${video.url}`)).toBe(true);

      expect(video.posterUrl).toBe(item.thumbnailUrl);
      expect(video.captions).toHaveLength(1);
      expect(video.captions[0]).toMatchObject({ srclang: 'en', default: true });
      const vtt = await get(video.captions[0]!.src);
      expect(vtt.statusCode, video.captions[0]!.src).toBe(200);
      expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(vtt.headers['cache-control']).toBe('public, max-age=604800');
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
    const vtt = await get(`/media/captions/${publicId}.en.vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).not.toMatch(/<[a-z]/);
    expect(vtt.body.match(/-->/g)!.length).toBe(vtt.body.match(/^\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}$/gm)!.length);
    expect(firstCue(vtt.body)).toBe(title);

    const playlist = items.find((i) => i.resourceType === 'PLAYLIST')!;
    for (const name of [`${playlist.publicId}.en.vtt`, 'no-such-item.en.vtt', `${items[0]!.publicId}.vtt`, `${items[0]!.publicId}.fr.vtt`, '%2e%2e.en.vtt']) {
      const res = await get(`/media/captions/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});
