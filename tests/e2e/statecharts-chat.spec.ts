import { expect, test, type Page } from '@playwright/test';
import { MACHINES } from '@/machines/registry';
import { expectAccessible, signInLocally } from './support';
import { expectActiveDrawnGreen, expectDrawingLegible, pageWidth, watchCsp } from './statechart-drawing';

const EDUCATOR = 'educator01@northwind.example.org';
const ADMIN = 'admin@example.org';
const SCHEMES = ['light', 'dark'] as const;

/** Holds back the feature-flag payload, so the app runs a while on its flag defaults. */
async function slowFlags(page: Page, ms: number) {
  await page.route('**/api/flags/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test.describe('statechart viewer', () => {
  test('lists every machine, draws the navigation guard, highlights the live auth state', async ({ page }) => {
    const violations = await watchCsp(page);
    await signInLocally(page, ADMIN, '/statecharts');
    await expect(page).toHaveURL(/\/statecharts$/);
    await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible();
    const machines = page.getByRole('navigation', { name: 'Machines' });
    for (const entry of MACHINES) await expect(machines.getByRole('link', { name: entry.name, exact: true })).toBeVisible();

    // Auth is the default machine: a signed-in user's auth actor is in `authenticated`.
    await expect(page.getByTestId('live-state')).toHaveText(/^authenticated/);
    await expect(page.locator('svg.sc-diagram g.sc-active[data-state="auth.authenticated"]')).toHaveCount(1);
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await expectActiveDrawnGreen(page, 'auth', 'auth.authenticated.idle');
      await expectAccessible(page);
    }

    await machines.getByRole('link', { name: 'navigation-guard', exact: true }).click();
    await expect(page).toHaveURL(/machine=navigation-guard/);
    const drawing = page.getByRole('img', { name: 'navigation-guard statechart' });
    await expect(drawing).toBeVisible();
    for (const state of ['checkingRoute', 'loadingUser', 'checkingSession', 'demo', 'regular', 'anonymous', 'decided']) {
      await expect(drawing.locator(`g[data-state="navigationGuard.${state}"]`)).toHaveCount(1);
    }
    const table = page.getByRole('grid', { name: 'Transitions of the navigation-guard machine' });
    await expect(table).toContainText('isLegacyRedirect');
    // A negated guard reads as negated in the built app too (minified names).
    await expect(table).toContainText('!routeAllowsDemo');
    // Product staff look a transition up by its guard: the search narrows the table.
    await page.getByRole('searchbox', { name: 'Search transitions' }).fill('isLegacyRedirect');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).not.toContainText('!routeAllowsDemo');
    await expect(page.getByText('Not running now.')).toBeVisible();
    await expectAccessible(page);
    expect(await violations()).toEqual([]);
  });

  test('a platform admin is offered only what the guard lets them keep: clicking around never signs them out', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInLocally(page, ADMIN, '/statecharts');
    await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible();
    // No Dashboard, Catalog, Livestreams…: each would send a platform admin to the admin site.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(0);
    await page.getByRole('link', { name: 'Educator Learning Platform home' }).click();
    await expect(page).toHaveURL(/\/statecharts$/);
    await page.getByRole('button', { name: /Alex Admin/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Statecharts' }).click();
    await expect(page).toHaveURL(/\/statecharts$/);
    await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('AV_TOKEN'))).not.toBeNull();
  });

  test('every machine at 1280 px, light and dark: legible boxes inside the drawing, no CSP violation, no sideways scroll', async ({ page }) => {
    // Every machine's drawing is laid out in the page (ELK) and checked twice: far more than the
    // default minute when other browser tests share the machine's two cores.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const violations = await watchCsp(page);
    await signInLocally(page, ADMIN, '/statecharts');
    await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible();
    const machines = page.getByRole('navigation', { name: 'Machines' });
    for (const entry of MACHINES) {
      await machines.getByRole('link', { name: entry.name, exact: true }).click();
      const drawing = page.getByRole('img', { name: `${entry.name} statechart` });
      await expect(drawing, entry.name).toBeVisible();
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        await expectDrawingLegible(page, entry.name, { minFontPx: 9 });
      }
      const width = await pageWidth(page);
      expect(width.scrollWidth, `${entry.name}: page width`).toBeLessThanOrEqual(width.innerWidth);
    }
    expect(await violations()).toEqual([]);
  });
});

