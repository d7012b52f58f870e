import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { readZip } from '../support/zip';
import { expectAccessible, expectSnackbar, recordSnackbars, signInAtAdminSite, signInLocally } from './support';

// The admin site's catalogue: the platform admin creates a learning object as a draft,
// publishes it, and an educator finds it in the catalogue and plays its video; the admin reorders
// a playlist by keyboard and by drag, and the educator's playlist page follows. The catalogue
// list and the editor pass axe (WCAG 2.2 AA) at 1280.

const EDUCATOR = 'educator01@northwind.example.org';
const PLAYLIST = 'first-weeks-of-school-essentials';
/** A demo clip of the product's own (WebM), uploaded as the new strategy's video. */
const VIDEO_FILE = fileURLToPath(new URL('../../public/media/videos/demo-clip-2.webm', import.meta.url));
const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:04.000\nEach student writes one thing they learned.\n\n00:04.000 --> 00:09.000\nRead the cards before the next lesson.\n';

/** A one-page handout (a PDF by its content), attached as a reproducible file. */
const HANDOUT = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The hidden file input of an upload field (the field's button opens it). */
const fileInput = (page: Page, label: string) => page.getByRole('group', { name: label }).locator('input[type="file"]');

test.use({ viewport: { width: 1280, height: 800 } });


test('the platform admin creates and publishes a learning object; an educator finds it and plays it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await recordSnackbars(page);
  const title = `Exit Tickets ${Date.now().toString(36)}`;
  await signInAtAdminSite(page, { path: '/admin/catalog' });
  await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Catalogue items' }).getByRole('row').nth(2)).toBeVisible();
  await expectAccessible(page);

  // The type filter lives in the address bar.
  await page.getByRole('button', { name: /Type/ }).first().click();
  await page.getByRole('option', { name: 'Playlist' }).click();
  await expect(page).toHaveURL(/resourceType=PLAYLIST/);
  await expect(page.getByRole('grid', { name: 'Catalogue items' }).getByRole('rowheader').first()).toBeVisible();

  await page.getByRole('button', { name: 'New item' }).click();
  await page.getByRole('menuitem', { name: /Learning object/ }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/new\?type=LEARNING_OBJECT$/);
  await expect(page.getByRole('heading', { name: 'New learning object', level: 1 })).toBeVisible();

  // Saving without a title is refused before anything is sent, with the spec's message.
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('The Title field is required')).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toBeFocused();

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Students write one thing they learned on a card as they leave.');
  await page.getByRole('searchbox', { name: 'Add a framework tag' }).fill('question');
  await page.getByRole('listbox', { name: 'Add a framework tag: matches' }).getByRole('option').first().click();
  await expect(page.getByRole('grid', { name: 'Framework tags' }).getByRole('row')).toHaveCount(1);
  // educator01's own audience: the catalogue starts filtered to it.
  await page.getByRole('checkbox', { name: 'Instructional Coaches' }).check();
  // The video and its captions are uploaded: the video's address, type and length fill in.
  await fileInput(page, 'Video file').setInputFiles(VIDEO_FILE);
  await expect(page.getByLabel('Video URL')).toHaveValue(/^\/media\/uploads\/[0-9a-f-]{36}\/demo-clip-2\.webm$/, { timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Video file' }).getByRole('link', { name: 'demo-clip-2.webm' })).toBeVisible();
  await expect(page.getByLabel('Duration (seconds)')).toHaveValue(/^\d+(\.\d)?$/);
  // A file that is not WebVTT is refused with the server's words, and nothing is filled in.
  await fileInput(page, 'Captions file').setInputFiles({ name: 'captions.vtt', mimeType: 'text/vtt', buffer: Buffer.from('%PDF-1.7 not captions') });
  await expect(page.getByRole('group', { name: 'Captions file' }).getByRole('alert')).toContainText('WebVTT');
  await expect(page.getByLabel('Captions URL')).toHaveValue('');
  await page.getByRole('group', { name: 'Captions file' }).getByRole('button', { name: 'Dismiss' }).click();
  await fileInput(page, 'Captions file').setInputFiles({ name: 'exit-tickets.vtt', mimeType: 'text/vtt', buffer: Buffer.from(CAPTIONS) });
  await expect(page.getByLabel('Captions URL')).toHaveValue(/^\/media\/uploads\/[0-9a-f-]{36}\/exit-tickets\.vtt$/, { timeout: 30_000 });
  const captionsUrl = await page.getByLabel('Captions URL').inputValue();
  const levels = ['Beginning', 'Developing', 'Applying', 'Innovating'];
  for (const [i, name] of levels.entries()) {
    await page.getByLabel(`Level ${i + 1} title`).fill(name);
    await page.getByLabel(`Level ${i + 1} description`).fill(`I am at the ${name.toLowerCase()} level with exit tickets.`);
  }
  // The guide's Markdown, previewed as educators will see it; HTML in it stays text.
  const GUIDE = '## Steps\n\n1. Hand out *cards*.\n2. Read them before the next lesson.\n\n> Students wrote one line each.\n\n<img src=x onerror="window.__guideScript=1">';
  await page.getByRole('textbox', { name: 'Guide' }).fill(GUIDE);
  const expectGuide = async (scope: ReturnType<Page['getByRole']>) => {
    await expect(scope.getByRole('heading', { level: 3, name: 'Steps' })).toBeVisible();
    await expect(scope.locator('ol > li')).toHaveText(['Hand out cards.', 'Read them before the next lesson.']);
    await expect(scope.locator('em')).toHaveText('cards');
    await expect(scope.locator('blockquote')).toHaveText('Students wrote one line each.');
    await expect(scope.getByText('<img src=x onerror="window.__guideScript=1">')).toBeVisible();
    await expect(scope.locator('img')).toHaveCount(0);
  };
  await expectGuide(page.getByRole('region', { name: 'Guide preview' }));
  // A handout: uploaded, listed under a title made from its name, retitled.
  await fileInput(page, 'Add a reproducible file').setInputFiles({ name: 'exit-ticket-cards.pdf', mimeType: 'application/pdf', buffer: HANDOUT });
  const handoutTitle = page.getByLabel('Title of exit-ticket-cards.pdf');
  await expect(handoutTitle).toHaveValue('exit ticket cards', { timeout: 30_000 });
  await handoutTitle.fill('Exit ticket cards');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Status and saving' }).getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Title of exit-ticket-cards.pdf')).toHaveValue('Exit ticket cards');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expectSnackbar(page, 'Published: educators can find it now');
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();

  // The educator finds it by its title and plays it.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const educator = await context.newPage();
  await signInLocally(educator, EDUCATOR);
  await expect(educator.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await educator.goto('/catalog');
  const search = educator.getByRole('searchbox', { name: 'Search the catalogue' });
  await search.fill(title);
  await search.press('Enter');
  const result = educator.getByRole('list', { name: 'Catalogue results' }).getByRole('link', { name: title }).first();
  await expect(result).toBeVisible();
  await result.click();
  await expect(educator.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const video = educator.locator('video');
  await expect(video).toBeVisible();
  await educator.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  // The uploaded video plays, with the uploaded captions as its English track.
  // Both are paid content, played from addresses signed for the educator.
  expect(await video.evaluate((el: HTMLVideoElement) => el.currentSrc)).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\/demo-clip-2\.webm\?expires=\d+&user=[\w-]+&signature=[\w-]+$/);
  const track = educator.locator('video track[srclang="en"]');
  await expect(track).toHaveAttribute('src', new RegExp(`^${captionsUrl.replace(/[.?]/g, '\\$&')}\\?expires=\\d+&user=[\\w-]+&signature=[\\w-]+$`));
  // The guide as the preview showed it, and nothing in it ran.
  await educator.getByRole('tab', { name: 'Implementation guide' }).click();
  await expectGuide(educator.getByRole('tabpanel', { name: 'Implementation guide' }));
  expect(await educator.evaluate(() => 'guideScript' in window || '__guideScript' in window)).toBe(false);
  // The handout is in the strategy's reproducibles, and in the zip the educator downloads.
  await educator.getByRole('tab', { name: 'Resources' }).click();
  await expect(educator.getByRole('list', { name: 'Reproducibles' }).getByRole('listitem')).toHaveText(['Exit ticket cards']);
  const downloading = educator.waitForEvent('download');
  await educator.getByRole('button', { name: 'Download reproducibles' }).click();
  const zip = await readFile((await (await downloading).path()) ?? '');
  const files = await readZip(zip);
  expect([...files.keys()]).toEqual(['exit-ticket-cards.pdf']);
  expect(files.get('exit-ticket-cards.pdf')!.equals(HANDOUT)).toBe(true);
  expect((await educator.request.get(captionsUrl)).status()).toBe(403);
  const captions = await educator.request.get((await track.getAttribute('src'))!);
  expect(captions.headers()['content-type']).toContain('text/vtt');
  expect(await captions.text()).toBe(CAPTIONS);
  await context.close();
});

