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
