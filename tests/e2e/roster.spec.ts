import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { oneRoster12, zipOf, type OrgSpec, type PersonSpec } from '../support/oneroster.ts';
import { createDistrictWithSeats, expectAccessible, expectSnackbar, recordSnackbars, signInLocally } from './support';

// Rostering in Chromium. The platform admin creates a district, opens its roster from the
// organization page, sees a file that is no zip refused with the server's words, then a OneRoster
// zip's dry run (counts, the seats it needs, the people to add, the row it cannot import), applies
// it after a confirmation and finds the district's schools and members made. Northwind's district
// admin reaches the same screen from Educator Usage (a school admin has no such action) and gets
// the same refusal, which changes nothing of Northwind's. Every state passes axe at 1280 and 375,
// and the phone layout never scrolls sideways. This file is in the second shard, away from the
// specs that count Northwind's members.

// A run of its own (a retry finds the last run's district taken).
const DISTRICT = `Rowan Valley District ${randomUUID().slice(0, 6)}`;
const ORGS: OrgSpec[] = [
  { sourcedId: 'rv', name: DISTRICT, type: 'district' },
  { sourcedId: 'rv-birch', name: 'Birch Elementary', type: 'school', parent: 'rv' },
  { sourcedId: 'rv-cedar', name: 'Cedar Middle', type: 'school', parent: 'rv' },
];
const person = (sourcedId: string, givenName: string, familyName: string, role: string, org: string, email = `${givenName}.${familyName}@rowan.example.org`.toLowerCase()): PersonSpec => ({
  sourcedId,
  givenName,
  familyName,
  email,
  role,
  org,
});
const PEOPLE: PersonSpec[] = [
  person('rv-t1', 'Ada', 'Quill', 'teacher', 'rv-birch'),
  person('rv-t2', 'Ben', 'Ash', 'teacher', 'rv-birch'),
  person('rv-t3', 'Cora', 'Reed', 'teacher', 'rv-cedar'),
  person('rv-a1', 'Dana', 'Holt', 'districtAdministrator', 'rv'),
  person('rv-s1', 'Eli', 'Young', 'student', 'rv-birch'),
  // A teacher without an address: listed as a row that cannot be imported (users.csv line 7).
  person('rv-t4', 'Finn', 'Gray', 'teacher', 'rv-cedar', ''),
];

const rosterZip = async () => ({ name: 'rowan-oneroster.zip', mimeType: 'application/zip', buffer: await zipOf(oneRoster12(ORGS, PEOPLE)) });
const notAZip = { name: 'roster-export.zip', mimeType: 'application/zip', buffer: Buffer.from('sourcedId,name\r\nthis is a CSV, not a zip\r\n') };

const fileInput = (page: Page) => page.getByLabel('OneRoster zip file');