const entryTitles = async (page: Page) =>
  (await page.getByRole('grid', { name: 'Playlist entries' }).getByRole('button', { name: /^Drag / }).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map((label) =>
    label.replace(/^Drag /, ''),
  );

test('the platform admin reorders a playlist by keyboard and by drag; the educator’s playlist follows', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await recordSnackbars(page);
  await signInAtAdminSite(page, { path: '/admin/catalog?resourceType=PLAYLIST' });
  await page.getByRole('searchbox', { name: 'Search by title or public id' }).fill(PLAYLIST);
  const grid = page.getByRole('grid', { name: 'Catalogue items' });
  await expect(grid.getByRole('rowheader')).toHaveCount(1);
  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/catalog\/[0-9a-f-]{36}$/);
  const entries = page.getByRole('grid', { name: 'Playlist entries' });
  await expect(entries.getByRole('row').first()).toBeVisible();
  const before = await entryTitles(page);
  expect(before.length).toBeGreaterThanOrEqual(3);

  // By keyboard: the first entry's Move down button, pressed with Enter.
  const moveDown = page.getByRole('button', { name: `Move ${before[0]} down` });
  await moveDown.focus();
  await page.keyboard.press('Enter');
  await expectSnackbar(page, 'Order saved');
  const afterKeys = [before[1]!, before[0]!, ...before.slice(2)];
  await expect.poll(() => entryTitles(page)).toEqual(afterKeys);

  // By drag: the last entry's handle dropped on top of the first entry.
  const last = afterKeys[afterKeys.length - 1]!;
  const first = entries.getByRole('row').first();
  await first.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await entries.getByRole('row', { name: last }).dragTo(first, { targetPosition: { x: 200, y: 3 } });
  const afterDrag = [last, ...afterKeys.slice(0, -1)];
  await expect.poll(() => entryTitles(page)).toEqual(afterDrag);
  await expectAccessible(page);

  // Reloaded, the order is the server's.
  await page.reload();
  await expect.poll(() => entryTitles(page)).toEqual(afterDrag);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const educator = await context.newPage();
  await signInLocally(educator, EDUCATOR, `/playlists/${PLAYLIST}`);
  const list = educator.getByRole('list', { name: 'Playlist entries' });
  await expect(list.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const shown = (await list.getByRole('heading', { level: 2 }).allTextContents()).map((text) => text.replace(/^\d+\.\s*/, ''));
  expect(shown).toEqual(afterDrag);
  await context.close();
});
