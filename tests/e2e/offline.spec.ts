import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInLocally, signOut } from './support';

// The installable app and its service worker (src/sw/sw.ts): the manifest, the shell and the
// signed-in user's last-seen screens offline, and nothing of one user left for the next. The rest
// of the suite runs without service workers (playwright.config.ts); these tests allow them.
test.use({ serviceWorkers: 'allow' });

const FIRST = 'educator01@northwind.example.org';
const SECOND = 'educator03@northwind.example.org';

type Me = { id: string; firstName: string; lastName: string };

/** The signed-in user as the API sees them (the page's local token). */
const me = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/identity/me', { headers: { authorization: `Bearer ${localStorage.getItem('AV_TOKEN')}` } });
    return (await res.json()) as Me;
  });

/** The names of the users' caches in the page's origin. */
const userCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('user-data-')).sort());

/** Every stored API answer's body, across all caches. */
const cachedBodies = (page: Page) =>
  page.evaluate(async () => {
    const bodies: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (new URL(request.url).pathname.startsWith('/api/')) bodies.push(await (await cache.match(request))!.text());
    }
    return bodies.join('\n');
  });

/** Signs in, waits for the worker to take the page, and reloads so the dashboard's answers pass through it. */
async function signInControlled(page: Page, email: string) {
  await signInLocally(page, email);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
}

test('the web manifest is served and valid, and the service worker controls the signed-in app', async ({ page, request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Educator Learning Platform', short_name: 'Learning', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  for (const [size, purpose] of [[192, 'any'], [512, 'any'], [512, 'maskable']] as const) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
    expect(icon, `${size} px ${purpose} icon`).toBeDefined();
    const png = await (await request.get(icon!.src)).body();
    // The PNG signature, then the header's width and height.
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
  // The service worker is never kept by the HTTP cache: a new build reaches the next visit.
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

  await signInControlled(page, FIRST);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
});

test('the dashboard and the catalogue open offline after a visit, with a banner that says what works', async ({ page, context }) => {
  await signInControlled(page, FIRST);
  const greeting = await page.getByRole('heading', { level: 1 }).textContent();
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  const firstCard = page.getByRole('main').getByRole('heading', { level: 3 }).first();
  await expect(firstCard).toBeVisible();
  const firstTitle = await firstCard.textContent();
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(banner).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 3, name: firstTitle!, exact: true }).first()).toBeVisible();
  await expect(banner).toContainText('Pages you opened recently');
  await expectAccessible(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting!);
  await expect(banner).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test("logout deletes the user's cache, and the next user on the same browser finds nothing of theirs", async ({ page, context }) => {
  await signInControlled(page, FIRST);
  const first = await me(page);
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect.poll(() => userCaches(page)).toEqual([`user-data-${first.id}`]);
  expect(await cachedBodies(page)).toContain(first.id);

  await signOut(page);
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => userCaches(page)).toEqual([]);

  // A second user signs in on the same browser: only their own answers are kept, and offline
  // the dashboard greets them, not the first user.
  await signInControlled(page, SECOND);
  const second = await me(page);
  await expect.poll(() => userCaches(page)).toEqual([`user-data-${second.id}`]);
  const bodies = await cachedBodies(page);
  expect(bodies).not.toContain(first.id);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(second.firstName);
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText(first.firstName);
  await context.setOffline(false);
});

test("a user who signs in after another's session ended without a logout never gets the other's copies", async ({ page }) => {
  await signInControlled(page, FIRST);
  const first = await me(page);
  await expect.poll(() => userCaches(page)).toEqual([`user-data-${first.id}`]);
  // The session ends without the app's logout (the token dropped, as an expired one would be).
  await page.evaluate(() => localStorage.removeItem('AV_TOKEN'));

  await signInControlled(page, SECOND);
  const second = await me(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(second.firstName);
  await expect.poll(() => userCaches(page)).toEqual([`user-data-${second.id}`]);
  expect(await cachedBodies(page)).not.toContain(first.id);
});

test("a change the user made shows after a reload, not the worker's older copy", async ({ page }) => {
  await signInControlled(page, FIRST);
  await page.goto('/catalog');
  await page.getByRole('main').locator('a[href^="/learning-objects/"]').first().click();
  await expect(page).toHaveURL(/\/learning-objects\//);
  const save = page.locator('button[aria-pressed]').filter({ hasText: /^Saved?$/ });
  await expect(save).toBeEnabled();
  // The page's answers pass through the worker, so a copy of each is stored.
  await page.reload();
  await expect(save).toBeEnabled();
  const before = (await save.getAttribute('aria-pressed')) === 'true';
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', String(!before));
  await expect(save).toBeEnabled();

  await page.reload();
  await expect(save).toHaveAttribute('aria-pressed', String(!before));
  // Left as it was, for the next run.
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', String(before));
  await expect(save).toBeEnabled();
});
