import { expect, test, type Page, type Request } from '@playwright/test';
import { expectAccessible, PASSWORD, signInLocally, whilePaused } from './support';

// The app shell's cross-cutting behaviour (spec §1, §2, §7): the snackbar, one page view per
// navigation, and the feature-flag client that loads lazily and can hide /login.

const EDUCATOR = 'educator01@northwind.example.org';
const FEATURES = /\/api\/flags\/api\/features\/sdk-local$/;

type PageView = { event: string; properties: { from: string; to: string } };

/** Every page-view request the page sends, in order. */
function recordPageViews(page: Page): PageView[] {
  const views: PageView[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/reporting/event')) views.push(request.postDataJSON() as PageView);
  });
  return views;
}

test('a local sign-in is confirmed by a success snackbar that goes away by itself', async ({ page }) => {
  // The snackbar's 2 s are counted on the page's clock, paused once the sign-in page has loaded:
  // the test decides when they pass, so neither a slow redirect nor the accessibility scan can
  // use them up before the snackbar is looked at.
  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('Email').fill(EDUCATOR);
  await page.getByLabel('Password').fill(PASSWORD);
  const pausedAt = (await page.evaluate(() => Date.now())) + 1000;
  await page.clock.pauseAt(pausedAt);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const snackbar = page.getByRole('status').filter({ hasText: 'Signed in' });
  await expect(snackbar).toBeVisible();
  await whilePaused(page, expectAccessible(page));
  // Shown at `pausedAt` (the clock had not moved), for 2000 ms.
  const elapsed = (await page.evaluate(() => Date.now())) - pausedAt;
  await page.clock.runFor(1900 - elapsed);
  await expect(snackbar).toBeVisible();
  await page.clock.runFor(100);
  await expect(snackbar).toBeHidden();
});

test('each navigation sends exactly one page view, from the previous path', async ({ page }) => {
  const views = recordPageViews(page);
  await page.goto('/reveal');
  await expect(page.getByRole('heading', { name: 'Thanks for trying the demo' })).toBeVisible();
  await expect.poll(() => views.length).toBe(1);

  const toLogin = page.waitForRequest((r) => r.url().endsWith('/api/reporting/event'));
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await toLogin;

  await page.getByLabel('Email').fill(EDUCATOR);
  await page.getByLabel('Password').fill('Welcome-2026!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => views.length).toBe(3);

  // Give any duplicate the time to show up before counting.
  await page.waitForTimeout(500);
  expect(views).toEqual([
    { event: 'PAGE_VIEW', properties: { from: '', to: '/reveal' } },
    { event: 'PAGE_VIEW', properties: { from: '/reveal', to: '/login' } },
    { event: 'PAGE_VIEW', properties: { from: '/login', to: '/' } },
  ]);
});

test('the flags client loads lazily, once, from its own chunk', async ({ page, request }) => {
  const scripts: { url: string; at: number }[] = [];
  const features: number[] = [];
  let step = 0;
  page.on('request', (r) => {
    step += 1;
    if (r.resourceType() === 'script') scripts.push({ url: r.url(), at: step });
    if (FEATURES.test(r.url())) features.push(step);
  });
  await page.goto('/reveal');
  await expect(page.getByRole('heading', { name: 'Thanks for trying the demo' })).toBeVisible();
  await expect.poll(() => features.length).toBe(1);

  // The SDK is not in what index.html loads up front (entry and modulepreloads)...
  const html = await (await request.get('/reveal')).text();
  const upFront = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(upFront.length).toBeGreaterThan(0);
  let sdkChunk: string | null = null;
  for (const { url } of scripts) {
    const body = await (await request.get(url)).text();
    if (body.includes('x-sse-support')) sdkChunk = new URL(url).pathname;
  }
  expect(sdkChunk).not.toBeNull();
  expect(upFront).not.toContain(sdkChunk);
  // ...it is imported on demand, and only then are the features fetched.
  const sdkAt = scripts.find((s) => new URL(s.url).pathname === sdkChunk)?.at ?? Infinity;
  expect(sdkAt).toBeLessThan(features[0] ?? -1);
});

test('the local-login flag hides /login (a 404) and shows it again', async ({ page }) => {
  await page.route(FEATURES, (route) => route.fulfill({ json: { features: { 'local-login': { defaultValue: false } } } }));
  const loaded = page.waitForResponse(FEATURES);
  await page.goto('/reveal');
  await (await loaded).finished();
  await expect(page.getByRole('heading', { name: 'Thanks for trying the demo' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByText('Page not found')).toBeVisible();
  // A direct visit and a reload are decided by the flag too, not by its default while it loads.
  for (const visit of [() => page.goto('/login'), () => page.reload()]) {
    await visit();
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  }

  // Flag on again (the server's own payload): /login is back.
  await page.unroute(FEATURES);
  await page.evaluate(() => localStorage.clear());
  const reloaded = page.waitForResponse(FEATURES);
  await page.goto('/reveal');
  await (await reloaded).finished();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a navigation slower than 300 ms shows the progress bar until it is done', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  // The catalogue's screen has not been loaded yet: its file is held until the bar has been seen,
  // so the navigation lasts as long as the test needs (a fixed delay raced the bar's 300 ms).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/catalog-page-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalog', exact: true }).click();
  const progress = page.getByRole('progressbar', { name: 'Loading page' });
  await expect(progress).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(progress).toHaveCount(0);
});
