import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInLocally } from './support';

// The dashboard as a product home: the greeting, what to continue, what is in progress and what
// to start next, all following the learner's progress.

const EDUCATOR = 'educator01@northwind.example.org';
// Nobody's tests give this account any history: its dashboard has nothing in progress.
const NEWCOMER = 'new.teacher@example.org';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The API as the signed-in page sees it (its local token). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${localStorage.getItem('AV_TOKEN')}` } });
    return res.json();
  }, path) as Promise<T>;
}

test('a returning educator continues the unfinished item touched last; nothing completed is in progress or suggested', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, \S/ })).toBeVisible();

  const inProgress = (await api<{ data: { id: string; title: string }[] }>(page, '/api/catalog/recommendations/in-progress')).data;
  const progress = (await api<{ catalogItemsProgress: { catalogItemId: string; completed: boolean }[] }>(page, '/api/progress')).catalogItemsProgress;
  const completed = new Set(progress.filter((p) => p.completed).map((p) => p.catalogItemId));
  expect(inProgress.length).toBeGreaterThan(0);
  expect(inProgress.filter((item) => completed.has(item.id))).toEqual([]);

  const resume = section(page, 'Continue where you left off');
  await expect(resume.getByRole('heading', { level: 3 })).toHaveText(inProgress[0]!.title);
  await expect(resume.getByRole('progressbar', { name: `Progress on ${inProgress[0]!.title}` })).toBeVisible();
  await expect(resume.getByRole('link', { name: `Continue ${inProgress[0]!.title}` })).toBeVisible();

  // No card on the page calls an item in progress or suggested "Completed".
  for (const name of ['In progress', 'Recommended for you', 'Recommended playlists', 'Featured', 'New']) {
    const region = section(page, name);
    if ((await region.count()) === 0) continue;
    await expect(region.getByText('Completed', { exact: true })).toHaveCount(0);
  }
  await expect(section(page, 'Recommended for you').getByText('In progress', { exact: true })).toHaveCount(0);

  await resume.getByRole('link', { name: `Continue ${inProgress[0]!.title}` }).click();
  await expect(page).toHaveURL(/\/(learning-objects|playlists|livestreams)\//);
});

test('while the lists load the dashboard shows skeletons, not "Loading…" text', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/catalog/recommendations/featured', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalog', exact: true }).click();
  // On the catalogue first (its own skeleton gone), so the skeleton below is the dashboard's.
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByTestId('skeleton')).toBeVisible();
  await expect(page.getByText('Loading your dashboard…')).toBeAttached();
  // The one loading text is the skeleton's own, for screen readers.
  await expect(page.locator('main').getByText(/^Loading/)).toHaveCount(1);
  await expect(page.getByTestId('skeleton').getByText(/^Loading/)).toHaveCount(1);
  release();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  await expect(section(page, 'Continue where you left off')).toBeVisible();
});

test('a newcomer is welcomed (not welcomed back) and every empty list offers a next step; axe at 375 and 1280, light and dark', async ({ page }) => {
  test.setTimeout(150_000);
  await signInLocally(page, NEWCOMER);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, \S/ })).toBeVisible();
  const resume = section(page, 'Continue where you left off');
  await expect(resume.getByText('Nothing in progress yet')).toBeVisible();
  await expect(resume.getByRole('link', { name: 'Browse the catalogue' })).toBeVisible();
  await expect(section(page, 'In progress')).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  await resume.getByRole('link', { name: 'Browse the catalogue' }).click();
  await expect(page).toHaveURL(/\/catalog/);
});

test('a signed-in page asks for its start-up data in one request, and signing in does too; the first screen renders from it', async ({ page }) => {
  const startUp = '/api/identity/start';
  // What the start-up answer holds: the app must not ask for these itself as it starts.
  const answered = ['/api/identity/me', '/api/profile', '/api/customers/current/subscriptions?include=paymentMethod', '/api/progress'];
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  // Signing in on the page: the app asks for the start-up answer, once.
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, \S/ })).toBeVisible();
  await expect(section(page, 'Recommended for you')).toBeVisible();
  expect(asked.filter((p) => p === startUp), 'signing in').toHaveLength(1);
  for (const path of answered) expect(asked.filter((p) => p === path), `signing in: ${path}`).toHaveLength(0);

  // A signed-in page opened afresh: the same, and the card to continue shows its progress.
  asked.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, \S/ })).toBeVisible();
  await expect(section(page, 'Continue where you left off').getByRole('progressbar')).toBeVisible();
  expect(asked.filter((p) => p === startUp)).toHaveLength(1);
  for (const path of answered) expect(asked.filter((p) => p === path), path).toHaveLength(0);
  // Each request once.
  expect(asked.filter((p, i) => asked.indexOf(p) !== i), 'asked twice').toEqual([]);
});

test('over a journey of seven pages the progress comes with the start-up answer and is never asked for again', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, \S/ })).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  const heading = (name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.reload();
  await heading(/^Welcome back, \S/);
  const resume = section(page, 'Continue where you left off');
  await expect(resume.getByRole('progressbar')).toBeVisible();
  await nav('Catalog');
  await heading('Catalog');
  const results = page.getByRole('list', { name: 'Catalogue results' });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  await results.getByRole('listitem').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/(learning-objects|playlists|livestreams)\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await nav('Livestreams');
  await heading('Livestreams');
  await nav('Dashboard');
  await heading(/^Welcome back, \S/);
  await resume.getByRole('link', { name: /^Continue / }).click();
  await expect(page).toHaveURL(/\/(learning-objects|playlists|livestreams)\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await heading(/^Welcome back, \S/);
  await expect(resume.getByRole('progressbar')).toBeVisible();

  expect(asked.filter((p) => p === '/api/identity/start')).toHaveLength(1);
  expect(asked.filter((p) => p === '/api/progress'), 'GET /api/progress').toHaveLength(0);
  expect(asked.filter((p) => p === '/api/profile' || p === '/api/customers/current/subscriptions')).toEqual([]);
});
