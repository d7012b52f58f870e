import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSnackbar, recordSnackbars, signInLocally } from './support';

// My learning, the profile and the learning record, as an educator uses them.

const EDUCATOR = 'educator01@northwind.example.org';
// Nobody else's tests touch this account: its lists stay empty.
const NEWCOMER = 'new.teacher@example.org';

const table = (page: Page) => page.getByRole('grid');
const firstTitles = async (page: Page) => (await table(page).getByRole('rowheader').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());

test('a newcomer sees the empty state of every filter, and the address holds the defaults', async ({ page }) => {
  await signInLocally(page, NEWCOMER, '/learning');
  await expect(page.getByRole('heading', { name: 'My Learning', level: 1 })).toBeVisible();
  // An empty query is filled with the defaults (spec §2).
  await expect(page).toHaveURL(/\/learning\?limit=10&offset=0&sortBy=strategyTitle&sortOrder=asc&filter=ALL$/);
  const empty = {
    All: "You haven't saved or started any strategies.",
    Completed: "You don't have any completed strategies.",
    'In Progress': "You don't have any strategies in-progress.",
    Saved: "You haven't saved any strategies.",
  };
  for (const [tab, text] of Object.entries(empty)) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText(/under 'My Progress'/)).toBeVisible();
  }
  await expect(page).toHaveURL(/filter=SAVED/);
  await expect(page.getByRole('link', { name: 'Browse the catalogue' })).toBeVisible();
  // Bad values fall back to the defaults, and are written back.
  await page.goto('/learning?limit=7&offset=-3&sortBy=password&sortOrder=sideways&filter=EVERYTHING');
  await expect(page).toHaveURL(/\/learning\?limit=10&offset=0&sortBy=strategyTitle&sortOrder=asc&filter=ALL$/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page);
  }
});

test('an educator sorts by each key and pages through their learning', async ({ page }) => {
  await signInLocally(page, EDUCATOR, '/learning');
  await expect(table(page).getByRole('rowheader')).toHaveCount(10);
  const byTitle = await firstTitles(page);
  expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b)));

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/offset=10/);
  await expect(page.getByText(/^11–\d+ of \d+$/)).toBeVisible();
  // The footer shows the new range at once; the first page's rows stay (dimmed) until the second's arrive.
  await expect
    .poll(async () => {
      const second = await firstTitles(page);
      return second.length > 0 && !second.some((t) => byTitle.includes(t));
    })
    .toBe(true);

  const sort = page.getByLabel('Sort by');
  for (const [value, key] of [['Progress', 'progress'], ['Category', 'categoryTitle'], ['Element', 'elementTitle'], ['Watched', 'watched'], ['Rated', 'rated']] as const) {
    await sort.selectOption({ label: value });
    // A new sort starts again at the first page.
    await expect(page).toHaveURL(new RegExp(`offset=0&sortBy=${key}&sortOrder=asc`));
    await expect(table(page).getByRole('rowheader')).toHaveCount(10);
  }
  await page.getByLabel('Order').selectOption({ label: 'Descending' });
  await expect(page).toHaveURL(/sortBy=rated&sortOrder=desc/);
  // A reload shows the same rows in the same order: the address holds them.
  await page.reload();
  await expect(page.getByLabel('Order')).toHaveValue('desc');
  await expect(page.getByLabel('Sort by')).toHaveValue('rated');
  await sort.selectOption({ label: 'Strategy title' });
  await page.getByLabel('Order').selectOption({ label: 'Descending' });
  await expect(page).toHaveURL(/sortBy=strategyTitle&sortOrder=desc/);
  const isDescending = (titles: string[]) => titles.length === 10 && titles.join('|') === [...titles].sort((a, b) => b.localeCompare(a)).join('|');
  await expect.poll(async () => isDescending(await firstTitles(page))).toBe(true);
  const descending = await firstTitles(page);

  // The CSV holds the rows as sorted on screen.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await readFile((await (await downloading).path()) ?? '')).toString('utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^Learning Strategy,Progress,Category,Element,Watched,Downloaded,Rubric Score,Rated,Applied/);
  expect(lines.slice(1, 11).map((line) => line.replace(/^"/, '').split(/",|,/)[0])).toEqual(descending);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page);
  }
});

