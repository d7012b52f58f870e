import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInLocally } from './support';

// Paying, and billing, as a teacher does them. This file runs after the others that
// expect noaccess@example.org to have no subscription (files run in name order, one worker).

type Card = { name?: string; number: string; expiry?: string; cvc?: string; postalCode?: string };

async function fillCard(scope: Page | ReturnType<Page['getByRole']>, card: Card) {
  await scope.getByLabel('Name on Card').fill(card.name ?? 'Pat Payer');
  await scope.getByLabel('Card Number').fill(card.number);
  await scope.getByLabel('Expiry Date').fill(card.expiry ?? '08/30');
  await scope.getByLabel('CVC').fill(card.cvc ?? '123');
  await scope.getByLabel('Postal Code').fill(card.postalCode ?? '97201');
}

const plan = (page: Page) => page.getByRole('region', { name: 'Your plan' });
const cardOnFile = (page: Page) => page.getByRole('region', { name: 'Payment method' });
const history = (page: Page) => page.getByRole('grid', { name: 'Payment history' });

test('a teacher without access pays with a test card: a decline keeps them here, 4242 starts the trial once', async ({ page }) => {
  await signInLocally(page, 'noaccess@example.org');
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Start your 14-day free trial', level: 1 })).toBeVisible();
  await expect(page.getByText('$149', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'What is included' }).getByRole('listitem')).toHaveCount(4);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByLabel('Card Number')).toBeVisible();
    await expectAccessible(page);
  }

  // The card fields check before anything is sent.
  await fillCard(page, { number: '4242 4242 4242 4241', expiry: '01/20' });
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByText('The Card Number is not a valid card number')).toBeVisible();
  await expect(page.getByText('The Expiry Date is in the past')).toBeVisible();

  // Declined by the gateway: its message, and nothing created (the offer is still the trial's).
  await fillCard(page, { number: '4000 0000 0000 0002' });
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined');
  await expect(page).toHaveURL(/\/payment$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Start your 14-day free trial', level: 1 })).toBeVisible();

  // 4242 with a double click: one subscription, and on to the dashboard.
  await fillCard(page, { number: '4242 4242 4242 4242', expiry: '08/30' });
  await page.getByRole('button', { name: 'Start free trial' }).dblclick();
  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByRole('complementary', { name: 'Upgrade' });
  await expect(banner).toContainText(/Your free trial ends in 14 days, on [A-Z][a-z]{2} \d{1,2}\./);
  await expect(banner).toContainText('Then $149 a year on Visa •••• 4242, until you cancel.');

  await page.goto('/billing');
  await expect(plan(page)).toContainText('Free trial');
  await expect(plan(page)).toContainText('14 days left in your free trial');
  await expect(cardOnFile(page)).toContainText('Visa ending in 4242');
  await expect(cardOnFile(page)).toContainText('Expires 08/2030');
  await expect(history(page).getByRole('row')).toHaveCount(2);
  await expect(history(page)).toContainText('$0');

  // Cancelled, the trial will not become a paid year: the banner says so and offers the upgrade,
  // whose dialog keeps the focus, gives it back on Escape and leads to billing.
  await plan(page).getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('alertdialog', { name: 'Cancel your subscription?' }).getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(banner).toContainText('Subscribe for $149 a year to keep full access when your trial ends.');
  const upgrade = banner.getByRole('button', { name: 'Upgrade' });
  await upgrade.click();
  const dialog = page.getByRole('dialog', { name: 'Keep learning after your trial' });
  await expect(dialog).toContainText('$149');
  await expect(dialog).toContainText(/free trial ends in 14 days/);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  }
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(upgrade).toBeFocused();
  await upgrade.click();
  await dialog.getByRole('link', { name: 'Go to billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(dialog).toBeHidden();
});

