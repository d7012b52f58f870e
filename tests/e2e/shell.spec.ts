import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInLocally, startPersonalizedDemo } from './support';

const EDUCATOR = 'educator01@northwind.example.org';
const SCHOOL_ADMIN = 'school.admin@maple.northwind.example.org';
const TRIAL = 'trial@example.org';
const NO_ACCESS = 'noaccess@example.org';

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 740 };

async function signInTo(page: Page, email: string, heading: RegExp | string = /Welcome/) {
  await signInLocally(page, email);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const startDemo = (page: Page) => startPersonalizedDemo(page, `e2e.shell.${Date.now()}@example.org`);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const accountButton = (page: Page) => page.getByRole('button', { name: /^Account menu/ });

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe('navigation', () => {
  test('desktop: an educator sees the member links and no Usage', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInTo(page, EDUCATOR);
    const nav = mainNav(page);
    for (const name of ['Dashboard', 'Catalog', 'Livestreams', 'My learning', 'Community']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Usage' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await nav.getByRole('link', { name: 'Catalog' }).click();
    await expect(page).toHaveURL(/\/catalog/);
    await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Catalog' })).toHaveAttribute('aria-current', 'page');
    // Layout numbers of spec §9.
    expect((await page.getByRole('banner').boundingBox())?.height).toBe(64);
    expect((await page.getByRole('contentinfo').boundingBox())?.height).toBe(56);
  });

  test('desktop: a school admin reaches Usage from the navbar', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInTo(page, SCHOOL_ADMIN);
    await mainNav(page).getByRole('link', { name: 'Usage' }).click();
    await expect(page).toHaveURL(/\/usage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Educator Usage' })).toBeVisible();
  });

  test('mobile: the navigation collapses into a menu button', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signInTo(page, EDUCATOR);
    await expect(mainNav(page)).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('link', { name: 'Usage' })).toHaveCount(0);
    await mainNav(page).getByRole('link', { name: 'Livestreams' }).click();
    await expect(page).toHaveURL(/\/livestreams$/);
    await expect(mainNav(page)).toBeHidden();
    // Keyboard: the panel opens, arrows move, Escape closes and returns focus.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(mainNav(page).getByRole('link', { name: 'Catalog' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(mainNav(page)).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expectNoHorizontalOverflow(page);
  });

  test('mobile: a school admin finds Usage in the menu panel', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signInTo(page, SCHOOL_ADMIN);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await mainNav(page).getByRole('link', { name: 'Usage' }).click();
    await expect(page).toHaveURL(/\/usage$/);
  });
});

