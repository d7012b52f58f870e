import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInLocally } from './support';

// The strategy page's player: the transcript built from the captions (follows, seeks, searches),
// the guide's steps as chapters, the keyboard shortcuts, and the playback speed: remembered for
// the learner alone, and credited by the server as watched time at up to 2×. Each test signs in
// an educator no other spec uses, so what it watched and chose is its own.

const STRATEGY = '/learning-objects/concept-carousel';

const video = (page: Page) => page.locator('video');
const videoTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
const transcript = (page: Page) => page.getByRole('list', { name: 'Transcript of the video' });
const matchCount = (page: Page) => page.locator('#transcript-match-count');
/** The transcript's line holding the current match. */
const currentMatchLine = (page: Page) => transcript(page).getByRole('button').filter({ has: page.locator('mark[data-current="true"]') });

async function openStrategy(page: Page, email: string) {
  await signInLocally(page, email, STRATEGY);
  await expect(page.getByRole('heading', { level: 1, name: 'Concept Carousel' })).toBeVisible();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await expect(transcript(page).getByRole('button').first()).toBeVisible();
}

/** Where the video is as a seek leaves it (paused, so the time stays put while the test reads it). */
async function seekTo(page: Page, seconds: number) {
  await video(page).evaluate(async (v: HTMLVideoElement, at: number) => {
    v.pause();
    v.currentTime = at;
    await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
  }, seconds);
}

test('the transcript is the captions: it follows the video, seeks where a line is clicked, and its chapters are the guide’s steps', async ({ page }) => {
  await openStrategy(page, 'educator14@northwind.example.org');
  const lines = transcript(page).getByRole('button');
  // The captions' cues, in order, with their times: the title first, then the description and steps.
  await expect(lines.first()).toHaveText(/^0:00\s*Concept Carousel$/);
  await expect(lines.filter({ hasText: 'Step 1: Hang four or five posters' })).toHaveCount(1);

  // Following along: the line being spoken is marked as the current one.
  await seekTo(page, 15);
  const current = transcript(page).locator('[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Step 2: Give each group a different coloured marker.');

  // A line clicked seeks there.
  await lines.filter({ hasText: 'Step 4' }).click();
  // At the line's own time, which the transcript shows to the second (0:20).
  await expect.poll(async () => Math.floor(await videoTime(page))).toBe(20);
  await expect(current).toContainText('Step 4');

  // The chapters: one per step of the guide, each starting where the captions read it out.
  const chapters = page.getByRole('navigation', { name: 'Chapters' }).getByRole('button');
  await expect(chapters).toHaveCount(4);
  await chapters.filter({ hasText: 'Step 2' }).click();
  await expect.poll(async () => Math.floor(await videoTime(page))).toBe(14);
  await expect(chapters.filter({ hasText: 'Step 2' })).toHaveAttribute('aria-current', 'true');

  // Follow along switched off: seeking far away leaves the transcript's scroll where it was.
  await page.setViewportSize({ width: 375, height: 800 });
  await seekTo(page, 0);
  await expect.poll(() => transcript(page).evaluate((el) => el.scrollTop)).toBeLessThan(5);
  await page.getByRole('checkbox', { name: 'Follow along' }).uncheck();
  await seekTo(page, 21);
  await expect(current).toContainText('Step 4');
  await page.waitForTimeout(500);
  expect(await transcript(page).evaluate((el) => el.scrollTop)).toBeLessThan(5);
  // Switched on again, it scrolls to the line being spoken.
  await page.getByRole('checkbox', { name: 'Follow along' }).check();
  await seekTo(page, 21.5);
  await expect.poll(() => transcript(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(20);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page);
  }
});

test('the transcript’s search counts its matches, moves between them with Enter and Shift+Enter, and Escape clears it', async ({ page }) => {
  await openStrategy(page, 'educator14@northwind.example.org');
  const search = page.getByRole('searchbox', { name: 'Search the transcript' });
  await search.fill('step');
  await expect(matchCount(page)).toHaveText('1 of 4');
  const marked = transcript(page).locator('mark[data-current="true"]');
  await expect(marked).toHaveCount(1);
  await expect(currentMatchLine(page)).toContainText('Step 1');
  await search.press('Enter');
  await expect(matchCount(page)).toHaveText('2 of 4');
  await expect(currentMatchLine(page)).toContainText('Step 2');
  await search.press('Shift+Enter');
  await search.press('Shift+Enter');
  // Before the first is the last.
  await expect(matchCount(page)).toHaveText('4 of 4');
  await page.getByRole('button', { name: 'Next match' }).click();
  await expect(matchCount(page)).toHaveText('1 of 4');
  await search.fill('whiteboard');
  await expect(matchCount(page)).toHaveText('No matches');
  await expect(page.getByRole('button', { name: 'Next match' })).toBeDisabled();
  await search.fill('STEP 3');
  await expect(matchCount(page)).toHaveText('1 of 1');
  await expectAccessible(page);
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(matchCount(page)).toHaveText('');
  await expect(transcript(page).locator('mark')).toHaveCount(0);
});

