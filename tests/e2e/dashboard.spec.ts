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

test('on a phone each list is a shelf: one row that scrolls sideways, the page no wider than the screen; a wide screen keeps the grid', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, \S/ })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  const shelf = section(page, 'Recommended for you').getByRole('list');
  await expect(shelf.getByRole('listitem').nth(1)).toBeVisible();
  const tops = () => shelf.getByRole('listitem').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(new Set(await tops()).size).toBe(1);
  // The next card peeks in at the edge: there is more to the side.
  const [first, second] = await shelf.getByRole('listitem').evaluateAll((items) => items.slice(0, 2).map((item) => item.getBoundingClientRect().toJSON()));
  expect(second!.left).toBeLessThan(375);
  expect(first!.width).toBeGreaterThan(200);
  expect(await shelf.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // The last card is reached from the keyboard: its link scrolls into view.
  const last = shelf.getByRole('listitem').last().getByRole('link');
  await last.focus();
  await expect(last).toBeInViewport();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await tops()).length).toBeGreaterThan(3);
  expect(new Set(await tops()).size).toBeGreaterThan(1);
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

test('"Start here" plays the explorer playlist: /?playVideo=true opens its first strategy, in the playlist, playing', async ({ page }) => {
  await signInLocally(page, NEWCOMER);
  const resume = section(page, 'Continue where you left off');
  await resume.getByRole('link', { name: 'Start here' }).click();
  // The explorer playlist setting's default: the seed's "First Weeks of School Essentials".
  await expect(page).toHaveURL(/\/learning-objects\/routine-rehearsal\?playlist=first-weeks-of-school-essentials&playVideo=true$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Routine Rehearsal' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Playlist' })).toContainText('1 of 6');
  await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => !video.paused && video.currentTime > 0), { timeout: 15_000 }).toBe(true);
  // Back returns to the dashboard: the steps between were replaced, not stacked.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, \S/ })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  // The address a person can share or bookmark does the same from a fresh load.
  await page.goto('/?playVideo=true');
  await expect(page).toHaveURL(/\/learning-objects\/routine-rehearsal\?playlist=first-weeks-of-school-essentials&playVideo=true$/);
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

test("a page's screen files are asked for while the app loads, and another screen's as the app navigates there", async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, \S/ })).toBeVisible();
  const map = (await (await page.request.get('/screen-preloads.json')).json()) as { routes: { name: string; files: string[] }[] };
  const filesOf = (name: string) => map.routes.find((route) => route.name === name)?.files ?? [];
  const catalogChunk = filesOf('catalog').find((file) => /\/catalog-page-[\w-]+\.js$/.test(file));
  expect(catalogChunk, 'the catalogue screen is listed').toBeDefined();

  // The app's own chunk is held back until the catalogue screen's chunk has been asked for: only
  // start.js can have asked for it, from the list.
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  let screenBeforeApp: boolean | null = null;
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    for (let i = 0; i < 30 && !asked.includes(catalogChunk!); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    screenBeforeApp ??= asked.includes(catalogChunk!);
    await route.continue();
  });
  await page.goto('/catalog');
  await expect(page.getByText(/\d[\d,+]* results?/).first()).toBeVisible();
  expect(screenBeforeApp).toBe(true);
  // Every file of the screen was linked once, and the first page's chunk lists none of them.
  const linked = await page.evaluate(() => Array.from(document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]'), (l) => l.getAttribute('href')));
  for (const file of filesOf('catalog')) expect(linked.filter((href) => href === file), file).toHaveLength(1);

  // To another screen: the app links its files as it goes.
  const livestreams = filesOf('livestreams').filter((file) => !filesOf('catalog').includes(file));
  expect(livestreams.length).toBeGreaterThan(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Livestreams' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Livestreams' })).toBeVisible();
  const linkedNow = await page.evaluate(() => Array.from(document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]'), (l) => l.getAttribute('href')));
  expect(linkedNow).toEqual(expect.arrayContaining(livestreams));
});

