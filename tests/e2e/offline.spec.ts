import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSnackbar, recordSnackbars, signInLocally, signOut } from './support';

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

// "Save for offline": an educator no other spec signs in, on a strategy with a video, captions and reproducibles.
const SAVER = 'educator27@northwind.example.org';
const STRATEGY = '/learning-objects/concept-carousel';
const TITLE = 'Concept Carousel';

/** The API as the signed-in user, from the test (not through the page or its worker). */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('AV_TOKEN'));
  const response = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

type Item = { id: string; userRating: { value: number } | null; userRubricScore: number | null };
type Progress = { catalogItemId: string; isStrategyApplied: boolean; videoProgress: number; areReproduciblesDownloaded: boolean };

/** The addresses the user's files cache keeps. */
const savedFiles = (page: Page, id: string) =>
  page.evaluate(async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : []), `user-files-${id}`);

test('a strategy saved for offline plays offline with its guide and reproducibles, and its rating, rubric score, "applied" and download reach the server once when back online', async ({ page, context }) => {
  test.slow();
  await recordSnackbars(page);
  await signInControlled(page, SAVER);
  const user = await me(page);
  const item = await api<Item>(page, STRATEGY.replace('/learning-objects', '/catalog/items'));
  const progressOf = async () => (await api<{ catalogItemsProgress: Progress[] }>(page, '/progress')).catalogItemsProgress.find((p) => p.catalogItemId === item.id);
  const before = await progressOf();

  await page.goto(STRATEGY);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const card = page.getByRole('region', { name: 'Watch offline' });
  await card.getByRole('button', { name: 'Save for offline' }).click();
  await expect(card).toContainText(/Saved on this device \([\d.]+ (kB|MB)\)/);
  await expectSnackbar(page, /^Saved for offline \([\d.]+ (kB|MB)\)$/);
  // The button pressed went with the save: its focus is on the card's heading, not lost to the page.
  await expect(card.getByRole('heading', { name: 'Watch offline' })).toBeFocused();
  const files = await savedFiles(page, user.id);
  for (const kept of ['video', 'captions-0', 'record']) expect(files).toContain(`/__offline/${user.id}/${item.id}/${kept}`);
  expect(files).toContain(`/api/catalog/items/${item.id}/reproducibles`);
  // Saving kept the files; the teacher has not downloaded them.
  expect((await progressOf())?.areReproduciblesDownloaded ?? false).toBe(before?.areReproduciblesDownloaded ?? false);

  // My learning lists it, with its size and the space used.
  await page.goto('/learning#saved-for-offline');
  const saved = page.getByRole('list', { name: 'Strategies saved for offline' });
  await expect(saved.getByRole('link', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Saved for offline' })).toContainText(/1 strategy · [\d.]+ (kB|MB) on this device/);
  await expectAccessible(page);

  // Offline: the page opens from the worker, the video plays from the device, and the learner's actions are kept.
  await context.setOffline(true);
  await page.goto(STRATEGY);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const video = page.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toContain(`/__offline/${user.id}/${item.id}/video`);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(3);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expect(page.getByRole('list', { name: 'Transcript of the video' }).getByRole('button').first()).toBeVisible();

  const radio = page.getByRole('radio', { name: '4 stars' });
  await radio.locator('xpath=ancestor::label[1]').click();
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  await expectSnackbar(page, 'Saved on this device. It is sent when you are back online.');
  await page.getByRole('tab', { name: 'Reflection rubric' }).click();
  const level = page.getByRole('tabpanel').getByRole('radio').nth(2);
  await level.locator('xpath=ancestor::label[1]').click();
  await page.getByRole('button', { name: 'Save rubric score' }).click();
  const apply = page.getByRole('button', { name: 'Apply in my classroom' });
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(page.getByRole('button', { name: 'Remove from applied' })).toBeVisible();
  // The guide and the reproducibles are the saved ones: the archive is a real zip, from the device.
  await page.getByRole('tab', { name: 'Implementation guide' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(/\w+/);
  await page.getByRole('tab', { name: 'Resources' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download reproducibles' }).click();
  const archive = await readFile((await (await downloading).path()) ?? '');
  expect(archive.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, `elp.offlineChanges.${user.id}`)).toBe(4);

  // Back online: each change is sent once, in one go, and the server holds it.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/catalog\/items\/[^/]+\/(ratings|rubric-scores|strategy-application|reproducibles)$/.test(new URL(request.url()).pathname)) sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await context.setOffline(false);
  await expectSnackbar(page, 'Your 4 changes made offline are saved.');
  await expect.poll(async () => (await api<Item>(page, `/catalog/items/${item.id}`)).userRating?.value).toBe(4);
  expect((await api<Item>(page, `/catalog/items/${item.id}`)).userRubricScore).toBe(3);
  expect((await progressOf())?.isStrategyApplied).toBe(true);
  expect((await progressOf())?.areReproduciblesDownloaded).toBe(true);
  // The video watched offline counts, through the play session the save started.
  await expect.poll(async () => (await progressOf())?.videoProgress ?? 0).toBeGreaterThan(0);
  // Nothing is left to send: a reload and another minute's look send nothing more.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), `elp.offlineChanges.${user.id}`)).toBeNull();
  expect(sent.sort()).toEqual([
    `GET /api/catalog/items/${item.id}/reproducibles`,
    `POST /api/catalog/items/${item.id}/ratings`,
    `POST /api/catalog/items/${item.id}/strategy-application`,
    `PUT /api/catalog/items/${item.id}/rubric-scores`,
  ]);

  // Left as it was for the next run: not applied, not saved. Logout removes every saved file.
  await page.getByRole('button', { name: 'Remove from applied' }).click();
  await expect(page.getByRole('button', { name: 'Apply in my classroom' })).toBeVisible();
  await page.goto(STRATEGY);
  await expect(card).toContainText('Saved on this device');
  await signOut(page);
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('user-')))).toEqual([]);
});

test('a saved strategy past its date no longer plays offline, and an unsaved one says it needs a connection', async ({ page, context }) => {
  await signInControlled(page, SAVER);
  const user = await me(page);
  const item = await api<Item>(page, STRATEGY.replace('/learning-objects', '/catalog/items'));
  await page.goto(STRATEGY);
  const card = page.getByRole('region', { name: 'Watch offline' });
  await card.getByRole('button', { name: 'Save for offline' }).click();
  await expect(card).toContainText('Saved on this device');
  // The subscription's period ended while the device was offline: its copy's date has passed.
  await page.evaluate(
    async ({ name, record }) => {
      const cache = await caches.open(name);
      const stored = (await (await cache.match(record))!.json()) as { offlineUntil: string };
      await cache.put(record, Response.json({ ...stored, offlineUntil: new Date(Date.now() - 60_000).toISOString() }));
    },
    { name: `user-files-${user.id}`, record: `/__offline/${user.id}/${item.id}/record` },
  );

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('This video needs a connection. A strategy saved for offline plays without one.')).toBeVisible();
  await expect.poll(() => savedFiles(page, user.id)).toEqual([]);
  await page.goto('/learning');
  await expect(page.getByRole('region', { name: 'Saved for offline' })).toContainText('Nothing saved on this device');
  await expectAccessible(page);
  await context.setOffline(false);
});
