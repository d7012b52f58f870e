import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSnackbar, PASSWORD, recordSnackbars, signInLocally, signOut } from './support';

// Educator Usage as school and district leaders use it (spec §2): the figures, the
// Active Users table and its tabs (Active, Not yet active, All; search, sort cycle, paging),
// inviting one educator who then accepts, the school picker, inviting from a CSV file and
// exporting the table.

const MAPLE_ADMIN = 'school.admin@maple.northwind.example.org';
const DISTRICT_ADMIN = 'district.admin@northwind.example.org';

/** The table of the tab shown: Active Users, Educators not yet active, All educators. */
const users = (page: Page) => page.getByRole('tabpanel').getByRole('grid');
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Show educators' }).getByRole('tab', { name, exact: true });
const card = (page: Page, name: string) => page.getByRole('region', { name });
const bodyRows = (page: Page) => users(page).getByRole('row').filter({ has: page.getByRole('rowheader') });

/** The API as the signed-in admin (the page's own token). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('AV_TOKEN');
    const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return response.json();
  }, `/api${path}`) as Promise<T>;
}

function invitationLink(email: string): string {
  const outbox = join(test.info().project.metadata.dataDir as string, 'outbox');
  const file = readdirSync(outbox).filter((f) => f.includes(email) && f.endsWith('.eml')).sort().at(-1);
  expect(file, `an e-mail to ${email} in the outbox`).toBeTruthy();
  const message = readFileSync(join(outbox, file!), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /https?:\/\/\S+\/invite\?\S+/.exec(message)![0];
}

/** Types into the table's search and waits for its answer (after the 300 ms pause, the text is in the address bar). */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('q') ?? '').toBe(text);
  await expect(page.getByRole('progressbar', { name: /^Loading / })).toHaveCount(0);
}

