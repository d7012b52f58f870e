import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSnackbar, recordSnackbars, signInAtAdminSite, signInLocally } from './support';

// The platform admin's districts and schools: the admin opens a school in the
// Northwind district, gives it a subscription, makes an existing educator its school admin (after
// taking them out of their old school), and that school admin signs in and invites an educator
// into it, whose invitation e-mail lands in the outbox. The organizations screens pass axe (WCAG
// 2.2 AA) at 1280.

/** A seeded Northwind educator no other end-to-end test uses. */
const NEW_SCHOOL_ADMIN = 'educator30@northwind.example.org';
const INVITEE = 'willow.invitee@example.org';
const SCHOOL = 'Willow Creek Elementary';

test.use({ viewport: { width: 1280, height: 800 } });

const organizations = (page: Page) => page.getByRole('grid', { name: 'Organizations' });
const members = (page: Page) => page.getByRole('region', { name: 'Members' });

function outboxMessageTo(email: string): string {
  const outbox = join(test.info().project.metadata.dataDir as string, 'outbox');
  const file = readdirSync(outbox).filter((f) => f.includes(email) && f.endsWith('.eml')).sort().at(-1);
  expect(file, `an e-mail to ${email} in the outbox`).toBeTruthy();
  return readFileSync(join(outbox, file!), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

test('the platform admin opens a school in Northwind, gives it a subscription and a school admin, who invites an educator into it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await recordSnackbars(page);
  await signInAtAdminSite(page, { path: '/admin/organizations' });
  await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
  await expect(organizations(page).getByRole('row').nth(2)).toBeVisible();
  await expectAccessible(page);

  // Filter by kind: the address bar keeps it.
  await page.getByRole('button', { name: /^Districts and schools/ }).click();
  await page.getByRole('option', { name: 'District', exact: true }).click();
  await expect(page).toHaveURL(/[?&]type=DISTRICT/);
  await expect(organizations(page).getByRole('rowheader')).toHaveCount(2);

  // A new school, in the Northwind district.
  await page.getByRole('link', { name: 'New organization' }).click();
  await expect(page.getByRole('heading', { name: 'New organization', level: 1 })).toBeVisible();
  await page.getByLabel('Name').fill(SCHOOL);
  await page.getByRole('button', { name: /^No district/ }).click();
  await page.getByRole('option', { name: 'Northwind School District' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create school' }).click();
  await expect(page.getByRole('heading', { name: SCHOOL, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/organizations\/[0-9a-f-]{36}$/);
  const schoolUrl = page.url();
  await expect(page.getByRole('region', { name: 'Details' }).getByRole('link', { name: 'Northwind School District' })).toBeVisible();
  await expect(members(page).getByText('No members yet.')).toBeVisible();
  await expectAccessible(page);

  // Its subscription: five seats from today for a year.
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await subscription.getByLabel('Seats').fill('5');
  await subscription.getByLabel('Amount (USD a year)').fill('1500');
  await subscription.getByRole('button', { name: 'Save subscription' }).click();
  await expectSnackbar(page, 'Subscription saved');
  await expect(subscription.getByText(/^Active until /)).toBeVisible();
  await expect(subscription.getByText('0 of 5 used')).toBeVisible();

  // The educator belongs to another school: the admin is told so, and nothing changes.
  await members(page).getByLabel('E-mail').fill(NEW_SCHOOL_ADMIN);
  await members(page).getByRole('button', { name: /^Educator/ }).click();
  await page.getByRole('option', { name: 'School admin' }).click();
  await members(page).getByRole('button', { name: 'Add member' }).click();
  await expect(members(page).getByRole('alert')).toHaveText(`${NEW_SCHOOL_ADMIN} is a member of Northwind High School: remove them there first`);

  // Taken out of their old school (after a confirmation)…
  await page.getByRole('link', { name: 'All organizations' }).click();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('Northwind High');
  await expect(organizations(page).getByRole('rowheader')).toHaveCount(1);
  await organizations(page).getByRole('link', { name: 'Northwind High School' }).click();
  await expect(page.getByRole('heading', { name: 'Northwind High School', level: 1 })).toBeVisible();
  await members(page).getByRole('button', { name: `Remove ${NEW_SCHOOL_ADMIN}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: `Remove ${NEW_SCHOOL_ADMIN} from Northwind High School?` })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expectSnackbar(page, `${NEW_SCHOOL_ADMIN} removed`);
  await expect(members(page).getByText(NEW_SCHOOL_ADMIN)).toHaveCount(0);

  // …and made the new school's admin.
  await page.goto(schoolUrl);
  await expect(page.getByRole('heading', { name: SCHOOL, level: 1 })).toBeVisible();
  await members(page).getByLabel('E-mail').fill(NEW_SCHOOL_ADMIN);
  await members(page).getByRole('button', { name: /^Educator/ }).click();
  await page.getByRole('option', { name: 'School admin' }).click();
  await members(page).getByRole('button', { name: 'Add member' }).click();
  await expectSnackbar(page, `${NEW_SCHOOL_ADMIN} added`);
  const row = members(page).getByRole('row').filter({ hasText: NEW_SCHOOL_ADMIN });
  await expect(row).toContainText('School admin');
  await expect(page.getByRole('region', { name: 'Subscription' }).getByText('1 of 5 used')).toBeVisible();

  // The school admin signs in and invites an educator into the school.
  const schoolAdminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const schoolAdmin = await schoolAdminContext.newPage();
  await signInLocally(schoolAdmin, NEW_SCHOOL_ADMIN, '/usage');
  await expect(schoolAdmin.getByRole('heading', { name: 'Educator Usage', level: 1 })).toBeVisible();
  await schoolAdmin.getByRole('button', { name: 'Invite an Educator' }).click();
  const invite = schoolAdmin.getByRole('dialog', { name: 'Invite an Educator' });
  await invite.getByLabel('Email').fill(INVITEE);
  await invite.getByLabel('First Name').fill('Willa');
  await invite.getByLabel('Last Name').fill('Brook');
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(invite).toHaveCount(0);
  await schoolAdminContext.close();
  // The invitation is in the outbox, for the new school.
  await expect.poll(() => readdirSync(join(test.info().project.metadata.dataDir as string, 'outbox')).some((f) => f.includes(INVITEE))).toBe(true);
  const message = outboxMessageTo(INVITEE);
  expect(message).toMatch(/https?:\/\/\S+\/invite\?\S+/);
  expect(message).toContain(SCHOOL);

  // The admin sees the invited educator among the school's members, and every change in its history.
  await page.reload();
  await expect(members(page).getByRole('row').filter({ hasText: INVITEE })).toContainText('Invited');
  await page.getByRole('link', { name: 'Audit history' }).click();
  const changes = page.getByRole('grid', { name: 'Changes' });
  await expect(changes.getByRole('row').filter({ hasText: 'Member added' })).toBeVisible();
  await expect(changes.getByRole('row').filter({ hasText: 'Organization created' })).toBeVisible();
});
