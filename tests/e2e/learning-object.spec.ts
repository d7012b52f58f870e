import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, expectSnackbar, recordSnackbars, signInLocally, startPersonalizedDemo } from './support';

// A full account with no learning history, so the dashboard's lists change only with this test.
const EDUCATOR = 'free@example.org';

async function openStrategyFromCatalogue(page: Page): Promise<{ path: string; title: string }> {
  await page.goto('/catalog');
  const link = page.getByRole('list', { name: 'Catalogue results' }).locator('a[href*="/learning-objects/"]').first();
  await expect(link).toBeVisible();
  const title = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/learning-objects\/[^/?]+/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return { path: new URL(page.url()).pathname, title };
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The dashboard, as the learner opens it from the navbar and again after a reload. */
async function expectOnDashboard(page: Page, check: () => Promise<void>) {
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await check();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await check();
}

/** A react-aria radio: its input is visually hidden, the learner clicks its label (the star, the card). */
async function chooseRadio(radio: Locator) {
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

/** One step of the "My Progress" checklist, by its name. */
const progressStep = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Steps' }).getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

test('an educator watches, downloads, rates, scores, applies and saves a strategy', async ({ page }) => {
  test.setTimeout(150_000);
  await recordSnackbars(page);
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  const { path, title } = await openStrategyFromCatalogue(page);
  await expect(page.getByRole('tab', { name: 'Reflection rubric' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  // The video: captions on, then played through. Watched time only counts at up to 1.5× speed
  // (video-progress anti-skip rule), so it plays at 1.4×.
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await expect(video.locator('track[default]')).toHaveCount(1);
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    el.playbackRate = 1.4;
    await el.play();
  });
  // One figure for "watched": the player's line and the checklist say the same while it plays.
  const playerLine = page.getByText(/^Watched \d+%$/);
  await expect(playerLine).toHaveText(/^Watched ([1-9]\d*)%$/, { timeout: 30_000 });
  await video.evaluate((el: HTMLVideoElement) => el.pause());
  const figure = (await playerLine.textContent())?.match(/\d+%/)?.[0] ?? '';
  await expect(progressStep(page, 'Watched')).toContainText(figure);
  await video.evaluate((el: HTMLVideoElement) => el.play());
  await expect(page.getByText('Video completed')).toBeVisible({ timeout: 60_000 });
  await expect(progressStep(page, 'Watched')).toContainText('Done');

  // Reproducibles: a real zip.
  await page.getByRole('tab', { name: 'Resources' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download reproducibles' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expectSnackbar(page, 'Reproducibles downloaded');

  // Two of five steps: the most recent unfinished item, so the one to continue (and not listed
  // again under In progress, which holds the other unfinished ones).
  await expectOnDashboard(page, async () => {
    await expect(region(page, 'Continue where you left off').getByRole('link', { name: `Continue ${title}` })).toBeVisible();
    await expect(region(page, 'In progress').getByRole('link', { name: title, exact: true })).toHaveCount(0);
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await chooseRadio(page.getByRole('radio', { name: '4 stars' }));
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  await expectSnackbar(page, 'Thanks for rating this strategy');

  await page.getByRole('tab', { name: 'Reflection rubric' }).click();
  await chooseRadio(page.getByRole('tabpanel').getByRole('radio').nth(2));
  await page.getByRole('button', { name: 'Save rubric score' }).click();
  await expectSnackbar(page, 'Rubric score saved');

  const remove = page.getByRole('button', { name: 'Remove from applied' });
  if (await remove.isVisible()) {
    await remove.click();
    await expectSnackbar(page, 'No longer marked as applied');
  }
  await page.getByRole('button', { name: 'Apply in my classroom' }).click();
  await expectSnackbar(page, 'Marked as applied in your classroom');

  const bookmark = page.getByRole('button', { name: /^Save(d)?$/ });
  if ((await bookmark.getAttribute('aria-pressed')) === 'true') {
    await bookmark.click();
    await expectSnackbar(page, 'Removed from your saved strategies');
  }
  await bookmark.click();
  await expectSnackbar(page, 'Saved to your strategies');
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'My Progress' })).toBeVisible();
  for (const step of ['Watched', 'Downloaded', 'Rubric Score', 'Rated', 'Applied']) await expect(progressStep(page, step)).toContainText('Done');
  await expect(page.getByRole('meter', { name: 'steps done' })).toHaveAttribute('aria-valuetext', '5 of 5 steps done');
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // All five steps: completed, so no longer in progress; the catalogue finds it as completed.
  await expectOnDashboard(page, async () => {
    // The lists have arrived (the suggestions always have cards) before anything is checked absent.
    await expect(region(page, 'Recommended for you').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: title, exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `Continue ${title}` })).toHaveCount(0);
  });
  await page.goto(`/catalog?q=${encodeURIComponent(`"${title}"`)}&progress=COMPLETED`);
  await expect(page.getByRole('list', { name: 'Catalogue results' }).getByRole('link', { name: title, exact: true })).toBeVisible();
  await page.goto(`/catalog?q=${encodeURIComponent(`"${title}"`)}&progress=IN_PROGRESS`);
  await expect(page.getByRole('status').filter({ hasText: /\d+ results?/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Catalogue results' }).getByRole('link', { name: title, exact: true })).toHaveCount(0);

  // My learning, after a reload: the strategy is completed, Yes in every column.
  await page.goto('/learning?filter=COMPLETED&limit=100&offset=0&sortBy=strategyTitle&sortOrder=asc');
  await page.reload();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('gridcell')).toHaveText([/Yes/, /.+/, /.+/, 'Yes', 'Yes', 'Yes', 'Yes', 'Yes']);
});

test('a demo user who rates is asked to register', async ({ page }) => {
  await recordSnackbars(page);
  await startPersonalizedDemo(page, `e2e.lo.${Date.now()}@example.org`);

  await openStrategyFromCatalogue(page);
  await chooseRadio(page.getByRole('radio', { name: '5 stars' }));
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  await expectSnackbar(page, 'Register for a full account to do this.');
});

test('an unknown address on every detail route is the not-found page inside the shell; a server failure keeps Try again', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  for (const path of ['/learning-objects/nope', '/playlists/nope', '/livestreams/nope', '/learning-objects/not%20an%20id']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Educator Learning');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Catalog' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  }
  await expectAccessible(page);

  // A real failure is not "not found": it offers Try again, which loads the page once the server answers.
  let failing = true;
  await page.route('**/api/catalog/items/four-level-proficiency-scale', (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"Something went wrong, please try again later"}}' }) : route.fallback(),
  );
  await page.goto('/learning-objects/four-level-proficiency-scale');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Four-Level Proficiency Scale' })).toBeVisible();
});

test('a playlist is a syllabus, and its context survives from entry to entry', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await page.goto('/playlists/coaching-cycle-clear-learning-goals');
  const entries = page.getByRole('list', { name: 'Playlist entries' }).getByRole('listitem');
  await expect(entries).toHaveCount(4);
  await expect(page.getByText(/^\d of 4 done$/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Playlist completed' })).toHaveAttribute('aria-valuemax', '4');
  // Each entry's length and the total as m:ss, and the total is their sum.
  const seconds = (clock: string) => clock.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
  const lengths = await entries.locator('time').allTextContents();
  expect(lengths).toHaveLength(4);
  for (const length of lengths) expect(length).toMatch(/^\d+:\d\d$/);
  const totals = page.getByText(/^4 entries · \d+:\d\d in total$/);
  await expect(totals).toBeVisible();
  const total = (await totals.textContent())!.match(/(\d+:\d\d) in total/)![1]!;
  expect(seconds(total)).toBe(lengths.reduce((sum, length) => sum + seconds(length), 0));
  await expectAccessible(page);

  // Play next opens the first entry not done, playing, with the playlist kept in the address.
  const first = (await entries.first().getByRole('link').textContent())?.replace(/^1\. /, '') ?? '';
  await page.getByRole('link', { name: /^Play next/ }).click();
  await expect(page).toHaveURL(/\/learning-objects\/[^?]+\?playlist=coaching-cycle-clear-learning-goals&playVideo=true$/);
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  const banner = page.getByRole('navigation', { name: 'Playlist' });
  await expect(banner).toContainText('1 of 4');
  await expect(banner.getByRole('link', { name: 'Coaching Cycle: Clear Learning Goals' })).toBeVisible();

  // Next keeps the context, and so does a reload.
  await banner.getByRole('link', { name: /^Next: / }).click();
  await expect(page).toHaveURL(/\?playlist=coaching-cycle-clear-learning-goals$/);
  await expect(banner).toContainText('2 of 4');
  await page.reload();
  await expect(banner).toContainText('2 of 4');
  await expect(banner.getByRole('link', { name: /^Previous: / })).toBeVisible();
  await banner.getByRole('link', { name: 'Coaching Cycle: Clear Learning Goals' }).click();
  await expect(page).toHaveURL(/\/playlists\/coaching-cycle-clear-learning-goals$/);

  // Without the playlist in the address the strategy has no banner.
  await page.goto('/learning-objects/co-built-success-criteria');
  await expect(page.getByRole('heading', { level: 1, name: 'Co-Built Success Criteria' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Playlist' })).toHaveCount(0);
});

test('the strategy page widgets: stars by keyboard with 24 px targets, rubric cards, a Save toggle, tabs with their icons that fit a phone', async ({ page }) => {
  test.setTimeout(150_000);
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await page.goto('/learning-objects/co-built-success-criteria');
  await expect(page.getByRole('heading', { level: 1, name: 'Co-Built Success Criteria' })).toBeVisible();

  const stars = page.getByRole('radiogroup', { name: 'Your rating' });
  for (const n of [1, 2, 3, 4, 5]) {
    const star = stars.getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` });
    const box = await star.locator('xpath=ancestor::label[1]').boundingBox();
    expect(box && box.width >= 24 && box.height >= 24).toBe(true);
  }
  await stars.getByRole('radio', { name: '2 stars' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await expect(stars.getByRole('radio', { name: '3 stars' })).toBeFocused();

  const rubric = page.getByRole('radiogroup', { name: 'Where is your practice today?' });
  await expect(rubric.getByRole('radio')).toHaveCount(4);
  await rubric.getByRole('radio').nth(1).focus();
  await page.keyboard.press('Space');
  await expect(rubric.getByRole('radio').nth(1)).toBeChecked();

  const save = page.getByRole('button', { name: /^Save(d)?$/ });
  await expect(save).toHaveAttribute('aria-pressed', /true|false/);

  for (const [width, scheme] of [
    [375, 'light'],
    [375, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    const tabs = page.getByRole('tab');
    const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Every tab is whole on screen, its label not cut (spec §3's tabs, all three on a phone too).
    // The stars chosen above and not sent yet survive the page moving between one and two columns.
    await expect(stars.getByRole('radio', { name: '3 stars' })).toBeChecked();
    const list = await page.getByRole('tablist', { name: 'Strategy resources' }).boundingBox();
    for (const box of await tabs.evaluateAll((els) => els.map((el) => ({ ...el.getBoundingClientRect().toJSON(), clipped: el.scrollWidth > el.clientWidth, what: `${el.textContent} ${el.scrollWidth}/${el.clientWidth}` })))) {
      expect(box.left).toBeGreaterThanOrEqual(list!.x - 1);
      expect(box.right).toBeLessThanOrEqual(list!.x + list!.width + 1);
      expect(box.clipped, `${width} ${box.what}`).toBe(false);
    }
    // The learner's actions: on a phone right under the video, above the tabs and the rubric;
    // on a wide screen in the column beside them.
    const apply = await page.getByRole('button', { name: /^(Apply in my classroom|Remove from applied)$/ }).boundingBox();
    const video = await page.locator('video').boundingBox();
    if (width === 375) {
      expect(apply!.y).toBeGreaterThan(video!.y + video!.height);
      expect(apply!.y + apply!.height).toBeLessThan(list!.y);
    } else {
      expect(apply!.x).toBeGreaterThan(list!.x + list!.width);
      expect(apply!.y).toBeLessThan(list!.y);
    }
    await expectAccessible(page);
  }

  // Spec §3: two icon names per tab kind, the filled one on the selected tab.
  const icons = () => page.getByRole('tab').evaluateAll((els) => els.map((el) => el.querySelector('svg')?.dataset.icon));
  await expect.poll(icons).toEqual(['clipboard-check', 'book-open-outline', 'folder-download-outline']);
  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect.poll(icons).toEqual(['clipboard-check-outline', 'book-open-outline', 'folder-download']);
});

test('livestreams: the session on air is a Live now hero above Upcoming; list pages are accessible in light and dark', async ({ page }) => {
  test.setTimeout(150_000);
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await page.goto('/livestreams');
  const upcoming = page.getByRole('list', { name: 'Upcoming livestreams' });
  await expect(upcoming.getByRole('listitem').first()).toBeVisible();
  // The seed schedules one session that started half an hour before the server did and runs 90 minutes.
  const hero = page.getByRole('region').filter({ has: page.getByText('Live now', { exact: true }) });
  await expect(hero).toHaveCount(1);
  await expect(hero.getByRole('link', { name: /^Join now: / })).toBeVisible();
  const heroTitle = (await hero.getByRole('heading').textContent()) ?? '';
  await expect(upcoming.getByRole('link', { name: heroTitle, exact: true })).toHaveCount(0);
  for (const [width, scheme] of [
    [375, 'light'],
    [375, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page);
  }

  await page.getByRole('list', { name: 'Past livestreams' }).getByRole('listitem').first().getByRole('link').click();
  const recording = page.locator('video');
  await expect(recording).toBeVisible();
  await expect(recording).toHaveAttribute('poster', /.+/);
  await expect(recording.locator('track[kind="captions"]')).not.toHaveCount(0);
  const box = await recording.boundingBox();
  expect(box && Math.abs(box.width / box.height - 16 / 9) < 0.05).toBe(true);
  await expectAccessible(page);
});

test('a strategy opens without waiting for its related strategies: they arrive beside it, or none when their request fails', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/catalog\/recommendations\/recommended\?catalogItemId=/, async (route) => {
    await held;
    await route.continue();
  });
  // A seeded strategy with a video (the catalogue's first result can change as other tests add
  // items), opened by the sign-in itself: a navigation before the sign-in has finished would end it.
  await signInLocally(page, EDUCATOR, '/learning-objects/concept-carousel');
  await expect(page.getByRole('heading', { level: 1, name: 'Concept Carousel' })).toBeVisible();
  const related = page.getByRole('region', { name: 'Related strategies' });
  // The page is there (video, progress, actions); only the related list is still on its way.
  await expect(region(page, 'Video')).toBeVisible();
  await expect(related.getByRole('status')).toHaveText('Loading related strategies…');
  release();
  await expect(related.getByRole('list', { name: 'Related strategies' }).getByRole('link').first()).toBeVisible();
  await expect(related.getByRole('status')).toHaveCount(0);

  // A failed request leaves the page whole and says there are none to show.
  await page.unroute(/\/api\/catalog\/recommendations\/recommended\?catalogItemId=/);
  await page.route(/\/api\/catalog\/recommendations\/recommended\?catalogItemId=/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Server error' } }) }),
  );
  await page.reload();
  await expect(region(page, 'Video')).toBeVisible();
  await expect(related.getByText('No related strategies yet.')).toBeVisible();
});