/** axe at 1280 and at 375 (where nothing may scroll sideways), back to 1280. */
async function expectAccessibleAtBothWidths(page: Page) {
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.use({ viewport: { width: 1280, height: 800 } });

test('the platform admin imports a new district’s roster after checking its dry run', async ({ page }) => {
  test.setTimeout(180_000);
  await recordSnackbars(page);
  // Two seats, for four educators to come: the dry run says so.
  const { organizationUrl } = await createDistrictWithSeats(page, DISTRICT, 2);

  // The district's Details lead to its roster.
  await page.getByRole('region', { name: 'Details' }).getByRole('link', { name: 'Imports and REST endpoint' }).click();
  await expect(page.getByRole('heading', { name: 'Roster', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Import history' }).getByText('No roster has been imported yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Nightly pull from a OneRoster REST endpoint' }).getByLabel('Base URL')).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // A file that is no zip: the server's words, where the file was chosen.
  await fileInput(page).setInputFiles(notAZip);
  const refusal = page.getByRole('alert').filter({ hasText: 'roster-export.zip could not be read' });
  await expect(refusal).toBeVisible();
  await expect(refusal).not.toContainText(/at \w+ \(|stack/i);
  await expectAccessibleAtBothWidths(page);

  // The roster's dry run: what it does, what it needs, what it cannot take.
  await fileInput(page).setInputFiles(await rosterZip());
  const review = page.getByRole('region', { name: 'Dry run: check the changes before applying them' });
  await expect(review).toBeVisible();
  await expect(refusal).toBeHidden();
  const summary = review.getByRole('definition');
  const count = (label: string) => review.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=preceding-sibling::dd');
  await expect(count('Schools to create')).toHaveText('2');
  await expect(count('People to add')).toHaveText('4');
  await expect(count('People to deactivate')).toHaveText('0');
  await expect(count('Invalid rows')).toHaveText('1');
  await expect(summary.first()).toBeVisible();
  await expect(review.getByText('Not imported (the platform is for educators): 1 student.')).toBeVisible();
  await expect(review.getByRole('note')).toContainText('This roster needs more seats than the subscription has');
  await expect(review.getByRole('note')).toContainText(`${DISTRICT}: 4 active educators after the import for 2 seats, 2 over`);
  await expect(review.getByRole('listitem').filter({ hasText: 'Create Birch Elementary' })).toBeVisible();
  await expect(review.getByRole('tab', { name: 'Add (4)' })).toHaveAttribute('aria-selected', 'true');
  const people = review.getByRole('grid', { name: 'People to add' });
  await expect(people.getByRole('rowheader')).toHaveText(['Ada Quill', 'Ben Ash', 'Cora Reed', 'Dana Holt'], { useInnerText: true });
  await expect(people.getByRole('row').filter({ hasText: 'Dana Holt' })).toContainText('District admin');
  const invalid = review.getByRole('grid', { name: 'Rows that cannot be imported' });
  const invalidRow = invalid.getByRole('row').filter({ hasText: 'rv-t4' });
  await expect(invalidRow).toContainText('users.csv');
  await expect(invalidRow).toContainText('7');
  await expect(invalidRow.getByRole('rowheader')).toHaveText(/e-mail/i);
  await expectAccessibleAtBothWidths(page);

  // Applying asks first, naming the numbers.
  await review.getByRole('button', { name: 'Apply these changes' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Apply this roster?' });
  await expect(confirm).toContainText('Add 4 people, create 2 schools and link 1 existing organization.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await review.getByRole('button', { name: 'Apply these changes' }).click();
  await confirm.getByRole('button', { name: 'Apply roster' }).click();
  await expectSnackbar(page, 'Roster applied: 4 people added, 2 schools created and 1 existing organization linked.');
  await expect(review).toBeHidden();
  const history = page.getByRole('grid', { name: 'Import history' });
  const applied = history.getByRole('row').filter({ hasText: 'rowan-oneroster.zip' });
  await expect(applied).toContainText('4 people added, 2 schools created and 1 existing organization linked');
  await expect(applied).toContainText(/Applied \w{3} \d+, \d{4}/);
  await expect(history.getByRole('row').filter({ hasText: 'roster-export.zip' })).toHaveCount(0);

  // The district has its schools and its district admin now.
  await page.goto(organizationUrl);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('link', { name: '2 schools' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Members' })).toContainText('dana.holt@rowan.example.org');
  await expect(page.getByRole('region', { name: 'Subscription' }).getByText('4 of 2 used')).toBeVisible();
});

test('a district admin reaches the roster from Educator Usage; a school admin has no such action', async ({ page }) => {
  test.setTimeout(120_000);
  await signInLocally(page, 'school.admin@maple.northwind.example.org', '/usage');
  await expect(page.getByRole('heading', { name: 'Educator Usage', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite from CSV' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import roster' })).toHaveCount(0);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await signInLocally(page, 'district.admin@northwind.example.org', '/usage');
  await expect(page.getByRole('heading', { name: 'Educator Usage', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Import roster' }).click();
  await expect(page).toHaveURL(/\/usage\/roster$/);
  await expect(page.getByRole('heading', { name: 'Roster', level: 1 })).toBeVisible();
  await expect(page.getByText('Export the roster of Northwind School District')).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // Refused before anything is kept: Northwind's members stay as they are for the other tests.
  await fileInput(page).setInputFiles(notAZip);
  await expect(page.getByRole('alert').filter({ hasText: 'roster-export.zip could not be read' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByRole('link', { name: '← Back to Educator Usage' }).click();
  await expect(page.getByRole('heading', { name: 'Educator Usage', level: 1 })).toBeVisible();
});