test("a screen's first API requests leave with the start-up ones, before the app has run, and are made once (src/api/early-requests.ts)", async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, \S/ })).toBeVisible();
  type FirstPage = { withAudience: string; withoutAudience: string; placeholder: string };
  const map = (await (await page.request.get('/screen-preloads.json')).json()) as { routes: { name: string; requests: string[]; firstPage?: FirstPage }[] };
  const requestsOf = (name: string) => map.routes.find((route) => route.name === name)?.requests ?? [];
  // The catalogue's first page, with the audience the educator's profile names.
  const firstPage = map.routes.find((route) => route.name === 'catalog')!.firstPage!;
  const { audienceId } = await api<{ audienceId: string | null }>(page, '/api/profile');
  expect(audienceId, 'the educator has a profile audience').toBeTruthy();
  const catalogFirstPage = firstPage.withAudience.replace(firstPage.placeholder, encodeURIComponent(audienceId!));
  const pages = [
    { path: '/', early: requestsOf('dashboard'), ready: () => expect(section(page, 'Recommended for you')).toBeVisible() },
    {
      path: '/learning-objects/concept-carousel',
      early: requestsOf('learning-object').map((path) => path.replace('{id}', 'concept-carousel')),
      ready: () => expect(page.getByRole('heading', { level: 1, name: 'Concept Carousel' })).toBeVisible(),
    },
    {
      path: '/catalog',
      early: [...requestsOf('catalog'), catalogFirstPage],
      ready: () => expect(page.getByText(/\d[\d,+]* results?/).first()).toBeVisible(),
    },
  ];
  expect(pages[0]!.early).toContain('/api/catalog/recommendations/featured');
  expect(pages[1]!.early).toContain('/api/catalog/items/concept-carousel');

  for (const { path, early, ready } of pages) {
    const asked: string[] = [];
    const onRequest = (request: { url: () => string; method: () => string }) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    };
    page.on('request', onRequest);
    let askedBeforeApp: string[] | null = null;
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      for (let i = 0; i < 30 && !early.every((p) => asked.includes(p)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      askedBeforeApp ??= [...asked];
      await route.continue();
    });
    await page.goto(path);
    await ready();
    await page.unroute(/\/assets\/index-[^/]*\.js$/);
    page.off('request', onRequest);
    expect(askedBeforeApp, path).toEqual(expect.arrayContaining(early));
    // The app took each early response instead of asking again, and asked for no other page of
    // the catalogue (which it would if the early one were not the very request it makes).
    for (const request of early) expect(asked.filter((p) => p === request), `${path}: ${request}`).toHaveLength(1);
    if (path === '/catalog') expect(asked.filter((p) => p.startsWith('/api/catalog/items'))).toEqual([catalogFirstPage]);
  }
});

test('the picture a screen shows largest is asked for while the app loads, once (src/api/early-requests.ts LARGEST_PICTURE)', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, \S/ })).toBeVisible();
  const pages = [
    { path: '/', picture: () => section(page, 'Continue where you left off').locator('img') },
    { path: '/catalog', picture: () => page.getByRole('list', { name: 'Catalogue results' }).locator('img').first() },
    // A strategy's is its video's poster: the video is asked for early too, and once.
    { path: '/learning-objects/concept-carousel', picture: () => page.locator('video[poster]') },
  ];
  for (const { path, picture } of pages) {
    // Nothing of the page before (its lazy pictures) is counted.
    await page.goto('about:blank');
    const images: string[] = [];
    const videos: string[] = [];
    const onRequest = (request: { url: () => string; resourceType: () => string }) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'image') images.push(url.pathname);
      if (/^\/api\/catalog\/items\/[^/]+\/video$/.test(url.pathname)) videos.push(url.pathname);
    };
    page.on('request', onRequest);
    // The app's own chunk waits (3 s at most) until a picture has been asked for: only start.js can have asked.
    let imagesBeforeApp: string[] | null = null;
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      for (let i = 0; i < 30 && !images.length; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      imagesBeforeApp ??= [...images];
      await route.continue();
    });
    await page.goto(path);
    await expect(picture()).toBeVisible();
    await page.unroute(/\/assets\/index-[^/]*\.js$/);
    page.off('request', onRequest);
    const shown = new URL(await picture().evaluate((el: HTMLImageElement | HTMLVideoElement) => ('poster' in el ? el.poster : el.currentSrc))).pathname;
    expect(shown, path).toMatch(/^\/media\//);
    // The very picture the screen shows, asked for before the app ran, and not asked for again.
    expect(imagesBeforeApp, path).toEqual([shown]);
    expect(images.filter((p) => p === shown), path).toHaveLength(1);
    expect(videos, path).toHaveLength(path.startsWith('/learning-objects/') ? 1 : 0);
  }
});

test('when the app asks before start.js could, start.js sends nothing again late (a strategy, its video)', async ({ page }) => {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, \S/ })).toBeVisible();
  await page.goto('about:blank');
  const item = '/api/catalog/items/concept-carousel';
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === item || /^\/api\/catalog\/items\/[^/]+\/video$/.test(pathname)) asked.push(pathname);
  });
  // start.js learns the screen's requests from the screens' file lists: held until the app has
  // asked for the item itself (5 s at most), as when the app's JavaScript is already cached.
  await page.route('**/screen-preloads.json', async (route) => {
    for (let i = 0; i < 50 && !asked.includes(item); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    await route.continue();
  });
  await page.goto('/learning-objects/concept-carousel');
  await expect(page.getByRole('heading', { level: 1, name: 'Concept Carousel' })).toBeVisible();
  await expect(page.locator('video[poster]')).toBeVisible();
  // Time for a late request to go out.
  await page.waitForLoadState('networkidle');
  await page.unroute('**/screen-preloads.json');
  expect(asked.filter((p) => p === item)).toHaveLength(1);
  expect(asked.filter((p) => p.endsWith('/video'))).toHaveLength(1);
});
