import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInLocally } from './support';

const EDUCATOR = 'educator01@northwind.example.org';

async function signIn(page: Page) {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
}

const results = (page: Page) => page.getByRole('list', { name: 'Catalogue results' });
const resultCount = (page: Page) => page.getByRole('status').filter({ hasText: /\d+ results?/ });

test('an educator sees the dashboard lists', async ({ page }) => {
  await signIn(page);
  for (const name of ['Featured', 'Recommended for you', 'Recommended playlists', 'New', 'In progress']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Featured' }).getByRole('link').first()).toBeVisible();
  await expectAccessible(page);
});

test('the catalogue searches, filters through the URL and opens a result', async ({ page }) => {
  await signIn(page);
  await page.goto('/catalog');
  await expect(resultCount(page)).toBeVisible();
  await expect(results(page).getByRole('link').first()).toBeVisible();
  await expectAccessible(page);

  const search = page.getByRole('searchbox', { name: 'Search the catalogue' });
  await search.fill('questions');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=questions/);
  await expect(resultCount(page)).toBeVisible();

  await page.goto('/catalog');
  const framework = page.getByLabel('Framework');
  const element = framework.locator('option', { hasText: 'Element:' }).first();
  await framework.selectOption({ label: (await element.textContent()) ?? '' });
  await expect(page).toHaveURL(/[?&]nasot=/);
  await expect(resultCount(page)).toBeVisible();
  const elementUrl = page.url();
  const firstElementResult = await results(page).getByRole('link').first().textContent();

  const audience = page.getByLabel('Audience');
  const current = await audience.inputValue();
  const other = await audience.locator('option').evaluateAll(
    (options, skip) => (options as HTMLOptionElement[]).map((o) => o.value).find((v) => v && v !== skip),
    current,
  );
  await audience.selectOption(other ?? '');
  await expect(page).toHaveURL(new RegExp(`audience=${other}`));
  await expect(resultCount(page)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(elementUrl);
  await expect(page.getByLabel('Audience')).toHaveValue(current);
  await expect(results(page).getByRole('link').first()).toHaveText(firstElementResult ?? '');

  const first = results(page).getByRole('link').first();
  const href = await first.getAttribute('href');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('livestreams show upcoming and past, a Live badge while on air, and a valid .ics', async ({ page }) => {
  await signIn(page);
  await page.goto('/livestreams');
  const upcoming = page.getByRole('list', { name: 'Upcoming livestreams' });
  const past = page.getByRole('list', { name: 'Past livestreams' });
  await expect(upcoming.getByRole('listitem').first()).toBeVisible();
  await expect(past.getByRole('listitem').first()).toBeVisible();
  await expect(upcoming.getByText('Live', { exact: true })).toHaveCount(1);
  await expect(past.getByText('Live', { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await upcoming.getByRole('listitem').last().getByRole('link').click();
  await expect(page.getByRole('link', { name: 'Join livestream' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await readFile((await download.path()) ?? '', 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  for (const field of [/^UID:.+$/m, /^DTSTAMP:\d{8}T\d{6}Z\r?$/m, /^DTSTART:\d{8}T\d{6}Z\r?$/m, /^DTEND:\d{8}T\d{6}Z\r?$/m, /^SUMMARY:.+$/m, /^URL:http.+\/livestreams\/.+$/m]) {
    expect(ics).toMatch(field);
  }
  expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  await expectAccessible(page);

  await page.goto('/livestreams');
  await past.getByRole('listitem').first().getByRole('link').click();
  await expect(page.locator('video')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join livestream' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a playlist lists its entries in order with play next', async ({ page }) => {
  await signIn(page);
  await page.goto('/catalog?type=PLAYLIST');
  await results(page).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/playlists\//);
  const entries = page.getByRole('list', { name: 'Playlist entries' }).getByRole('listitem');
  await expect(entries.first()).toBeVisible();
  expect(await entries.count()).toBeGreaterThan(1);
  await expect(page.getByRole('link', { name: /^Play next/ })).toBeVisible();
  await expectAccessible(page);
});
