import { expect, test } from '@playwright/test';
import { MACHINES } from '@/lib/statecharts/registry';
import { expectAccessible, signInLocally } from './support';

const EDUCATOR = 'educator01@northwind.example.org';

test.describe('statechart viewer', () => {
  test('lists every machine, draws the navigation guard, highlights the live auth state', async ({ page }) => {
    await signInLocally(page, EDUCATOR, '/statecharts');
    await expect(page).toHaveURL(/\/statecharts$/);
    await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible();
    const machines = page.getByRole('navigation', { name: 'Machines' });
    for (const entry of MACHINES) await expect(machines.getByRole('link', { name: entry.name, exact: true })).toBeVisible();

    // Auth is the default machine: a signed-in user's auth actor is in `authenticated`.
    await expect(page.getByTestId('live-state')).toHaveText(/^authenticated/);
    await expect(page.locator('svg.sc-diagram g.sc-active[data-state="auth.authenticated"]')).toHaveCount(1);
    await expectAccessible(page);

    await machines.getByRole('link', { name: 'navigation-guard', exact: true }).click();
    await expect(page).toHaveURL(/machine=navigation-guard/);
    const drawing = page.getByRole('img', { name: 'navigation-guard statechart' });
    await expect(drawing).toBeVisible();
    for (const state of ['checkingRoute', 'loadingUser', 'checkingSession', 'demo', 'regular', 'anonymous', 'decided']) {
      await expect(drawing.locator(`g[data-state="navigationGuard.${state}"]`)).toHaveCount(1);
    }
    await expect(page.getByRole('table')).toContainText('isLegacyRedirect');
    await expect(page.getByText('Not running now.')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('statechart viewer, every machine', () => {
  test('draws each machine of the registry as an SVG statechart', async ({ page }) => {
    await signInLocally(page, EDUCATOR, '/statecharts');
    await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible();
    const machines = page.getByRole('navigation', { name: 'Machines' });
    for (const entry of MACHINES) {
      await machines.getByRole('link', { name: entry.name, exact: true }).click();
      const drawing = page.getByRole('img', { name: `${entry.name} statechart` });
      await expect(drawing, entry.name).toBeVisible();
      expect(await drawing.locator('g[data-state]').count(), entry.name).toBeGreaterThan(0);
    }
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
    await expect(log).toContainText('Reproducibles are the downloadable resources of a strategy.');
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