test('the keyboard plays, pauses, moves 5 and 10 seconds and switches captions; ? lists the keys', async ({ page }) => {
  await openStrategy(page, 'educator14@northwind.example.org');
  await video(page).evaluate((v: HTMLVideoElement) => (v.muted = true));
  await seekTo(page, 10);
  // Nothing in particular has the focus: the keys are the player's.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('l');
  await expect.poll(() => videoTime(page)).toBeCloseTo(20, 0);
  await page.keyboard.press('j');
  await expect.poll(() => videoTime(page)).toBeCloseTo(10, 0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => videoTime(page)).toBeCloseTo(15, 0);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => videoTime(page)).toBeCloseTo(10, 0);
  await page.keyboard.press('Space');
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await page.keyboard.press('k');
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const captions = () => video(page).evaluate((v: HTMLVideoElement) => v.textTracks[0]!.mode);
  // The browser shows the default captions by itself once they load.
  await expect.poll(captions).toBe('showing');
  await page.keyboard.press('c');
  expect(await captions()).toBe('hidden');
  // Hidden captions still make the transcript.
  await expect(transcript(page).getByRole('button').first()).toBeVisible();
  await page.keyboard.press('c');
  expect(await captions()).toBe('showing');

  // Typing in the transcript's search is typing, not shortcuts.
  const before = await videoTime(page);
  await page.getByRole('searchbox', { name: 'Search the transcript' }).fill('');
  await page.getByRole('searchbox', { name: 'Search the transcript' }).press('l');
  await expect(page.getByRole('searchbox', { name: 'Search the transcript' })).toHaveValue('l');
  // (A paused video's time can still settle by a few milliseconds; an L would have moved it 10 s.)
  expect(await videoTime(page)).toBeCloseTo(before, 0);

  // The list of keys: with ? or the Shortcuts button; Escape closes it and the focus comes back.
  await page.getByRole('searchbox', { name: 'Search the transcript' }).press('Escape');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Back 10 seconds');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Shortcuts' })).toBeFocused();
});

test('the speed is remembered for the learner alone, and the server credits what 2× really played', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await openStrategy(page, 'educator15@northwind.example.org');
  const speed = page.getByRole('combobox', { name: 'Speed' });
  await expect(speed).toHaveValue('1');
  await speed.selectOption('2');
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);

  // Played at 2× from the start for 12 s of the 24 s clip (about 6 s of real time), then paused.
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = 0;
    await v.play();
  });
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(12);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  const reached = await videoTime(page);
  // The server's own figure: every second played counts, none beyond where the video got.
  const token = await page.evaluate(() => localStorage.getItem('AV_TOKEN') ?? '');
  const itemId = await page.evaluate(async (t) => {
    const response = await fetch('/api/catalog/items/concept-carousel', { headers: { authorization: `Bearer ${t}` } });
    return ((await response.json()) as { id: string }).id;
  }, token);
  const credited = async () => {
    const response = await page.request.get('/api/progress', { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { catalogItemsProgress: { catalogItemId: string; videoProgress: number }[] };
    return body.catalogItemsProgress.find((p) => p.catalogItemId === itemId)?.videoProgress ?? 0;
  };
  await expect.poll(credited, { timeout: 20_000 }).toBeGreaterThan(40);
  expect(await credited()).toBeLessThanOrEqual(Math.ceil((reached / 24) * 100) + 1);

  // Back another day: still 2×.
  await page.reload();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await expect(speed).toHaveValue('2');
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);

  // Another teacher on the same browser starts at the usual speed.
  await page.evaluate(() => localStorage.removeItem('AV_TOKEN'));
  await signInLocally(page, 'educator16@northwind.example.org', STRATEGY);
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await expect(page.getByRole('combobox', { name: 'Speed' })).toHaveValue('1');
  await context.close();
});

test('a past livestream’s recording has the transcript too', async ({ page }) => {
  await signInLocally(page, 'educator14@northwind.example.org', '/livestreams');
  await page.getByRole('list', { name: 'Past livestreams' }).getByRole('listitem').first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  const first = transcript(page).getByRole('button').first();
  await expect(first).toContainText('0:00');
  await expect(page.getByRole('combobox', { name: 'Speed' })).toBeVisible();

  // Opened from a search hit in its words (`?t=`), the recording starts at that line.
  await page.goto(`${new URL(page.url()).pathname}?t=10`);
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(10);
});
