import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInLocally } from './support';

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

const snackbar = (page: Page, message: string) => page.getByText(message, { exact: true });
const progressValue = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

test('an educator watches, downloads, rates, scores, applies and saves a strategy', async ({ page }) => {
  test.setTimeout(150_000);
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
  await expect(page.getByText('Video completed')).toBeVisible({ timeout: 60_000 });

  // Reproducibles: a real zip.
  await page.getByRole('tab', { name: 'Resources' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download reproducibles' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(snackbar(page, 'Reproducibles downloaded')).toBeVisible();

  // Two of five steps: in progress, and the most recent interaction.
  await expectOnDashboard(page, async () => {
    await expect(region(page, 'In progress').getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(region(page, 'Continue where you left off').getByRole('link', { name: `Continue ${title}` })).toBeVisible();
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByRole('radio', { name: '4 stars' }).check();
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  await expect(snackbar(page, 'Thanks for rating this strategy')).toBeVisible();

  await page.getByRole('tab', { name: 'Reflection rubric' }).click();
  await page.getByRole('tabpanel').getByRole('radio').nth(2).check();
  await page.getByRole('button', { name: 'Save rubric score' }).click();
  await expect(snackbar(page, 'Rubric score saved')).toBeVisible();

  const remove = page.getByRole('button', { name: 'Remove from applied' });
  if (await remove.isVisible()) {
    await remove.click();
    await expect(snackbar(page, 'No longer marked as applied')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Apply in my classroom' }).click();
  await expect(snackbar(page, 'Marked as applied in your classroom')).toBeVisible();

  const bookmark = page.getByRole('button', { name: /^Save(d)?$/ });
  if ((await bookmark.getAttribute('aria-pressed')) === 'true') {
    await bookmark.click();
    await expect(snackbar(page, 'Removed from your saved strategies')).toBeVisible();
  }
  await bookmark.click();
  await expect(snackbar(page, 'Saved to your strategies')).toBeVisible();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'My Progress' })).toBeVisible();
  await expect(progressValue(page, 'Watched')).toHaveText('Yes');
  await expect(progressValue(page, 'Downloaded')).toHaveText('Yes');
  await expect(progressValue(page, 'Rubric score')).toHaveText('Yes');
  await expect(progressValue(page, 'Rated')).toHaveText('Yes');
  await expect(progressValue(page, 'Applied')).toHaveText('Yes');
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');

  // All five steps: completed, so no longer in progress; the catalogue finds it as completed.
  await expectOnDashboard(page, async () => {
    await expect(region(page, 'In progress')).toBeVisible();
    await expect(region(page, 'In progress').getByRole('link', { name: title, exact: true })).toHaveCount(0);
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
  await page.goto('/demo');
  await page.getByLabel('Email').fill(`e2e.lo.${Date.now()}@example.org`);
  await page.getByRole('button', { name: 'Start the demo' }).click();
  await expect(page).toHaveURL(/\/personalize$/);
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Start exploring' }).click();
  await expect(page).toHaveURL(/\/$/);

  await openStrategyFromCatalogue(page);
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  await expect(snackbar(page, 'Register for a full account to do this.')).toBeVisible();
});