test.describe('keyboard', () => {
  test('Tab to the navbar and the user menu; arrows, Enter and Escape work', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInTo(page, EDUCATOR);
    await page.locator('body').focus();
    const catalog = mainNav(page).getByRole('link', { name: 'Catalog' });
    for (let i = 0; i < 10 && !(await catalog.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(catalog).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/catalog/);

    const trigger = accountButton(page);
    for (let i = 0; i < 15 && !(await trigger.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Billing' })).toBeFocused();
    for (const theme of ['System', 'Light', 'Dark']) {
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitemradio', { name: theme })).toBeFocused();
    }
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test('the user menu opens on hover after its delay and signs out', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInTo(page, EDUCATOR);
    await accountButton(page).hover();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menu').locator('..')).toHaveCSS('max-height', '310px');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('upgrade', () => {
  async function openDialog(page: Page) {
    const upgrade = page.getByRole('complementary', { name: 'Upgrade' }).getByRole('button', { name: 'Upgrade' });
    await upgrade.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    return { dialog, upgrade };
  }

  async function expectFocusTrapped(page: Page) {
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
  }

  test('a trial user with a card on file: the banner says when the trial ends and what is charged then, and leads to billing', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInTo(page, TRIAL);
    const banner = page.getByRole('complementary', { name: 'Upgrade' });
    await expect(banner).toContainText(/Your free trial ends in \d+ days?, on [A-Z][a-z]{2} \d{1,2}\./);
    await expect(banner).toContainText('Then $149 a year on Visa •••• 4242, until you cancel.');
    // Nothing to upgrade to: the trial becomes the paid year by itself.
    await expect(banner.getByRole('button', { name: 'Upgrade' })).toHaveCount(0);
    expect((await banner.boundingBox())?.height).toBe(84);
    await expectAccessible(page);
    await banner.getByRole('link', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText(/In trial until/);
  });

  test('a trial user on a phone: the banner is 108 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInTo(page, TRIAL);
    expect((await page.getByRole('complementary', { name: 'Upgrade' }).boundingBox())?.height).toBe(108);
  });

  test('an educator with a paid subscription sees no banner', async ({ page }) => {
    await signInTo(page, EDUCATOR);
    await expect(page.getByRole('complementary', { name: 'Upgrade' })).toHaveCount(0);
  });

  test('a demo user: dialog offers to create the account, menu offers Register', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await startDemo(page);
    await accountButton(page).click();
    await expect(page.getByRole('menuitem', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(mainNav(page).getByRole('link')).toHaveText(['Dashboard', 'Catalog', 'Livestreams']);
    const { dialog } = await openDialog(page);
    await expect(dialog).toHaveAccessibleName('Create your account to keep learning');
    await expect(dialog.getByRole('button', { name: 'Create your account' })).toBeVisible();
    await expectFocusTrapped(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('responsive layout', () => {
  const widths = [375, 768, 1280, 1920];
  const pages: { name: string; email?: string; path: string; heading: RegExp }[] = [
    { name: 'login', path: '/login', heading: /Sign in/ },
    { name: 'dashboard', email: TRIAL, path: '/', heading: /Welcome/ },
    { name: 'payment', email: NO_ACCESS, path: '/payment', heading: /Start your 14-day free trial/ },
  ];
  for (const target of pages) {
    test(`${target.name}: no horizontal overflow at ${widths.join(', ')}`, async ({ page }, testInfo) => {
      if (target.email) await signInLocally(page, target.email);
      else await page.goto(target.path);
      await expect(page).toHaveURL(new RegExp(`${target.path === '/' ? '/$' : target.path}`));
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: testInfo.outputPath(`${target.name}-${width}.png`), fullPage: true });
      }
    });
  }
});

test.describe('responsive layout of the shell screens', () => {
  test('catalogue, livestreams, a strategy and a playlist fit at 375, 768, 1280 and 1920', async ({ page }) => {
    await signInLocally(page, 'educator01@northwind.example.org');
    await expect(page).toHaveURL(/\/$/);
    // Real ids from the seeded catalogue, read with the signed-in educator's local token.
    const ids = await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('AV_TOKEN')}` };
      const first = async (type: string) =>
        ((await (await fetch(`/api/catalog/items?resourceType=${type}&limit=1`, { headers })).json()) as { items: { publicId: string }[] }).items[0]!.publicId;
      return { strategy: await first('LEARNING_OBJECT'), playlist: await first('PLAYLIST') };
    });
    for (const path of ['/catalog', '/livestreams', `/learning-objects/${ids.strategy}`, `/playlists/${ids.playlist}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const width of [375, 768, 1280, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoHorizontalOverflow(page);
      }
    }
  });
});

test.describe('accessibility', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`shell, user menu and upgrade dialog pass axe (${colorScheme})`, async ({ page }, testInfo) => {
      // Four axe passes and four screenshots: more than the default minute on a busy machine.
      test.slow();
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(DESKTOP);
      // A demo visitor has the upgrade dialog (a trial with a card on file has Manage billing instead).
      await startDemo(page);
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`shell-${colorScheme}.png`) });
      await accountButton(page).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`menu-${colorScheme}.png`) });
      await page.keyboard.press('Escape');
      await page.getByRole('complementary', { name: 'Upgrade' }).getByRole('button', { name: 'Upgrade' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`dialog-${colorScheme}.png`) });
      await page.setViewportSize(MOBILE);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`mobile-menu-${colorScheme}.png`) });
    });
  }
});

test.describe('tab titles and the 404 page', () => {
  test('each route names the tab "<page> · Educator Learning", and the 404 page names itself', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in · Educator Learning');
    await signInTo(page, EDUCATOR);
    await expect(page).toHaveTitle('Dashboard · Educator Learning');
    for (const [link, title] of [
      ['Catalog', 'Catalog · Educator Learning'],
      ['Livestreams', 'Livestreams · Educator Learning'],
      ['My learning', 'My learning · Educator Learning'],
      ['Community', 'Community · Educator Learning'],
      ['Dashboard', 'Dashboard · Educator Learning'],
    ] as const) {
      await mainNav(page).getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveTitle(title);
    }
    await page.goto('/profile');
    await expect(page).toHaveTitle('Profile · Educator Learning');
    // Detail pages name the tab after their item once it has loaded.
    for (const [path, title] of [
      ['/learning-objects/concept-carousel', 'Concept Carousel · Educator Learning'],
      ['/playlists/feedback-that-moves-learning', 'Feedback That Moves Learning · Educator Learning'],
      ['/livestreams/launching-the-year-with-routines-that-stick', 'Launching the Year With Routines That Stick · Educator Learning'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('Page not found · Educator Learning');
    // Back to a known page, the route's title again.
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveTitle('Dashboard · Educator Learning');
  });

  test('a signed-in user keeps the navbar and footer on the 404 page; a visitor sees the page alone', async ({ page }) => {
    await signInTo(page, EDUCATOR);
    for (const path of ['/no/such/page', '/learning-objects/a/b']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(mainNav(page)).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(accountButton(page)).toBeVisible();
    }
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await expectAccessible(page);
        await expectNoHorizontalOverflow(page);
      }
    }
    // The navbar works from there.
    await page.setViewportSize(DESKTOP);
    await mainNav(page).getByRole('link', { name: 'Catalog', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog/);

    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
    await expectAccessible(page);
  });
});
