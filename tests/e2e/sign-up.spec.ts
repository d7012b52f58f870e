import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSnackbar, linkInOutbox, recordSnackbars, startPersonalizedDemo } from './support';

// Addresses are proven before they are trusted: a sign-up waits at "Check your e-mail" until the
// link e-mailed to it is followed, here or on another device; a demo registers from its own
// session only.

const VERIFICATION_LINK = /\/email-verification\?verification-token=[A-Za-z0-9_-]+/;

async function fillSignUp(page: Page, { email, firstName = 'Nora', lastName = 'Lindqvist' }: { email?: string; firstName?: string; lastName?: string }) {
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  if (email !== undefined) await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByLabel('Confirm password').fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('sign-up → check your e-mail → follow the link → verified', async ({ page, context }) => {
  await recordSnackbars(page);
  const email = `e2e.signup.${Date.now()}@example.org`;
  await page.goto('/catalog');
  await expect(page).toHaveURL(/\/u\//);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await fillSignUp(page, { email });

  // Signed in, and held here until the address is proven.
  await expect(page).toHaveURL(/\/check-email$/);
  await expect(page.getByRole('heading', { name: 'Check your e-mail', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);
  await page.goto('/catalog');
  await expect(page).toHaveURL(/\/check-email$/);

  await page.getByRole('button', { name: "I've confirmed it" }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We have not seen the confirmation yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Send the e-mail again' }).click();
  await expectSnackbar(page, `We sent a new link to ${email}`);

  // The owner opens the link from their mail, in another tab: this one carries on by itself.
  const link = await linkInOutbox(email, VERIFICATION_LINK);
  const mail = await context.newPage();
  await mail.goto(link);
  await expect(mail.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible();
  await expect(mail.getByText(`${email} is confirmed`)).toBeVisible();
  await expectAccessible(mail);
  // A new account without a subscription goes on to choose one.
  await expect(page).toHaveURL(/\/payment$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The link works once.
  await mail.goto(link);
  await expect(mail.getByRole('alert')).toContainText('already been used');
  await mail.close();
});

test('a demo registers from its own session and keeps its account, its address already proven', async ({ page }) => {
  const email = `e2e.demo.register.${Date.now()}@example.org`;
  await startPersonalizedDemo(page, email);

  await page.getByRole('button', { name: 'Register' }).first().click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await fillSignUp(page, { firstName: 'Dana', lastName: 'Demo' });
  // A full account now, with the same address (proven by the demo's link): no check-your-e-mail.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('forgot password: /login → e-mailed link → a new password → signed out everywhere → sign in with it', async ({ page, browser }) => {
  const email = `e2e.forgot.${Date.now()}@example.org`;
  await page.goto('/catalog');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await fillSignUp(page, { email });
  await expect(page).toHaveURL(/\/check-email$/);

  // Another browser, where the password is forgotten.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
  await expectAccessible(other);
  await other.getByRole('button', { name: 'Send the link' }).click();
  // The browser's own check stops an empty form; a wrong address comes back with the message.
  await expect(other).toHaveURL(/\/account\/forgot-password$/);
  await other.getByLabel('Email').fill('not-an-address@');
  await other.evaluate(() => document.querySelector('form')!.setAttribute('novalidate', ''));
  await other.getByRole('button', { name: 'Send the link' }).click();
  await expect(other.getByRole('alert')).toContainText('Email');
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Send the link' }).click();
  await expect(other.getByRole('heading', { name: 'Check your email', level: 1 })).toBeVisible();
  await expect(other.getByText(email)).toBeVisible();
  await expectAccessible(other);

  const link = await linkInOutbox(email, /\/account\/password\?ticket=[A-Za-z0-9._-]+/);
  await other.goto(link);
  await other.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await other.getByLabel('Repeat the new password').fill('a-brand-new-password');
  await other.getByRole('button', { name: 'Change password' }).click();
  await expect(other.getByRole('heading', { name: 'Your password was changed' })).toBeVisible();

  // The first browser's session ended with the old password; the new one signs in, the address
  // now proven by the link.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await other.getByRole('link', { name: 'Continue to sign in' }).click();
  await expect(other.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await other.goto('/login');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill('a-brand-new-password');
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other).toHaveURL(/\/payment$/);
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await context.close();
});