test.describe('statechart viewer on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('375 px: no sideways scroll, the drawing scaled into its frame, zoom and pan, a machine picker', async ({ page }) => {
    const violations = await watchCsp(page);
    await signInLocally(page, ADMIN, '/statecharts');
    await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible();
    for (const name of ['auth', 'navigation-guard', 'root', 'chat']) {
      await page.goto(`/statecharts?machine=${name}`);
      const drawing = page.getByRole('img', { name: `${name} statechart` });
      await expect(drawing, name).toBeVisible();
      const region = page.getByRole('region', { name: `${name} statechart drawing` });
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        await expectDrawingLegible(page, name);
        const width = await pageWidth(page);
        expect(width.scrollWidth, `${name}: page width`).toBeLessThanOrEqual(width.innerWidth);
      }
      const frame = await region.boundingBox();
      const fitted = await drawing.boundingBox();
      expect(fitted!.width, `${name}: the drawing fits its frame`).toBeLessThanOrEqual(frame!.width);
      expect(frame!.x + frame!.width, `${name}: the frame fits the screen`).toBeLessThanOrEqual(375);
    }

    // The widest drawing, zoomed in to 100 % (five steps from the fitted 6 %), pans inside its own frame.
    await page.goto('/statecharts?machine=auth');
    const region = page.getByRole('region', { name: 'auth statechart drawing' });
    const drawing = page.getByRole('img', { name: 'auth statechart' });
    await expect(drawing).toBeVisible();
    const before = (await drawing.boundingBox())!.width;
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    for (let step = 0; step < 5; step += 1) await zoomIn.click();
    await expect(page.getByRole('status', { name: 'Zoom level' })).toHaveText('100%');
    await expect.poll(async () => (await drawing.boundingBox())!.width).toBeGreaterThan(before * 4);
    await expectDrawingLegible(page, 'auth', { minFontPx: 9 });
    await region.focus();
    await expect(region).toBeFocused();
    const scrolled = await region.evaluate((element) => element.scrollLeft);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(scrolled);
    expect((await pageWidth(page)).scrollWidth).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Fit to width' }).click();
    await expect.poll(async () => (await drawing.boundingBox())!.width).toBeLessThanOrEqual((await region.boundingBox())!.width);

    // The machine list becomes a picker.
    const machines = page.getByRole('navigation', { name: 'Machines' });
    await expect(machines.getByRole('link', { name: 'flags', exact: true })).toBeHidden();
    await machines.getByRole('combobox', { name: 'Machine' }).selectOption('flags');
    await expect(page).toHaveURL(/machine=flags/);
    await expect(page.getByRole('img', { name: 'flags statechart' })).toBeVisible();
    expect((await pageWidth(page)).scrollWidth).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    expect(await violations()).toEqual([]);
  });
});

test.describe('statechart viewer access', () => {
  test('the platform admin opens it from the account menu and from the admin page', async ({ page }) => {
    await signInLocally(page, ADMIN, '/statecharts?machine=flags');
    await expect(page.getByRole('heading', { name: 'flags', level: 2, exact: true })).toBeVisible();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Statecharts' }).click();
    await expect(page).toHaveURL(/\/statecharts$/);
    await expect(page.getByRole('heading', { name: 'auth', level: 2, exact: true })).toBeVisible();

    // A fresh page load, with the flags arriving late: the route waits for them and the role.
    await slowFlags(page, 1500);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Statecharts' }).click();
    await expect(page).toHaveURL(/\/statecharts$/);
    await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible();
  });

  test('other roles see no menu item and no page, also while the flags are loading', async ({ page }) => {
    await signInLocally(page, EDUCATOR);
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Statecharts' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await slowFlags(page, 1500);
    await page.goto('/statecharts');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Statecharts' })).toHaveCount(0);
  });
});

test.describe('help chat', () => {
  test('answers from the help topics; Escape closes and focus returns to the launcher', async ({ page }) => {
    await signInLocally(page, EDUCATOR);
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    const launcher = page.getByRole('button', { name: 'Help', exact: true });
    await launcher.click();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await expect(dialog).toBeVisible();
    const question = dialog.getByLabel('Your question');
    await expect(question).toBeFocused();
    await question.fill('How do I download reproducibles?');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    const log = dialog.getByRole('log');
    await expect(log).toContainText('Reproducibles are the printable resources of a strategy.');
    await expectAccessible(page);

    await question.fill('What is the weather like on Mars?');
    await question.press('Enter');
    await expect(log.getByRole('link', { name: /community channel/ })).toHaveAttribute('href', 'https://community.example.org/c/general');

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(launcher).toBeFocused();
  });
});

test.describe('community', () => {
  test('opens the community in a new tab and shows the link', async ({ page, context }) => {
    await context.route('https://community.example.org/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Community</title>' }));
    await signInLocally(page, EDUCATOR);
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    const opened = context.waitForEvent('page');
    await page.goto('/community');
    const tab = await opened;
    expect(tab.url()).toContain('https://community.example.org/c/general');
    await expect(page.getByRole('heading', { name: 'Community' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'open the community' })).toHaveAttribute('href', /community\.example\.org/);
  });
});
