import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInLocally, startDemo, startPersonalizedDemo } from './support';

// Onboarding and personalization ask one question at a time: strands as chips first, the
// elements of a chosen strand disclosed under it, a progress line, and a bar at the bottom of
// the viewport whose Next says why it cannot go on yet. Also the upgrade dialog's ways out on a
// phone and the colour scheme chosen in the account menu.

const NEWBIE = 'newbie@example.org';
const TRIAL = 'trial@example.org';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

const next = (page: Page) => page.getByRole('button', { name: 'Next' });

/** The element is entirely inside the viewport. */
async function expectInViewport(page: Page, name: string, box: { x: number; y: number; width: number; height: number } | null) {
  const viewport = page.viewportSize()!;
  expect(box, name).not.toBeNull();
  expect(box!.y, `${name} top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${name} bottom`).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width, `${name} right`).toBeLessThanOrEqual(viewport.width);
}

/** axe at 375 and 1280 (or only the given viewports), light and dark; ends at a phone in light. */
async function expectAccessibleEverywhere(page: Page, viewports = [DESKTOP, PHONE]) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectAccessible(page);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(PHONE);
}

// Each axe pass takes seconds; these tests run several at 2 sizes and 2 schemes.
test.describe.configure({ timeout: 240_000 });

test.describe('onboarding', () => {
  test('strands first, elements of a chosen strand disclosed, a short page on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInLocally(page, NEWBIE);
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: 'What would you like to focus on?' })).toBeVisible();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();

    // Ten strands in three categories, no elements until a strand is chosen.
    await expect(page.getByRole('group', { name: 'Planning and Instruction' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(10);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(1400);

    // Next says why it cannot go on, and stays focusable; the bar is in view without scrolling.
    await expect(next(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(next(page)).toHaveAccessibleDescription('Please select at least 1 interest');
    await expectInViewport(page, 'Next', await next(page).boundingBox());
    await next(page).click({ force: true });
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expectAccessibleEverywhere(page);

    // A strand opens its elements; none picked is all of it.
    await page.getByRole('checkbox', { name: 'Effective Feedback' }).check();
    const elements = page.getByRole('group', { name: 'Effective Feedback' });
    await expect(elements.getByRole('checkbox')).toHaveCount(4);
    await expect(elements).toContainText('All of it is included');
    await expect(page.getByText('1 topic chosen')).toBeVisible();
    await expect(next(page)).toHaveAttribute('aria-disabled', 'false');
    await expectAccessibleEverywhere(page);

    // Narrowing to one element, then taking it off again, keeps the strand chosen.
    const element = elements.getByRole('checkbox').first();
    await element.check();
    await expect(elements).toContainText('Only the elements you picked');
    await element.uncheck();
    await expect(elements).toContainText('All of it is included');
    await expect(page.getByRole('checkbox', { name: 'Effective Feedback' })).toBeChecked();

    // Taking the strand off hides its elements and blocks Next again.
    await page.getByRole('checkbox', { name: 'Effective Feedback' }).uncheck();
    await expect(elements).toHaveCount(0);
    await expect(next(page)).toHaveAttribute('aria-disabled', 'true');

    // Keyboard: Space on a chip chooses it, Enter in the form goes on.
    await page.getByRole('checkbox', { name: 'Clear Learning Goals' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Clear Learning Goals' })).toBeChecked();
    await next(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Who do you teach?' })).toBeFocused();
    await expect(next(page)).toHaveAccessibleDescription('The Audience field is required');
    await expectAccessibleEverywhere(page, [PHONE]);

    await page.getByRole('radio').first().check();
    await next(page).click();
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finish' })).toHaveAttribute('aria-disabled', 'true');
    await expectAccessibleEverywhere(page, [PHONE]);
    await page.getByRole('radio', { name: /Established/ }).check();
    await expect(page.getByRole('button', { name: 'Finish' })).toHaveAttribute('aria-disabled', 'false');
    await expectInViewport(page, 'Finish', await page.getByRole('button', { name: 'Finish' }).boundingBox());

    // Back keeps the answers.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('checkbox', { name: 'Clear Learning Goals' })).toBeChecked();
  });
});

test.describe('personalize', () => {
  test('a new demo user personalizes with the same wizard and reaches the dashboard', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await startDemo(page, `e2e.onboard.${Date.now()}@example.org`);
    await expect(page).toHaveURL(/\/personalize$/);
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    await expectAccessibleEverywhere(page);
    await page.getByRole('checkbox', { name: 'Routines and Procedures' }).check();
    await page.getByRole('group', { name: 'Routines and Procedures' }).getByRole('checkbox').nth(1).check();
    await expectAccessibleEverywhere(page, [PHONE]);
    await next(page).click();
    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await page.getByRole('radio').nth(1).check();
    await expectAccessibleEverywhere(page, [DESKTOP]);
    await page.getByRole('button', { name: 'Start exploring' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('upgrade dialog on a phone', () => {
  test('Close and Not now are in view at 375x812; Close and Escape close it', async ({ page }) => {
    await page.setViewportSize(PHONE);
    // A demo visitor: a trial with a card on file has Manage billing instead of the dialog.
    await startPersonalizedDemo(page, `e2e.phone.upgrade.${Date.now()}@example.org`);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    const upgrade = page.getByRole('complementary', { name: 'Upgrade' }).getByRole('button', { name: 'Upgrade' });
    await upgrade.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectInViewport(page, 'Not now', await dialog.getByRole('button', { name: 'Not now' }).boundingBox());
    await expectInViewport(page, 'Close', await dialog.getByRole('button', { name: 'Close' }).boundingBox());
    await expectInViewport(page, 'Create your account', await dialog.getByRole('button', { name: 'Create your account' }).boundingBox());
    const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
    expect(close!.width).toBeGreaterThanOrEqual(24);
    expect(close!.height).toBeGreaterThanOrEqual(24);
    await expectAccessibleEverywhere(page);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(upgrade).toBeFocused();

    await upgrade.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await upgrade.click();
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('colour scheme', () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

  test('Dark chosen in the account menu holds after a reload while the browser prefers light', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
    await signInLocally(page, TRIAL);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    const light = await background(page);

    const account = page.getByRole('button', { name: /^Account menu/ });
    await account.click();
    const theme = page.getByRole('group', { name: 'Theme' });
    await expect(theme.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await theme.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(theme.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => background(page)).not.toBe(light);
    const dark = await background(page);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    expect(await background(page)).toBe(dark);
    // Set before the app's script runs: the document is dark from its first paint.
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await expectAccessible(page);

    // The menu reaches it by keyboard too; System follows the browser again.
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    const system = page.getByRole('menuitemradio', { name: 'System' });
    for (let i = 0; i < 10 && !(await system.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await expect(system).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => background(page)).toBe(light);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    expect(await background(page)).toBe(light);

    // Light chosen while the browser prefers dark.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(page)).toBe(dark);
    await account.click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect.poll(() => background(page)).toBe(light);
  });
});
