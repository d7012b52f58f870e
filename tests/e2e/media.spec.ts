import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInLocally } from './support';

// Reads only: any full account will do.
const EDUCATOR = 'educator01@northwind.example.org';

/** What the browser made of the page's video: its poster (loaded as an image) and its captions. */
async function videoMedia(page: Page) {
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await expect(video.locator('track[default]')).toHaveCount(1);
  return video.evaluate(async (el: HTMLVideoElement) => {
    const poster = new Image();
    poster.src = el.poster;
    await poster.decode();
    const track = el.textTracks[0]!;
    if (track.mode === 'disabled') track.mode = 'hidden';
    const trackEl = el.querySelector('track')!;
    // The cues are there once the track element has loaded (readyState 2).
    for (let i = 0; i < 100 && trackEl.readyState !== 2; i++) await new Promise((r) => setTimeout(r, 100));
    return {
      poster: el.poster,
      posterSize: [poster.naturalWidth, poster.naturalHeight],
      firstCue: (track.cues?.[0] as VTTCue | undefined)?.text ?? null,
      src: el.currentSrc || el.querySelector('source')?.src || el.src,
    };
  });
}

test('a strategy’s video shows its own title on its poster and in its first caption', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  const seen = new Set<string>();
  // The page asks for the video's source with the item, and the player takes that answer.
  const sources: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/catalog\/items\/[^/]+\/video$/.test(new URL(request.url()).pathname)) sources.push(request.url());
  });
  for (const [publicId, title] of [
    ['routine-rehearsal', 'Routine Rehearsal'],
    ['i-can-statement-rewrite', 'I Can Statement Rewrite'],
  ] as const) {
    sources.length = 0;
    await page.goto(`/learning-objects/${publicId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const media = await videoMedia(page);
    expect(sources, 'the video source is asked for once').toHaveLength(1);
    expect(new URL(media.poster).pathname).toBe(`/media/posters/${publicId}.svg`);
    expect(media.posterSize).toEqual([640, 360]);
    expect(media.firstCue).toBe(title);
    // Paid content: the clip plays from an address signed for this educator, and not without it.
    expect(media.src).toMatch(/\/media\/videos\/demo-clip-\d+\.webm\?expires=\d+&user=[\w-]+&signature=[\w-]+$/);
    const unsigned = await page.request.get(media.src.split('?')[0]!, { headers: { range: 'bytes=0-99' } });
    expect(unsigned.status()).toBe(403);
    expect((await unsigned.json()).error.code).toBe('MEDIA_SIGNATURE_REQUIRED');
    const seek = await page.request.get(media.src, { headers: { range: 'bytes=1000-1999' } });
    expect(seek.status()).toBe(206);
    // The poster document is named by the same title.
    const svg = await page.request.get(media.poster);
    expect(svg.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(await svg.text()).toContain(`<title id="poster-title">${title}</title>`);
    seen.add(media.poster);
  }
  expect(seen.size).toBe(2);
  await expectAccessible(page);
});

test('a recorded livestream’s video is titled as the session', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await page.goto('/livestreams/feedback-students-actually-use');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback Students Actually Use' })).toBeVisible();
  const media = await videoMedia(page);
  expect(new URL(media.poster).pathname).toBe('/media/posters/feedback-students-actually-use.svg');
  expect(media.firstCue).toBe('Feedback Students Actually Use');
  await expectAccessible(page);
});