test('a school admin reads the figures, searches, sorts and pages, and invites an educator who accepts', async ({ page }) => {
  await recordSnackbars(page);
  await signInLocally(page, MAPLE_ADMIN, '/usage');
  await expect(page.getByRole('heading', { name: 'Educator Usage', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Choose a school' })).toHaveCount(0);

  // The cards show what the API reports for the school over the last 30 days.
  const report = await api<{ activeUsers: { count: number }; logins: { count: number }; aggregation: Record<string, number> }>(page, '/reporting');
  await expect(card(page, 'Active Educators')).toContainText(String(report.activeUsers.count));
  await expect(card(page, 'Active Educators')).toContainText('completed onboarding');
  await expect(card(page, 'Logins')).toContainText(String(report.logins.count));
  await expect(card(page, 'Logins')).toContainText('logins in the last 30 days');
  await expect(card(page, 'Logins').getByRole('img', { name: /^Logins per day/ })).toBeVisible();
  const summary = card(page, 'Progress Summary');
  for (const [label, value] of [
    ['Videos watched', report.aggregation.strategiesWatched],
    ['Strategies rated', report.aggregation.strategiesRated],
    ['Strategies applied in classroom', report.aggregation.strategiesApplied],
    ['Reflections recorded', report.aggregation.rubricsScored],
  ] as const) {
    await expect(summary.getByText(label)).toBeVisible();
    await expect(summary.locator('div', { hasText: label }).last()).toContainText(String(value));
  }
  await expect(page.getByRole('img', { name: /^Usage by framework element/ })).toBeVisible();

  // The table: the active members of the school, as many as the card counts, 10 a page.
  const list = await api<{ total: number }>(page, '/users?status=ACTIVE');
  expect(list.total).toBe(report.activeUsers.count);
  await expect(tab(page, 'Active')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('grid', { name: 'Active Users' })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(Math.min(10, list.total));
  await expect(page.getByText(`1–${Math.min(10, list.total)} of ${list.total}`)).toBeVisible();
  await expect(bodyRows(page).filter({ hasText: /\bNo\b/ })).toHaveCount(0);
  const everyone = await api<{ total: number }>(page, '/users');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
  // On a phone each row is a compact card: the checkbox beside the e-mail, the names on one line.
  await page.setViewportSize({ width: 375, height: 900 });
  const topOf = (name: string) =>
    bodyRows(page).first().locator(`[data-label="${name}"]`).evaluate((cell) => Math.round(cell.getBoundingClientRect().top));
  expect(await topOf('Select')).toBe(await topOf('Email'));
  expect(await topOf('First Name')).toBe(await topOf('Last Name'));
  expect(await topOf('First Name')).toBeGreaterThan(await topOf('Email'));
  await page.setViewportSize({ width: 1280, height: 900 });

  // Search (debounced): Rosa is invited, not active yet, so under that tab; then clear.
  await search(page, 'rosa');
  await expect(page.getByText('No active educator matches.', { exact: false })).toBeVisible();
  await tab(page, 'Not yet active').click();
  await expect(page.getByRole('grid', { name: 'Educators not yet active' })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);
  // The tab is in the address bar with the search: a reload opens the same list.
  await expect(page).toHaveURL(/[?&]status=NOT_ACTIVE(&|$)/);
  await expect(page).toHaveURL(/[?&]q=rosa(&|$)/);
  await page.reload();
  await expect(tab(page, 'Not yet active')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('grid', { name: 'Educators not yet active' })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('rosa.delgado@northwind.example.org');
  await expect(bodyRows(page).first()).toContainText('Pending');
  await expect(bodyRows(page).first().getByRole('button', { name: 'Send the invitation to rosa.delgado@northwind.example.org again' })).toBeVisible();
  // The widest rows fit the card at 1280: the Invitation column and its Send again are not cut off.
  const fits = () => page.evaluate(() => [...document.querySelectorAll('[role="tabpanel"] [role="grid"]')].every((grid) => grid.scrollWidth <= grid.parentElement!.clientWidth + 1));
  expect(await fits()).toBe(true);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await tab(page, 'Active').click();
  await expect(bodyRows(page)).toHaveCount(Math.min(10, list.total));

  // Invite: the rules first, then an e-mail that has an account, then a new one.
  await page.getByRole('button', { name: 'Invite an Educator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an Educator' });
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(dialog.getByText('The Email field is required')).toBeVisible();
  await expect(dialog.getByText('The First Name field is required')).toBeVisible();
  await expect(dialog.getByText('The Last Name field is required')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Email').fill('educator01@northwind.example.org');
  // "A " is one character, as the server counts it: the form says so before sending.
  await dialog.getByLabel('First Name').fill('A ');
  await dialog.getByLabel('Last Name').fill('Lovelace');
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(dialog.getByText('The First Name must have at least 2 characters')).toBeVisible();
  await dialog.getByLabel('First Name').fill('Ada');
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  // An invite failure is an error notification (spec §8), nothing under a field, every value kept.
  await expectSnackbar(page, /already (a member|has an account)/);
  await expect(dialog.getByText(/already (a member|has an account)/)).toHaveCount(0);
  await expect(dialog.getByLabel('First Name')).toHaveValue('Ada');

  const email = `e2e.invitee.${Date.now()}@example.org`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expectSnackbar(page, `Invitation sent to ${email}`);
  await expect(dialog).toHaveCount(0);
  // The invited are not active yet: the table turns to them.
  await expect(tab(page, 'Not yet active')).toHaveAttribute('aria-selected', 'true');
  await search(page, email);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Pending');
  await page.getByRole('button', { name: 'Clear search' }).click();

  // Everyone: one more member than before, a second page, and sorting goes back to page 1.
  await tab(page, 'All').click();
  await expect(page.getByRole('grid', { name: 'All educators' })).toBeVisible();
  const total = everyone.total + 1;
  await expect(page.getByText(`1–10 of ${total}`)).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(`11–${total} of ${total}`)).toBeVisible();
  const emailHeader = users(page).getByRole('columnheader', { name: /^Email/ });
  await emailHeader.click();
  await expect(page.getByText(`1–10 of ${total}`)).toBeVisible();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  // The header and the footer change at once; the second page's row stays (dimmed) until the
  // sorted first page arrives, so wait for a full page in order before reading it.
  let ascending: string[] = [];
  await expect
    .poll(async () => {
      ascending = await bodyRows(page).getByRole('rowheader').allTextContents();
      return ascending.length === Math.min(10, total) && ascending.join('\n') === [...ascending].sort((a, b) => a.localeCompare(b)).join('\n');
    })
    .toBe(true);
  await emailHeader.click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page).first().getByRole('rowheader')).not.toHaveText(ascending[0]!);
  await emailHeader.click();
  await expect(emailHeader).not.toHaveAttribute('aria-sort', /ascending|descending/);

  // The educator accepts through the e-mailed link, and is listed as accepted.
  const link = invitationLink(email);
  await signOut(page);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Their account is made: the app takes them to onboarding.
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await signInLocally(page, MAPLE_ADMIN, '/usage');
  await search(page, email);
  // Signed up, onboarding not finished: accepted, and not active yet.
  await expect(page.getByText('No active educator matches.', { exact: false })).toBeVisible();
  await tab(page, 'Not yet active').click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Accepted');
});

test('a district admin picks a school (All Schools first, the typed text marked, Clear selection) and invites into one', async ({ page }) => {
  await recordSnackbars(page);
  await signInLocally(page, DISTRICT_ADMIN, '/usage');
  await expect(page.getByRole('heading', { name: 'Educator Usage', level: 1 })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Choose a school' });
  await expect(picker).toHaveValue('All Schools');
  const district = await api<{ total: number }>(page, '/users?status=ACTIVE');
  await expect(page.getByText(`of ${district.total}`)).toBeVisible();

  await picker.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toHaveText('All Schools');
  // Typed key by key into the box that shows 'All Schools': the keys replace the name, they are not added to it.
  await page.keyboard.type('ced');
  await expect(picker).toHaveValue('ced');
  await expect(options).toHaveCount(2);
  await expect(options.nth(1)).toHaveText('Cedar Ridge Middle School');
  await picker.fill('map');
  await expect(options).toHaveCount(2);
  await expect(options.nth(1)).toHaveText('Maple Grove Elementary');
  await expect(options.nth(1).locator('mark')).toHaveText('Map');
  // Open, the list leaves the rest of the page inert: hidden and out of the tab order alike, all
  // but the snackbars' regions, so a message that arrives meanwhile is still read out.
  await expectAccessible(page);
  expect(await page.getByRole('button', { name: 'Invite an Educator' }).evaluate((button) => button.closest('[inert]') !== null)).toBe(true);
  expect(await page.locator('[data-react-aria-top-layer] [role="status"]').evaluate((region) => region.closest('[inert], [aria-hidden="true"]') === null)).toBe(true);
  await options.nth(1).click();
  await expect(picker).toHaveValue('Maple Grove Elementary');
  await expectAccessible(page);
  await expect(page.getByText(/^Maple Grove Elementary · /)).toBeVisible();
  const maple = await api<{ items: { id: string; name: string }[] }>(page, '/organizations?name=Maple&type=SCHOOL');
  const mapleUsers = await api<{ total: number }>(page, `/users?status=ACTIVE&organizationId=${maple.items[0]!.id}`);
  await expect(page.getByText(`of ${mapleUsers.total}`)).toBeVisible();
  const mapleReport = await api<{ activeUsers: { count: number } }>(page, `/reporting?organizationId=${maple.items[0]!.id}`);
  await expect(card(page, 'Active Educators')).toContainText(String(mapleReport.activeUsers.count));
  expect(mapleUsers.total).toBe(mapleReport.activeUsers.count);

  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(picker).toHaveValue('All Schools');
  await expect(page.getByText(`of ${district.total}`)).toBeVisible();

  // Invite into a school chosen in the dialog.
  await page.getByRole('button', { name: 'Invite an Educator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an Educator' });
  const dialogPicker = dialog.getByRole('combobox', { name: 'Choose a school' });
  // With 'All Schools' the educator would join the district itself: the dialog says so.
  const districtLevel = dialog.getByRole('note');
  await expect(districtLevel).toHaveText(/^No school chosen: they join .+ at district level, in no school\. Choose a school to add them to it\.$/);
  await dialogPicker.fill('birch');
  await page.getByRole('option', { name: 'Birchwood Elementary' }).click();
  await expect(districtLevel).toHaveCount(0);
  const email = `e2e.birchwood.${Date.now()}@example.org`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First Name').fill('Grace');
  await dialog.getByLabel('Last Name').fill('Hopper');
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expectSnackbar(page, `Invitation sent to ${email}`);

  await picker.fill('birch');
  await page.getByRole('option', { name: 'Birchwood Elementary' }).click();
  // The tab the invitation turned to stays when the school changes.
  await expect(tab(page, 'Not yet active')).toHaveAttribute('aria-selected', 'true');
  await search(page, email);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Pending');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: axe counts a button under the sticky navigation bar as a too-small target.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
  }
});

test('inviting from a CSV file: a dry run lists who will be invited and every bad row; export equals the screen', async ({ page }) => {
  await signInLocally(page, MAPLE_ADMIN, '/usage');
  await expect(users(page)).toBeVisible();
  const stamp = Date.now();
  const good = `e2e.csv.${stamp}@example.org`;
  const csv = ['email,firstName,lastName', `${good},Katherine,Johnson`, 'not-an-email,Dorothy,Vaughan', `e2e.short.${stamp}@example.org,M,Jackson`].join('\r\n');

  await page.getByRole('button', { name: 'Invite from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite educators from a CSV file' });
  await dialog.getByLabel(/CSV file/).setInputFiles({ name: 'educators.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('1 educator will be invited')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Educators to invite' })).toContainText(good);
  const invalid = dialog.getByRole('list', { name: 'Rows that cannot be invited' });
  await expect(invalid).toContainText('Line 3');
  await expect(invalid).toContainText('The Email must be a valid email address');
  await expect(invalid).toContainText('Line 4');
  await expect(invalid).toContainText('The First Name must have at least 2 characters');
  await expectAccessible(page);

  // Nothing was created by the dry run.
  expect((await api<{ total: number }>(page, `/users?filter=${encodeURIComponent(good)}`)).total).toBe(0);
  await dialog.getByRole('button', { name: 'Invite 1 educator' }).click();
  await expect(dialog.getByText('1 educator was invited; 2 rows were skipped.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(tab(page, 'Not yet active')).toHaveAttribute('aria-selected', 'true');
  await search(page, good);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Pending');

  // Export: the table as its tab, search and sort show it, every page.
  await tab(page, 'All').click();
  await search(page, 'northwind');
  await users(page).getByRole('columnheader', { name: /^Last Name/ }).click();
  await users(page).getByRole('columnheader', { name: /^Last Name/ }).click();
  await expect(users(page).getByRole('columnheader', { name: /^Last Name/ })).toHaveAttribute('aria-sort', 'descending');
  // The header changes with the request; the rows on screen are the earlier order's until the
  // table's loading bar goes.
  await expect(page.getByRole('progressbar', { name: 'Loading All educators' })).toHaveCount(0);
  const onScreen = await bodyRows(page).getByRole('rowheader').allTextContents();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^educators-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = text.trim().split('\r\n');
  expect(header).toBe('Email,First Name,Last Name,Completed Onboarding,Created At,Invitation');
  const exported = lines.map((line) => line.split(',')[0]);
  expect(exported.slice(0, onScreen.length)).toEqual(onScreen);
  const total = (await api<{ total: number }>(page, '/users?filter=northwind')).total;
  expect(exported).toHaveLength(total);
});
