import { expect, test, type Page, type Route } from '@playwright/test';
import { expectAccessible, signInLocally } from './support';

// When the API does not answer (spec §8, §9): the app's client gives each try 10 s and a read 3
// tries, then the screen says so and offers "Try again" — never a skeleton that waits forever —
// and "Try again" loads it once the server answers again.

const GENERIC = 'Something went wrong, please try again later';
const MAPLE_ADMIN = 'school.admin@maple.northwind.example.org';
const EDUCATOR = 'educator12@northwind.example.org';

const card = (page: Page, name: string) => page.getByRole('region', { name });
const loadError = (page: Page, text = GENERIC) => page.getByRole('alert').filter({ hasText: text });

const unavailable = (route: Route) =>
  route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'BUSY', message: GENERIC } }) });

test('Educator Usage with the report held open: after three tries of 10 s the page says so and Try again shows the figures', async ({ page }) => {
  // The page's timers run on Playwright's clock: each try's 10 s pass in a jump, not in real time.
  await page.clock.install();
  let holding = true;
  const held: Route[] = [];
  // GET /api/reporting only (the glob's `*` stops at a slash: not /reporting/framework, not /reporting/event).
  await page.route('**/api/reporting*', (route) => (holding ? void held.push(route) : route.fallback()));

  await signInLocally(page, MAPLE_ADMIN, '/usage');
  await expect(page.getByRole('heading', { name: 'Educator Usage', level: 1 })).toBeVisible();
  await expect.poll(() => held.length).toBe(1);
  await expect(page.getByText('Loading the logins chart…')).toBeAttached();
  // The page's other loads first: a jump of the clock would time out whatever is still in flight.
  const heatmap = page.getByRole('img', { name: /^Usage by framework element/ });
  const table = page.getByRole('grid', { name: 'Active Users' });
  await expect(heatmap).toBeVisible();
  await expect(table.getByRole('rowheader').first()).toBeVisible();

  // Each try times out after 10 s; the next follows about 0.5 s, then 1 s later.
  for (const tries of [2, 3]) {
    await page.clock.fastForward(9_000);
    expect(held).toHaveLength(tries - 1);
    await page.clock.fastForward(1_000);
    await page.clock.fastForward(1_300);
    await expect.poll(() => held.length).toBe(tries);
  }
  await page.clock.fastForward(9_000);
  await expect(loadError(page)).toHaveCount(0);
  await page.clock.fastForward(1_000);

  // What a person sees: the message and the button, no skeleton waiting on.
  const error = loadError(page);
  await expect(error).toBeVisible();
  await expect(error.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByText('Loading the logins chart…')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Only the figures failed: the heatmap and the table are still there.
  await expect(heatmap).toBeVisible();
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  expect(held).toHaveLength(3);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }

  // The server answers again: Try again shows the figures.
  holding = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  const report = await page.evaluate(async () => {
    const response = await fetch('/api/reporting', { headers: { Authorization: `Bearer ${localStorage.getItem('AV_TOKEN')}` } });
    return (await response.json()) as { activeUsers: { count: number }; logins: { count: number } };
  });
  await expect(card(page, 'Active Educators')).toContainText(String(report.activeUsers.count));
  await expect(card(page, 'Logins')).toContainText(String(report.logins.count));
  await expect(card(page, 'Logins').getByRole('img', { name: /^Logins per day/ })).toBeVisible();
  await expect(loadError(page)).toHaveCount(0);
  expect(held).toHaveLength(3);
});

test('Profile without the framework and the audiences: the message and Try again, not a skeleton; Try again loads it', async ({ page }) => {
  let failing = true;
  const asked: string[] = [];
  await page.route(/\/api\/catalog\/(nasot\/items|audiences)$/, (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return failing ? unavailable(route) : route.fallback();
  });
  await signInLocally(page, EDUCATOR, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  const error = loadError(page);
  await expect(error).toBeVisible();
  await expect(page.getByText('Loading your profile…')).toHaveCount(0);
  // Each list was tried 3 times.
  await expect.poll(() => asked.filter((path) => path.endsWith('/audiences')).length).toBe(3);
  await expect.poll(() => asked.filter((path) => path.endsWith('/nasot/items')).length).toBe(3);
  await expectAccessible(page);

  failing = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Learning preferences' })).toBeVisible();
  await expect(loadError(page)).toHaveCount(0);
});

test('a strategy whose video source fails offers Try again in the player, which loads the video', async ({ page }) => {
  let failing = true;
  await page.route('**/api/catalog/items/*/video', (route) => (failing ? unavailable(route) : route.fallback()));
  await signInLocally(page, EDUCATOR, '/learning-objects/four-level-proficiency-scale');
  await expect(page.getByRole('heading', { name: 'Four-Level Proficiency Scale', level: 1 })).toBeVisible();
  const error = loadError(page, 'The video could not be loaded.');
  await expect(error).toBeVisible();
  await expect(page.getByText('Loading video…')).toHaveCount(0);

  failing = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Video' })).toBeVisible();
  await expect(loadError(page, 'The video could not be loaded.')).toHaveCount(0);
});
