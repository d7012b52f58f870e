import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSnackbar, recordSnackbars, signInAtAdminSite, signInAtProvider, signInLocally } from './support';

// The platform admin site: the admin signs in at /admin, finds an educator, deactivates
// them (the educator can no longer sign in, and is told why), reactivates them, and reads the
// audit log; every admin screen passes axe (WCAG 2.2 AA) at 1280. Anybody else who signs in
// there is sent to the educator app.

const ADMIN = 'admin@example.org';
const EDUCATOR = 'educator03@harbor.example.org';

test.use({ viewport: { width: 1280, height: 800 } });

const accounts = (page: Page) => page.getByRole('grid', { name: 'Accounts' });

test('the platform admin deactivates an educator, who cannot sign in, then reactivates them; every change is in the audit log', async ({ page, browser }) => {
  await recordSnackbars(page);
  // A long journey with five accessibility scans and a second browser context.
  test.setTimeout(150_000);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Platform admin', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await signInAtAdminSite(page, { email: ADMIN });
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(accounts(page).getByRole('row').nth(2)).toBeVisible();
  await expectAccessible(page);

  // Search, then open the educator's account.
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(EDUCATOR);
  await expect(accounts(page).getByRole('rowheader')).toHaveCount(1);
  await accounts(page).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  const accountUrl = page.url();
  await expect(page.getByText(EDUCATOR)).toBeVisible();
  await expectAccessible(page);

  // Deactivate, after a confirmation (itself accessible).
  await page.getByRole('button', { name: 'Deactivate account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: /^Deactivate / })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expectSnackbar(page, 'Account deactivated: every session has ended');
  await expect(page.getByRole('button', { name: 'Reactivate account' })).toBeVisible();

  // The educator cannot sign in, and reads why.
  const educatorContext = await browser.newContext();
  const educator = await educatorContext.newPage();
  await signInLocally(educator, EDUCATOR);
  await expect(educator.getByRole('alert').filter({ hasText: 'This account has been deactivated' })).toBeVisible();
  await expect(educator).toHaveURL(/\/login/);

  // The audit log lists it, with before and after.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const changes = page.getByRole('grid', { name: 'Changes' });
  await expect(changes.getByRole('row').filter({ hasText: 'Deactivated' }).filter({ hasText: EDUCATOR })).toBeVisible();
  await expectAccessible(page);

  // Reactivated, the educator signs in again.
  await page.goto(accountUrl);
  await page.getByRole('button', { name: 'Reactivate account' }).click();
  await expectSnackbar(page, 'Account reactivated');
  await expect(page.getByRole('button', { name: 'Deactivate account' })).toBeVisible();
  await signInLocally(educator, EDUCATOR);
  await expect(educator).not.toHaveURL(/\/login/);
  await educatorContext.close();

  // The account's own history: both changes, newest first.
  await page.getByRole('link', { name: 'Audit history' }).click();
  await expect(page.getByRole('grid', { name: 'Changes' }).getByRole('rowheader')).toHaveCount(2);
  await expect(page.getByRole('grid', { name: 'Changes' }).getByRole('row').nth(1)).toContainText('Reactivated');

  // Sign out from the shell.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('anybody else who signs in at the admin site is sent to the educator app', async ({ page }) => {
  await signInAtAdminSite(page, { email: 'educator02@harbor.example.org' });
  await expect(page).not.toHaveURL(/\/admin/);
  await page.goto('/admin/audit');
  await expect(page).not.toHaveURL(/\/admin/);
});

test('the platform admin signs in through the identity provider and comes back to the admin page asked for', async ({ page }) => {
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Platform admin', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with your organization account' }).click();
  await signInAtProvider(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  // The provider session is the educator app's too: it sends the admin back here.
  await page.goto('/catalog');
  await expect(page).toHaveURL(/\/admin(\/users)?$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});

test('the users list keeps its filters in the address bar: a reload shows the same list', async ({ page }) => {
  await signInAtAdminSite(page, { email: ADMIN });
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^All roles/ }).click();
  await page.getByRole('option', { name: 'Platform admin' }).click();
  await expect(page).toHaveURL(/[?&]role=ADMIN/);
  await expect(accounts(page).getByRole('rowheader')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('button', { name: /^Platform admin/ })).toBeVisible();
  await expect(accounts(page).getByRole('rowheader')).toHaveCount(1);
  await expect(accounts(page).getByRole('row').nth(1)).toContainText(ADMIN);
});
