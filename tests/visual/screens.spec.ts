import { expect, test, type Page } from '@playwright/test';
import { linkInOutbox } from '../e2e/support.ts';
import { VISUAL_NOW } from './now.ts';

/**
 * The visual regression suite: every screen at 375 and 1280 wide, light and dark, compared with
 * the committed baselines in tests/visual/__screenshots__ (README "Visual regression suite").
 *
 * It runs against its own server and freshly seeded data (playwright.config.ts, project
 * "visual"), so what the end-to-end tests change never shows here. That server's clock starts at
 * VISUAL_NOW and the browser's reads VISUAL_NOW, so dates and figures are the same on any day and
 * are compared like any other text. Animations and the caret are off. A screen that renders
 * blank, black or half-built differs from its baseline in far more than the 1% of pixels the
 * comparison allows.
 */

const PASSWORD = 'Welcome-2026!';

type Who = { email: string; demo?: true } | null;
type Screen = {
  name: string;
  path: string;
  who: Who;
  /** Visible once the screen has its data (not a skeleton). */
  ready: (page: Page) => Promise<void>;
};

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

const educator = { email: 'educator01@northwind.example.org' };

const SCREENS: Screen[] = [
  { name: 'login', path: '/login', who: null, ready: heading('Sign in') },
  { name: 'demo', path: '/demo', who: null, ready: heading('Try the Educator Learning Platform') },
  { name: 'reveal', path: '/reveal', who: null, ready: heading('Thanks for trying the demo') },
  // A link whose token is unknown or used: the page that says so (a good token confirms once; the
  // end-to-end tests cover that). /callback is left out: it leaves for /login by itself after 7 s.
  { name: 'email-verification-failed', path: '/email-verification?verification-token=no-such-token', who: null, ready: heading('We could not confirm your e-mail') },
  { name: 'provider-sign-up', path: '/invite?email=visual.check%40example.org', who: null, ready: heading('Create your account') },
  { name: 'dashboard', path: '/', who: educator, ready: heading(/Welcome/) },
  { name: 'dashboard-new-user', path: '/', who: { email: 'new.teacher@example.org' }, ready: heading(/Welcome/) },
  { name: 'catalog', path: '/catalog', who: educator, ready: async (page) => void (await expect(page.getByText(/\d+ results?/).first()).toBeVisible()) },
  { name: 'catalog-search', path: '/catalog?search=feedback', who: educator, ready: async (page) => void (await expect(page.getByText(/\d+ results?/).first()).toBeVisible()) },
  { name: 'learning-object', path: '/learning-objects/concept-carousel', who: educator, ready: heading('Concept Carousel') },
  { name: 'learning-object-not-found', path: '/learning-objects/no-such-strategy', who: educator, ready: heading('Page not found') },
  { name: 'playlist', path: '/playlists/feedback-that-moves-learning', who: educator, ready: heading('Feedback That Moves Learning') },
  { name: 'livestreams', path: '/livestreams', who: educator, ready: heading('Livestreams') },
  { name: 'livestream-recording', path: '/livestreams/launching-the-year-with-routines-that-stick', who: educator, ready: heading('Launching the Year With Routines That Stick') },
  { name: 'community', path: '/community', who: educator, ready: heading(/Community/) },
  { name: 'learning', path: '/learning', who: educator, ready: heading('My learning') },
  { name: 'learning-empty', path: '/learning', who: { email: 'new.teacher@example.org' }, ready: heading('My learning') },
  { name: 'profile', path: '/profile', who: educator, ready: heading(/Profile/) },
  { name: 'billing', path: '/billing', who: { email: 'subscriber@example.org' }, ready: heading(/Billing/) },
  { name: 'usage-district', path: '/usage', who: { email: 'district.admin@northwind.example.org' }, ready: heading('Educator Usage') },
  { name: 'usage-school', path: '/usage', who: { email: 'school.admin@maple.northwind.example.org' }, ready: heading('Educator Usage') },
  { name: 'not-found', path: '/no/such/page', who: educator, ready: heading('Page not found') },
  { name: 'onboarding', path: '/onboarding', who: { email: 'newbie@example.org' }, ready: async (page) => void (await expect(page.getByRole('heading', { level: 1 })).toBeVisible()) },
  { name: 'personalize', path: '/personalize', who: { email: 'demo.new@example.org', demo: true }, ready: async (page) => void (await expect(page.getByRole('heading', { level: 1 })).toBeVisible()) },
  { name: 'payment', path: '/payment', who: { email: 'noaccess@example.org' }, ready: async (page) => void (await expect(page.getByRole('heading', { level: 1 })).toBeVisible()) },
  { name: 'expired-organization', path: '/expired-organization-subscription', who: { email: 'lapsed@lakeside.example.org' }, ready: async (page) => void (await expect(page.getByRole('heading', { level: 1 })).toBeVisible()) },
  { name: 'statecharts', path: '/statecharts', who: { email: 'admin@example.org' }, ready: async (page) => void (await expect(page.getByRole('region', { name: /statechart drawing/ }).locator('svg g').first()).toBeVisible()) },
];

/**
 * Nothing is still arriving: the network is quiet, no region says it is busy, and every image
 * has loaded (thumbnails load lazily, so the page is scrolled through once to start them all).
 */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  // A lazy image the scroll did not bring near the viewport (the far end of a sideways rail) would
  // never load: every image is asked for now, and then all of them must have arrived.
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(() => document.fonts.ready);
}

const tokens = new Map<string, string>();

async function tokenFor(page: Page, who: NonNullable<Who>): Promise<string> {
  const known = tokens.get(who.email);
  if (known) return known;
  // A demo starts from the link e-mailed to its address (the server's outbox).
  const demoLink = who.demo && (await page.request.post('/api/identity/demo', { data: { email: who.email } })).ok() ? await linkInOutbox(who.email, /\/demo\?ticket=[A-Za-z0-9._-]+/) : null;
  const response = who.demo
    ? await page.request.post('/api/identity/demo/session', { data: { ticket: new URL(demoLink ?? '/', 'http://outbox.invalid').searchParams.get('ticket') } })
    : await page.request.post('/api/identity/local/authorize', { data: { email: who.email, password: PASSWORD } });
  expect(response.ok(), `sign-in of ${who.email}`).toBe(true);
  const { accessToken } = (await response.json()) as { accessToken: string };
  tokens.set(who.email, accessToken);
  return accessToken;
}

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

test.describe.configure({ mode: 'default' });

for (const screen of SCREENS) {
  test(screen.name, async ({ page }) => {
    // Date and new Date() read VISUAL_NOW in every page of the test; timers still run in real
    // time (the snackbar's timeout, the loading indicator's delay, debounces).
    await page.clock.setFixedTime(VISUAL_NOW);
    if (screen.who) {
      const token = await tokenFor(page, screen.who);
      await page.addInitScript((t) => localStorage.setItem('AV_TOKEN', t), token);
    }
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
      await page.goto(screen.path);
      await screen.ready(page);
      await settled(page);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(page).toHaveScreenshot(`${screen.name}-${viewport.width}-${scheme}.png`, {
          fullPage: true,
          timeout: 20_000,
        });
      }
    }
  });
}