test('a subscriber sees the plan, cancels, reactivates, replaces the card and opens a receipt', async ({ page }) => {
  await signInLocally(page, 'subscriber@example.org', '/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(plan(page)).toContainText('Educator Learning Platform · Annual');
  await expect(plan(page)).toContainText('$149 per year');
  await expect(plan(page)).toContainText(/Renews on \w+ \d+, \d{4}/);
  for (const [width, scheme] of [
    [375, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Cancel: a confirmation first; access continues to the end of the period.
  const renewal = ((await plan(page).getByText(/Renews on/).innerText()).match(/Renews on (.+)$/) ?? [])[1]!;
  await plan(page).getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await expect(confirm).toContainText(renewal);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(plan(page)).toContainText(`Cancelled — access until ${renewal}`);
  await expect(page.getByText(`You keep full access until ${renewal}`)).toBeVisible();

  // Reactivate before the period ends: renewing again, nothing charged.
  await plan(page).getByRole('button', { name: 'Keep my subscription' }).click();
  await expect(plan(page)).toContainText(`Renews on ${renewal}`);

  // A declined card changes nothing; a good one replaces the card on file.
  const before = await cardOnFile(page).getByText(/ ending in /).innerText();
  await cardOnFile(page).getByRole('button', { name: 'Update card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update your card' });
  await fillCard(dialog, { number: '4000000000000002' });
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your card was declined');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(cardOnFile(page).getByText(/ ending in /)).toHaveText(before);
  await cardOnFile(page).getByRole('button', { name: 'Update card' }).click();
  await fillCard(dialog, { number: '4242 4242 4242 4242', expiry: '09/31' });
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cardOnFile(page)).toContainText('Visa ending in 4242');
  await expect(cardOnFile(page)).toContainText('Expires 09/2031');

  // The yearly charge's receipt.
  const charge = history(page).getByRole('row').filter({ hasText: '$149' }).first();
  await expect(charge).toContainText('Paid');
  const downloading = page.waitForEvent('download');
  await charge.getByRole('button', { name: /^Receipt EL-\d{4}-\d{6,} \(PDF\)$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^receipt-EL-\d{4}-\d{6,}\.pdf$/);
  const pdf = await readFile((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});

test('a trial user sees the days left, and the banner leads to billing', async ({ page }) => {
  await signInLocally(page, 'trial@example.org');
  await page.getByRole('complementary', { name: 'Upgrade' }).getByRole('link', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(plan(page)).toContainText('Free trial');
  await expect(plan(page)).toContainText(/\d+ days left in your free trial/);
  await expect(plan(page).getByRole('meter', { name: 'Free trial used' })).toBeVisible();
});

test('an organization member sees where access comes from; a free-access user sees free access', async ({ page }) => {
  await signInLocally(page, 'educator01@northwind.example.org', '/billing');
  await expect(plan(page)).toContainText('Your access is provided by Northwind School District');
  await expect(cardOnFile(page)).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signInLocally(page, 'free@example.org', '/billing');
  await expect(plan(page)).toContainText('Free access');
  await expect(history(page)).toContainText('No payments yet.');
});

test('a lapsed subscriber renews in one click with the card on file and finds their learning where they left it', async ({ page }) => {
  await signInLocally(page, 'lapsed.subscriber@example.org');
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Renew your subscription', level: 1 })).toBeVisible();
  // The card on file, one button; the card form stays below for another card.
  const onFile = page.getByRole('region', { name: 'Your card on file' });
  await expect(onFile).toContainText(/Visa •••• 4242, expires \d{2}\/\d{4}/);
  await expect(page.getByRole('button', { name: 'Pay $149' })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page);
  }
  await onFile.getByRole('button', { name: 'Reactivate for $149' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/learning');
  await expect(page.getByRole('grid').getByRole('rowheader').first()).toBeVisible();
  await page.goto('/billing');
  await expect(plan(page)).toContainText(/Renews on/);
  await expect(history(page).getByRole('row').filter({ hasText: '$149' }).first()).toContainText('Paid');
});
