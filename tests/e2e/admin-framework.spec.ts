import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSnackbar, recordSnackbars, signInAtAdminSite } from './support';

// The admin site's framework and audiences: the platform admin opens the tree, renames a strategy,
// adds one, moves one with the keyboard, is told why a strategy in use cannot be deleted (409),
// deletes the one just added; then adds, renames and deletes an audience. axe (WCAG 2.2 AA) at
// 1280 on both screens and on their dialogs.

test.use({ viewport: { width: 1280, height: 800 } });

/** The rows' titles under an expanded item, in their order. */
const titlesUnder = (page: Page, name: string) => page.getByRole('list', { name }).locator(':scope > li > div > div:first-child > :first-child');

test('the platform admin renames and adds a strategy, moves one by keyboard, and is told why a strategy in use cannot be deleted', async ({ page }) => {
  test.setTimeout(120_000);
  await recordSnackbars(page);
  await signInAtAdminSite(page, { path: '/admin/framework' });
  await expect(page.getByRole('heading', { name: 'Framework', level: 1 })).toBeVisible();
  const categories = page.getByRole('list', { name: 'Categories' });
  await expect(categories.getByRole('button', { name: 'Planning and Instruction', exact: true })).toHaveAttribute('aria-expanded', 'false');
  await expectAccessible(page);

  // Down the tree: category › strand › element.
  await categories.getByRole('button', { name: 'Planning and Instruction', exact: true }).click();
  await page.getByRole('button', { name: 'Clear Learning Goals', exact: true }).click();
  await page.getByRole('button', { name: 'Student-Friendly Learning Targets', exact: true }).click();
  const strategies = 'Strategies of Student-Friendly Learning Targets';
  await expect(page.getByRole('list', { name: strategies })).toBeVisible();
  await expect(titlesUnder(page, strategies).first()).toHaveText('I Can Statement Rewrite');
  await expectAccessible(page);

  // Rename a strategy.
  await page.getByRole('button', { name: 'Edit Target Talk Turnaround' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit strategy' });
  await expect(edit.getByLabel('Title')).toHaveValue('Target Talk Turnaround');
  await expectAccessible(page);
  await edit.getByLabel('Title').fill('Target Talk with Partners');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectSnackbar(page, 'Strategy “Target Talk with Partners” saved');
  await expect(edit).toBeHidden();
  await expect(titlesUnder(page, strategies).nth(1)).toHaveText('Target Talk with Partners');

  // Add a strategy: a title a sibling has is refused under the field, then a new one is added last.
  await page.getByRole('button', { name: 'Add strategy to Student-Friendly Learning Targets' }).click();
  const add = page.getByRole('dialog', { name: 'Add strategy to Student-Friendly Learning Targets' });
  await add.getByLabel('Title').fill('i can statement rewrite');
  await add.getByRole('button', { name: 'Add strategy' }).click();
  await expect(add.getByText('The element "Student-Friendly Learning Targets" already has a strategy called "i can statement rewrite"')).toBeVisible();
  await add.getByLabel('Title').fill('Exit Ticket Reflection');
  await add.getByLabel('Community Link').fill('https://community.example.org/c/exit-tickets');
  await add.getByRole('button', { name: 'Add strategy' }).click();
  await expectSnackbar(page, 'Strategy “Exit Ticket Reflection” added');
  await expect(titlesUnder(page, strategies).last()).toHaveText('Exit Ticket Reflection');

  // Move it up with the keyboard: focus stays on the button, the row moves.
  const count = await titlesUnder(page, strategies).count();
  await page.getByRole('button', { name: 'Move Exit Ticket Reflection up' }).focus();
  await page.keyboard.press('Enter');
  await expect(titlesUnder(page, strategies).nth(count - 2)).toHaveText('Exit Ticket Reflection');
  await expect(page.getByRole('button', { name: 'Move Exit Ticket Reflection up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(titlesUnder(page, strategies).nth(count - 3)).toHaveText('Exit Ticket Reflection');

  // A strategy tagged on catalogue items cannot be deleted: the dialog says why.
  await page.getByRole('button', { name: 'Delete I Can Statement Rewrite' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Delete Strategy “I Can Statement Rewrite”?' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm.getByRole('alert')).toHaveText(/^This strategy is tagged on \d+ catalogue items?; remove it from (that item|them) first$/);
  await expect(confirm.getByRole('heading', { name: 'Strategy “I Can Statement Rewrite” cannot be deleted' })).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Close' }).click();
  await expect(titlesUnder(page, strategies).first()).toHaveText('I Can Statement Rewrite');

  // The one nothing uses is deleted.
  await page.getByRole('button', { name: 'Delete Exit Ticket Reflection' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expectSnackbar(page, 'Strategy “Exit Ticket Reflection” deleted');
  await expect(titlesUnder(page, strategies)).toHaveCount(count - 1);

  // Every change is in the audit log.
  await page.getByRole('link', { name: 'Audit log' }).click();
  const changes = page.getByRole('grid', { name: 'Changes' });
  await expect(changes.getByRole('row').filter({ hasText: 'Framework item deleted' }).filter({ hasText: 'Exit Ticket Reflection' })).toBeVisible();
  await expect(changes.getByRole('row').filter({ hasText: 'Framework item edited' }).filter({ hasText: 'Target Talk with Partners' })).toBeVisible();
});

test('the platform admin adds, renames and deletes an audience, and cannot delete one in use', async ({ page }) => {
  await recordSnackbars(page);
  await signInAtAdminSite(page, { path: '/admin/audiences' });
  await expect(page.getByRole('heading', { name: 'Audiences', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Audiences' });
  await expect(list.getByRole('listitem').first()).toContainText('Elementary Teachers');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add audience' }).click();
  const add = page.getByRole('dialog', { name: 'Add audience' });
  await add.getByLabel('Name').fill('Library Media Specialists');
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Add audience' }).click();
  await expectSnackbar(page, 'Audience “Library Media Specialists” added');
  await expect(list.getByRole('listitem').last()).toContainText('Library Media Specialists');

  await page.getByRole('button', { name: 'Rename Library Media Specialists' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename audience' });
  await rename.getByLabel('Name').fill('Reading Specialists');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('listitem').last()).toContainText('Reading Specialists');

  await page.getByRole('button', { name: 'Delete Elementary Teachers' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('alertdialog').getByRole('alert')).toHaveText(/^This audience is tagged on \d+ catalogue items; remove it from them first$/);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Delete Reading Specialists' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expectSnackbar(page, 'Audience “Reading Specialists” deleted');
  await expect(list.getByText('Reading Specialists')).toHaveCount(0);
});
