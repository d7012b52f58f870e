import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInLocally } from './support';

// Learner events leave the browser through navigator.sendBeacon from a queue kept in
// localStorage. These tests watch the beacons on the wire and the server's answers to them.

const QUEUE_KEY = 'learner-events-queue';

type SentEvent = { id: string; type: string; data?: { catalogItemId?: string; position?: number; progress?: number } };
type Beacon = {
  events: SentEvent[];
  answer: { accepted: number; duplicates: number; rejected: number; results: { id: string; status: string; reason?: string }[] } | null;
};

/** Every beacon the context sends, with the server's answer once it arrives. */
function watchBeacons(context: BrowserContext) {
  const beacons: Beacon[] = [];
  context.on('request', (request) => {
    if (!request.url().endsWith('/api/learner/events') || request.method() !== 'POST') return;
    const beacon: Beacon = { events: (JSON.parse(request.postData() ?? '{}') as { data?: SentEvent[] }).data ?? [], answer: null };
    beacons.push(beacon);
    void request
      .response()
      .then(async (response) => {
        beacon.answer = response && response.ok() ? ((await response.json()) as Beacon['answer']) : null;
      })
      .catch(() => {});
  });
  const sent = () => beacons.flatMap((b) => b.events);
  return { beacons, sent };
}

/** The events waiting in the browser's storage: every page keeps its own slot under the prefix. */
const queued = (page: Page) =>
  page.evaluate((prefix) => {
    const waiting: SentEvent[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (!key.startsWith(prefix)) continue;
      const slot = JSON.parse(localStorage.getItem(key) ?? '{}') as { queue?: SentEvent[] };
      waiting.push(...(slot.queue ?? []));
    }
    return waiting;
  }, QUEUE_KEY);

/** Opens the first strategy of the catalogue that has a video and waits for its metadata. */
async function openStrategyWithVideo(page: Page): Promise<string> {
  await page.goto('/catalog?type=LEARNING_OBJECT');
  await page.getByRole('list', { name: 'Catalogue results' }).locator('a[href*="/learning-objects/"]').first().click();
  await expect(page).toHaveURL(/\/learning-objects\/[^/?]+$/);
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  return new URL(page.url()).pathname;
}

const videoTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** The server's own record of the learner's progress on one item, read with the page's token. */
async function serverProgress(page: Page, token: string, catalogItemId: string) {
  const response = await page.request.get('/api/progress', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { catalogItemsProgress: { catalogItemId: string; videoPosition: number }[] };
  return body.catalogItemsProgress.find((p) => p.catalogItemId === catalogItemId);
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('AV_TOKEN') ?? '');

async function playFrom(page: Page, start: number, seconds: number) {
  await page.locator('video').evaluate(async (v: HTMLVideoElement, at: number) => {
    v.muted = true;
    v.currentTime = at;
    await v.play();
  }, start);
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(start + seconds);
}

test('events recorded offline survive a reload, are stored exactly once, and the video resumes where it was paused', async ({ page, context }) => {
  test.setTimeout(120_000);
  const wire = watchBeacons(context);
  await signInLocally(page, 'educator05@northwind.example.org');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  const path = await openStrategyWithVideo(page);
  const token = await tokenOf(page);

  // Play a few seconds online (the media buffers), and let the visit and play events go out.
  await playFrom(page, 0, 3);
  await expect.poll(() => wire.sent().map((e) => e.type)).toContain('VIDEO_PLAYED');
  const itemId = wire.sent().find((e) => e.type === 'VIDEO_PLAYED')?.data?.catalogItemId ?? '';

  // Offline: the pause is recorded, the beacon cannot go, the event waits in the stored queue.
  await context.setOffline(true);
  await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
  const pausedAt = await videoTime(page);
  await expect.poll(async () => (await queued(page)).map((e) => e.type)).toContain('VIDEO_PAUSED');
  const offline = await queued(page);

  // Reloading while offline fails; the events are still in the browser's storage.
  await page.reload().catch(() => {});

  // Back online: the app starts again, restores the queue and delivers it.
  await context.setOffline(false);
  await page.goto(path);
  await expect.poll(async () => (await serverProgress(page, token, itemId))?.videoPosition, { timeout: 20_000 }).toBeCloseTo(pausedAt, 0);
  await expect.poll(async () => (await queued(page)).length, { timeout: 20_000 }).toBe(0);
  const answered = () => wire.beacons.filter((b) => b.answer !== null);
  await expect.poll(() => answered().flatMap((b) => b.events.map((e) => e.id)), { timeout: 20_000 }).toEqual(
    expect.arrayContaining(offline.map((e) => e.id)),
  );

  // Exactly once on the server: an id can go over the wire twice (the next start resends what
  // the last page handed to the beacon), but the server stores it once and says so.
  const sentIds = answered().flatMap((b) => b.events.map((e) => e.id));
  expect(sentIds.length).toBeGreaterThan(new Set(sentIds).size);
  for (const b of answered()) expect((b.answer?.accepted ?? 0) + (b.answer?.duplicates ?? 0) + (b.answer?.rejected ?? 0)).toBe(b.events.length);
  // The only events refused are the day's repeated sign-ins (each reload signs in again).
  const refused = answered().flatMap((b) => b.answer?.results.filter((r) => r.status === 'rejected') ?? []);
  expect(refused.map((r) => r.reason)).toEqual(refused.map(() => 'ALREADY_COUNTED_TODAY'));
  expect(answered().reduce((n, b) => n + (b.answer?.accepted ?? 0), 0)).toBeLessThanOrEqual(new Set(sentIds).size);

  // A fresh load resumes where the video was paused.
  await page.reload();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await expect.poll(() => videoTime(page)).toBeGreaterThan(pausedAt - 1);
  expect(await videoTime(page)).toBeLessThan(pausedAt + 1);
});

test('leaving the site pauses the video, records the leave, and the position reaches the server through the last beacon', async ({ page, context }) => {
  const wire = watchBeacons(context);
  await signInLocally(page, 'educator06@northwind.example.org');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await openStrategyWithVideo(page);
  const token = await tokenOf(page);
  await expect.poll(() => wire.sent().map((e) => e.type)).toContain('CATALOG_ITEM_VISITED');
  const itemId = wire.sent().find((e) => e.type === 'CATALOG_ITEM_VISITED')?.data?.catalogItemId ?? '';
  // Played from a point well away from the position the server has now.
  const before = (await serverProgress(page, token, itemId))?.videoPosition ?? 0;
  const start = before < 5 ? 8 : 0;
  await playFrom(page, start, 2);
  await expect.poll(() => wire.sent().map((e) => e.type)).toContain('VIDEO_PLAYED');
  const playedTo = await videoTime(page);

  // No unmount happens when the tab goes to another site: the page hiding is the leave, and the
  // position (only sent every 10 s while playing) reaches the server without another visit.
  await page.goto('about:blank');
  // On failure the message shows what went over the wire and what the server answered.
  const onTheWire = () =>
    JSON.stringify(wire.beacons.map((b) => ({ sent: b.events.map((e) => [e.type, e.data?.position]), answer: b.answer?.results })));
  await expect
    .poll(async () => (await serverProgress(page, token, itemId))?.videoPosition, { timeout: 15_000 })
    .toBeGreaterThan(playedTo - 1)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nItem ${itemId}, played from ${start} to ${playedTo}; beacons: ${onTheWire()}`);
    });
  expect(Math.abs(before - playedTo)).toBeGreaterThan(1.5);
});