test('the profile: name rules, preferences, achievements, password link, certificate and its public check', async ({ page, context }) => {
  await recordSnackbars(page);
  await signInLocally(page, 'educator02@northwind.example.org', '/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Achievements' })).toBeVisible();
  for (const label of ['Applied', 'Watched', 'Saved', 'Downloaded', 'Scored', 'Rated', 'In-Progress']) {
    await expect(page.getByRole('listitem').filter({ hasText: label }).first()).toBeVisible();
  }
  await expect(page.getByText('Current streak')).toBeVisible();

  const first = page.getByRole('textbox', { name: 'First Name' });
  await first.fill('A');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('The First Name must have at least 2 characters')).toBeVisible();
  await first.fill('Ada');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expectSnackbar(page, 'Your name was saved');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ada');
  await expect(page.getByRole('button', { name: /^Account menu, Ada / })).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page);
  }

  // A certificate of this school year: downloaded, and confirmed by its public page.
  await page.getByRole('button', { name: 'Get a certificate' }).click();
  await expectSnackbar(page, /^Certificate ready/);
  const item = page.getByRole('list', { name: 'Your certificates' }).getByRole('listitem').first();
  const code = (await item.getByRole('link').innerText()).trim();
  expect(code).toMatch(/^[A-Z2-7]{16}$/);
  const downloading = page.waitForEvent('download');
  await item.getByRole('button', { name: /PDF/ }).click();
  const pdf = await readFile((await (await downloading).path()) ?? '');
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

  const verify = await context.newPage();
  await verify.goto(`/verify/${code}`);
  await expect(verify.getByText('This certificate is valid')).toBeVisible();
  await expect(verify.getByText(/Ada/)).toBeVisible();
  for (const width of [375, 1280]) {
    await verify.setViewportSize({ width, height: 800 });
    await expectAccessible(verify);
  }
  await verify.goto('/verify/AAAAAAAAAAAAAAAA');
  await expect(verify.getByRole('heading', { level: 1 })).toContainText(/not a valid certificate/i);
  await verify.close();

  // The password link opens the signed change page.
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\/password\?ticket=/);
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
});

test('on a phone each row of My learning is a card of labelled values; the desktop keeps the table', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signInLocally(page, EDUCATOR, '/learning');
  // The first data row, once the page of rows has arrived (the skeleton row comes first).
  await expect(table(page).getByRole('rowheader').first()).toBeVisible();
  const firstRow = table(page).getByRole('row').filter({ has: page.getByRole('rowheader') }).first();
  // A card: the row is a box of its own, the header row is off screen, each value has its label.
  await expect.poll(() => firstRow.evaluate((row) => getComputedStyle(row).display)).toBe('flex');
  const labels = await firstRow.getByRole('gridcell').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
  expect(labels).toContain('"Category"');
  expect(labels).toContain('"Applied"');
  // Compact: short values share a line two by two (Category beside Element, Watched beside Downloaded).
  const tops = await firstRow.getByRole('gridcell').evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().top)));
  const [, category, element, watched, downloaded] = tops;
  expect([category, watched]).toEqual([element, downloaded]);
  expect(new Set(tops).size).toBe(5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Sorting without the header: Sort by and Order above the cards.
  await expect(page.getByLabel('Sort by')).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe('table-row');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(table(page).getByRole('columnheader', { name: 'Category' })).toBeInViewport();
  const cellLabel = await firstRow.getByRole('gridcell').first().evaluate((cell) => getComputedStyle(cell, '::before').content);
  expect(cellLabel).toBe('none');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }
});
