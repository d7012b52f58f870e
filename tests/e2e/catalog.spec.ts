import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectAccessible, PASSWORD, signInLocally } from './support';

// Each test here reloads the app several times; on a busy two-core machine one load of the
// catalogue can take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const EDUCATOR = 'educator01@northwind.example.org';

async function signIn(page: Page) {
  await signInLocally(page, EDUCATOR);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
}

const results = (page: Page) => page.getByRole('list', { name: 'Catalogue results' });
const resultCount = (page: Page) => page.getByRole('status').filter({ hasText: /\d+ results?/ });

test('an educator sees the dashboard lists', async ({ page }) => {
  await signIn(page);
  for (const name of ['Featured', 'Recommended for you', 'Recommended playlists', 'New', 'In progress']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Featured' }).getByRole('link').first()).toBeVisible();
  await expectAccessible(page);
});

const filterColumn = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const chip = (page: Page, name: RegExp | string) => page.getByRole('list', { name: 'Active filters' }).getByRole('button', { name });

/** Opens a react-aria picker of the filter column and picks the option with this text. */
async function pick(page: Page, label: string, option: string | RegExp) {
  await filterColumn(page).getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

test('the catalogue searches, filters through the URL and opens a result', async ({ page }) => {
  await signIn(page);
  await page.goto('/catalog');
  await expect(resultCount(page)).toBeVisible();
  await expect(results(page).getByRole('link').first()).toBeVisible();
  await expectAccessible(page);

  // A search keeps the focus in the search box (no jump to the top) and names its words.
  const search = page.getByRole('searchbox', { name: 'Search the catalogue' });
  await search.fill('questions');
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]search=questions/);
  await expect(resultCount(page)).toHaveText(/\d+ results? for “questions”/);
  await expect(search).toBeFocused();
  await expect(chip(page, 'Remove Search: questions')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(resultCount(page)).toHaveText(/^\d+ results?$/);
  const framework = filterColumn(page).getByRole('combobox', { name: 'Framework' });
  await framework.click();
  const element = page.getByRole('listbox').getByRole('option').filter({ hasText: /^Element/ }).first();
  const elementTitle = ((await element.textContent()) ?? '').replace(/^Element/, '');
  await element.click();
  await expect(page).toHaveURL(/[?&]nasot=/);
  await expect(framework).toHaveValue(elementTitle);
  await expect(chip(page, `Remove Element: ${elementTitle}`)).toBeVisible();
  await expect(resultCount(page)).toBeVisible();
  const elementUrl = page.url();
  const firstElementResult = await results(page).getByRole('link').first().textContent();

  const audienceButton = filterColumn(page).getByRole('button', { name: /Audience$/ });
  const current = ((await audienceButton.textContent()) ?? '').trim();
  await audienceButton.click();
  const other = page.getByRole('listbox').getByRole('option').filter({ hasNotText: current }).filter({ hasNotText: 'All audiences' }).first();
  const otherName = ((await other.textContent()) ?? '').trim();
  await other.click();
  await expect(page).toHaveURL(/[?&]audience=/);
  await expect(page).not.toHaveURL(elementUrl);
  await expect(chip(page, `Remove Audience: ${otherName}`)).toBeVisible();
  await expect(audienceButton).toBeFocused();
  await expect(resultCount(page)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(elementUrl);
  await expect(audienceButton).toContainText(current);
  await expect(results(page).getByRole('link').first()).toHaveText(firstElementResult ?? '');

  const first = results(page).getByRole('link').first();
  const href = await first.getAttribute('href');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('the URL says search and audience; older links are replaced; the profile audience keeps the query and shows as a chip', async ({ page }) => {
  await signIn(page);

  // An older link's q becomes search (replaced, so Back does not return to it); a search gets no audience.
  await page.goto('/catalog?q=feedback&type=LEARNING_OBJECT');
  await expect(page).toHaveURL(/\/catalog\?search=feedback&type=LEARNING_OBJECT$/);
  await expect(page.getByRole('searchbox', { name: 'Search the catalogue' })).toHaveValue('feedback');
  await expect(chip(page, 'Remove Search: feedback')).toBeVisible();
  await expect(chip(page, /Remove Audience/)).toHaveCount(0);

  // Without a search, the profile's audience joins the rest of the query, visible as a chip.
  await page.goto('/catalog?type=PLAYLIST');
  await expect(page).toHaveURL(/\/catalog\?audience=[^&]+&type=PLAYLIST$/);
  const audienceChip = chip(page, /^Remove Audience: /);
  await expect(audienceChip).toBeVisible();
  await expect(chip(page, 'Remove Type: Playlist')).toBeVisible();
  await expect(page.getByRole('button', { name: /Filters/ })).toBeHidden();

  // The audience filter narrows a search; removing it shows everything the words match.
  await page.goto('/catalog');
  await expect(audienceChip).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search the catalogue' });
  await search.fill('feedback');
  await search.press('Enter');
  await expect(page).toHaveURL(/\?search=feedback&audience=/);
  const narrowed = Number(/\d+/.exec((await resultCount(page).textContent()) ?? '')?.[0]);
  await audienceChip.click();
  await expect(page).toHaveURL(/\/catalog\?search=feedback$/);
  // The focus stays on the chips: the search chip is now the one where the audience chip was.
  await expect(chip(page, 'Remove Search: feedback')).toBeFocused();
  await expect(resultCount(page)).toHaveText(/for “feedback”/);
  const all = Number(/\d+/.exec((await resultCount(page).textContent()) ?? '')?.[0]);
  expect(all).toBeGreaterThan(narrowed);

  // Clear all empties the query (no audience comes back) and leaves the focus in the search box.
  await pick(page, 'Resource type', 'Strategy');
  await expect(page).toHaveURL(/type=LEARNING_OBJECT/);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  await expect(resultCount(page)).toHaveText(/^\d+ results?$/);
});

test('results load as skeleton cards with the count announced politely; no results offers next steps', async ({ page }) => {
  await signIn(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/catalog/items?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/catalog?type=LIVESTREAM');
  await expect(page.getByTestId('card-skeleton').first()).toBeVisible();
  await expect(page.getByText(/Loading/)).toHaveCount(0);
  const status = page.getByRole('status').and(page.locator('p'));
  await expect(status).toHaveText('');
  release();
  await expect(status).toHaveText(/^\d+ results?$/);
  await expect(page.getByTestId('card-skeleton')).toHaveCount(0);
  await page.unroute('**/api/catalog/items?**');

  await page.goto('/catalog?search=zzxqv&type=PLAYLIST');
  const empty = page.getByRole('region', { name: 'No results for “zzxqv”' });
  await expect(empty).toBeVisible();
  await expect(resultCount(page)).toHaveText('0 results for “zzxqv”');
  await expect(empty.getByRole('link', { name: 'See livestreams' })).toHaveAttribute('href', '/livestreams');
  await expectAccessible(page);
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/catalog\?search=zzxqv$/);
  await expect(empty.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  await empty.getByRole('button', { name: 'Browse all' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(results(page).getByRole('link').first()).toBeVisible();
});

test('cards lead with a 16:9 thumbnail, lazy below the first row, and show progress, Completed included', async ({ page }) => {
  await signIn(page);
  await page.goto('/catalog');
  // The first row's posters load at once (the first one, the page's largest paint, first of all).
  const images = results(page).getByRole('listitem').locator('img');
  await expect(images.nth(3)).toBeAttached();
  expect(await images.evaluateAll((all) => all.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]))).toEqual([
    ['eager', 'high'],
    ['eager', null],
    ['eager', null],
    ...Array.from({ length: (await images.count()) - 3 }, () => ['lazy', null]),
  ]);

  await page.goto('/catalog?progress=COMPLETED');
  const card = results(page).getByRole('listitem').first();
  await expect(card).toBeVisible();
  const image = card.locator('img');
  await expect(image).toHaveAttribute('alt', '');
  await expect(image).toHaveAttribute('decoding', 'async');
  await expect(image).toHaveAttribute('src', /\/media\//);
  const box = await image.locator('..').boundingBox();
  expect(box && Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
  await expect(card.getByText('Completed', { exact: true })).toBeVisible();

  await page.goto('/catalog?progress=IN_PROGRESS');
  await expect(results(page).getByRole('listitem').first().getByText(/^(\d of 5 steps|\d+% watched|In progress)$/)).toBeVisible();
});

test('a strategy opened is not started; once some of its video is watched it is In progress, and out of Not started', async ({ page }) => {
  await signIn(page);
  // A strategy with a video this educator has not started.
  await page.goto('/catalog?progress=NOT_STARTED&type=LEARNING_OBJECT');
  const link = results(page).getByRole('listitem').first().getByRole('heading', { level: 3 }).getByRole('link');
  await expect(link).toBeVisible();
  const title = (await link.textContent())!.trim();
  const titled = (progress: string) => `/catalog?search=${encodeURIComponent(`"${title}"`)}&progress=${progress}`;
  const shown = (page: Page) => results(page).getByRole('link', { name: title, exact: true });
  const open = async () => {
    await page.goto(titled('NOT_STARTED'));
    await shown(page).first().click();
    await expect(page.locator('video')).toBeVisible();
  };

  // Opened, its video loaded but not played: a visit is not progress.
  await open();
  await page.goto(titled('IN_PROGRESS'));
  await expect(page.getByRole('heading', { level: 3, name: /^No results for/ })).toBeVisible();
  await page.goto(titled('NOT_STARTED'));
  await expect(shown(page)).toBeVisible();

  // Two seconds of it watched: started.
  await open();
  const video = page.locator('video');
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(2);
  await video.evaluate((el: HTMLVideoElement) => el.pause());
  // The pause's event goes out with the page's next navigation (the beacon): the list may come first.
  await expect(async () => {
    await page.goto(titled('IN_PROGRESS'));
    await expect(shown(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.goto(titled('NOT_STARTED'));
  await expect(page.getByRole('heading', { level: 3, name: /^No results for/ })).toBeVisible();
});

test('on a phone the filters wait behind a Filters button with their count; results are on the first screen', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/catalog');
  await expect(results(page).getByRole('link').first()).toBeVisible();
  await expect(filterColumn(page)).toBeHidden();
  const firstCard = await results(page).getByRole('listitem').first().boundingBox();
  expect(firstCard && firstCard.y).toBeLessThan(812 - 100);
  const open = page.getByRole('button', { name: 'Filters 1 active' });
  await expect(open).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page);
  }

  await open.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: /Resource type$/ }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Livestream' }).click();
  await expect(page).toHaveURL(/type=LIVESTREAM/);
  await expect(sheet.getByRole('button', { name: /^Show \d+ results?$/ })).toBeVisible();
  await expectAccessible(page);
  // The Framework list open inside the sheet, then closed: the sheet and the page behind it come back.
  await sheet.getByRole('combobox', { name: 'Framework' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: /^Show \d+ results?$/ }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters 2 active' })).toBeFocused();
  await expect(chip(page, 'Remove Type: Livestream')).toBeVisible();
  expect(await page.locator('[inert], [aria-hidden="true"]:not(svg, svg *, [data-decorative])').evaluateAll((nodes) => nodes.filter((node) => node.querySelector('a, button, input')).length)).toBe(0);
});

test('the catalogue passes axe at 1280 in light and dark; its pickers work from the keyboard', async ({ page }) => {
  await signIn(page);
  await page.goto('/catalog?search=feedback');
  await expect(results(page).getByRole('link').first()).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page);
  }
  // The pickers work from the keyboard: Tab reaches them, arrows open and move, Enter picks.
  const type = filterColumn(page).getByRole('button', { name: /Resource type$/ });
  await type.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(type).toBeFocused();
  // With the Framework list open the rest of the page is inert (hidden and out of the tab order),
  // not only hidden from assistive technology with its links still focusable; Tab leaves the
  // open list for the next control, not for the body.
  const framework = filterColumn(page).getByRole('combobox', { name: 'Framework' });
  await framework.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  const mainNavInert = () => page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => nav.closest('[inert]') !== null);
  expect(await mainNavInert()).toBe(true);
  await expectAccessible(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(framework).not.toBeFocused();
  await expect(filterColumn(page).locator('button:focus')).toHaveCount(1);
  expect(await mainNavInert()).toBe(false);
  // The list's own toggle stays live while the list is open: a click on it closes the list.
  await framework.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await filterColumn(page).getByRole('button', { name: 'Show the framework' }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('the results do not wait for the filter pickers: their fields stand in place until the pickers arrive', async ({ page }) => {
  await signIn(page);
  // The pickers' chunk (react-aria's select, combobox and modal) held back until released.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/filter-controls-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/catalog');
  await expect(results(page).getByRole('link').first()).toBeVisible();
  const placeholder = filterColumn(page).locator('[data-filter-placeholder]');
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toContainText('Audience');
  await expect(filterColumn(page).getByRole('button', { name: /Resource type$/ })).toHaveCount(0);
  const before = await filterColumn(page).boundingBox();
  release();
  await expect(placeholder).toHaveCount(0);
  await expect(filterColumn(page).getByRole('button', { name: /Resource type$/ })).toBeVisible();
  expect(await filterColumn(page).boundingBox()).toEqual(before);
  await pick(page, 'Resource type', 'Livestream');
  await expect(page).toHaveURL(/type=LIVESTREAM/);
});

test('livestreams show upcoming and past, a Live badge while on air, and a valid .ics', async ({ page }) => {
  await signIn(page);
  await page.goto('/livestreams');
  const upcoming = page.getByRole('list', { name: 'Upcoming livestreams' });
  const past = page.getByRole('list', { name: 'Past livestreams' });
  await expect(upcoming.getByRole('listitem').first()).toBeVisible();
  await expect(past.getByRole('listitem').first()).toBeVisible();
  // The session on air is the "Live now" hero above Upcoming, in neither list.
  await expect(page.getByText('Live now', { exact: true })).toHaveCount(1);
  await expect(upcoming.getByText(/^Live/)).toHaveCount(0);
  await expect(past.getByText(/^Live/)).toHaveCount(0);
  await expectAccessible(page);

  await upcoming.getByRole('listitem').last().getByRole('link').click();
  await expect(page.getByRole('link', { name: 'Join livestream' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await readFile((await download.path()) ?? '', 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  for (const field of [/^UID:.+$/m, /^DTSTAMP:\d{8}T\d{6}Z\r?$/m, /^DTSTART:\d{8}T\d{6}Z\r?$/m, /^DTEND:\d{8}T\d{6}Z\r?$/m, /^SUMMARY:.+$/m, /^URL:http.+\/livestreams\/.+$/m]) {
    expect(ics).toMatch(field);
  }
  expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  await expectAccessible(page);

  await page.goto('/livestreams');
  await past.getByRole('listitem').first().getByRole('link').click();
  await expect(page.locator('video')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join livestream' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a playlist lists its entries in order with play next', async ({ page }) => {
  await signIn(page);
  await page.goto('/catalog?type=PLAYLIST');
  await results(page).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/playlists\//);
  const entries = page.getByRole('list', { name: 'Playlist entries' }).getByRole('listitem');
  await expect(entries.first()).toBeVisible();
  expect(await entries.count()).toBeGreaterThan(1);
  await expect(page.getByRole('link', { name: /^Play next/ })).toBeVisible();
  await expectAccessible(page);
});

test('a word only spoken in a video finds it; "Play from" opens the strategy with its video at that time', async ({ page }) => {
  // A strategy whose captions alone say a made-up word (its own per run), at 0:12 of a 28 s clip.
  const word = `zq${randomUUID().replace(/-/g, '').slice(0, 10).replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
  const authorize = await page.request.post('/api/identity/local/authorize', { data: { email: 'admin@example.org', password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await authorize.json()).accessToken}` };
  const captions = `WEBVTT\n\n00:00:01.000 --> 00:00:05.000\nWelcome back, everyone.\n\n00:00:12.000 --> 00:00:16.000\nNow try the ${word} routine with your partner.\n`;
  const upload = await page.request.post(`/api/admin/uploads?kind=captions&fileName=${word}.en.vtt`, { headers: { ...headers, 'content-type': 'application/octet-stream' }, data: Buffer.from(captions) });
  expect(upload.status()).toBe(201);
  const nasot = (await (await page.request.get('/api/catalog/nasot/items', { headers })).json()).data as { id: string; type: string }[];
  const audiences = (await (await page.request.get('/api/catalog/audiences', { headers })).json()).data as { id: string; name: string }[];
  const title = `Partner talk routines ${word.slice(2, 6)}`;
  const created = await page.request.post('/api/admin/catalog/items', {
    headers,
    data: {
      resourceType: 'LEARNING_OBJECT',
      title,
      description: 'Pairs rehearse their answer before the whole class hears it.',
      nasotItemIds: [nasot.find((n) => n.type === 'STRATEGY')!.id],
      // educator01's own audience: the catalogue starts filtered to it.
      audienceIds: [audiences.find((a) => a.name === 'Instructional Coaches')!.id],
      rubric: [1, 2, 3, 4].map((value) => ({ value, title: `Level ${value}`, description: `What level ${value} looks like.` })),
      video: { url: '/media/videos/demo-clip-2.webm', mimeType: 'video/webm', durationSeconds: 28, posterUrl: null, captionsUrl: (await upload.json()).url },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  expect((await page.request.put(`/api/admin/catalog/items/${id}/status`, { headers, data: { status: 'PUBLISHED' } })).status()).toBe(200);
  // Archived afterwards, pass or fail: as the newest strategy it would head the catalogue the
  // shard's later tests open (the dashboard's largest picture, the help topics' first strategy).
  try {
    await findBySpokenWord(page, word, title);
  } finally {
    await page.request.put(`/api/admin/catalog/items/${id}/status`, { headers, data: { status: 'ARCHIVED' } });
  }
});

async function findBySpokenWord(page: Page, word: string, title: string) {
  await signIn(page);
  await page.goto('/catalog');
  const search = page.getByRole('searchbox', { name: 'Search the catalogue' });
  await search.fill(word);
  await search.press('Enter');
  await expect(resultCount(page)).toHaveText(`1 result for “${word}”`);
  const card = results(page).getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText(`Said in the video: “Now try the ${word} routine with your partner.”`)).toBeVisible();
  await expect(card.locator('mark')).toHaveText(word);
  await expectAccessible(page);

  const play = card.getByRole('link', { name: `Play from 0:12: ${title}` });
  await expect(play).toHaveText('Play from 0:12');
  await play.click();
  await expect(page).toHaveURL(/\/learning-objects\/[^?]+\?t=12$/);
  const video = page.locator('video');
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  // At the cue, not at the start (it may be playing on from there).
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThanOrEqual(12);
  expect(await video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeLessThan(26);
}
