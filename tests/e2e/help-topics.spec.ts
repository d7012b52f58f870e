import { expect, test, type Locator, type Page } from '@playwright/test';
import { HELP_TOPICS } from '@/lib/help-topics';
import { signInLocally } from './support';

// The help chat answers from its topics only, so a topic that describes a control the app does
// not have misleads the reader. Each topic's answer is checked against the running app: every
// claim below quotes the answer and finds what it names, as a user of that role sees it.

const EDUCATOR = 'educator01@northwind.example.org';
const SCHOOL_ADMIN = 'school.admin@maple.northwind.example.org';
const LAPSED = 'lapsed@lakeside.example.org';

/** Who looks (an e-mail; empty for a visitor) and where. */
type Where = { as: string; path: string | ((strategy: string) => string) };
type Claim = Where & { quote: string; find: (page: Page) => Locator; open?: (page: Page) => Promise<void> };

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const strategyPage = { as: EDUCATOR, path: (strategy: string) => `/learning-objects/${strategy}` };
const learning = { as: EDUCATOR, path: '/learning' };
const tab = (name: string) => (page: Page) => page.getByRole('tab', { name, exact: true });
const button = (name: string) => (page: Page) => page.getByRole('button', { name, exact: true });
const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true });
const column = (name: string) => (page: Page) => page.getByRole('columnheader', { name, exact: true });

/** What each topic claims, by topic id. A topic without claims fails the first test. */
const CLAIMS: Record<string, Claim[]> = {
  catalogue: [
    { as: EDUCATOR, path: '/', quote: 'Open Catalog in the main navigation', find: (page) => nav(page).getByRole('link', { name: 'Catalog', exact: true }) },
    { as: EDUCATOR, path: '/catalog', quote: 'search', find: (page) => page.getByLabel('Search the catalogue') },
    { as: EDUCATOR, path: '/catalog', quote: 'filter by audience', find: (page) => page.getByLabel('Audience', { exact: true }) },
  ],
  videos: [{ ...strategyPage, quote: 'Strategy videos play on the strategy page', find: (page) => page.getByRole('region', { name: 'Video' }) }],
  reproducibles: [
    { ...strategyPage, quote: 'its Resources tab', find: tab('Resources') },
    {
      ...strategyPage,
      quote: 'select Download reproducibles',
      open: (page) => tab('Resources')(page).click(),
      find: (page) => page.getByRole('button', { name: 'Download reproducibles' }),
    },
  ],
  rubric: [
    { ...strategyPage, quote: 'Reflection rubric tab', find: tab('Reflection rubric') },
    { ...strategyPage, quote: 'Implementation guide and Resources tabs', find: tab('Implementation guide') },
    { ...strategyPage, quote: 'Save rubric score', open: (page) => tab('Reflection rubric')(page).click(), find: button('Save rubric score') },
    { ...learning, quote: 'Rubric Score', find: column('Rubric Score') },
  ],
  ratings: [
    { ...strategyPage, quote: 'Rate this strategy', find: heading('Rate this strategy') },
    { ...strategyPage, quote: 'select Rate', find: button('Rate') },
    { ...learning, quote: 'Rated', find: column('Rated') },
  ],
  apply: [
    { ...strategyPage, quote: 'Apply in my classroom', find: (page) => page.getByRole('button', { name: /Apply in my classroom|Remove from applied/ }) },
    { ...learning, quote: 'Applied in My learning', find: column('Applied') },
    { as: EDUCATOR, path: '/profile', quote: 'achievements on your Profile', find: heading('Achievements') },
  ],
  bookmarks: [
    { ...strategyPage, quote: 'Select Save on a strategy page', find: (page) => page.getByRole('button', { name: /^Save(d)?$/ }) },
    { ...learning, quote: 'the Saved tab of My learning', find: tab('Saved') },
  ],
  'my-learning': [
    { ...learning, quote: 'The All, Completed, In Progress and Saved tabs', find: (page) => page.getByRole('tablist', { name: 'Show strategies' }) },
    { ...learning, quote: 'Watched, Downloaded, Rubric Score, Rated and Applied', find: column('Downloaded') },
    { ...learning, quote: 'Sort by', find: (page) => page.getByRole('combobox', { name: 'Sort by' }) },
    { ...learning, quote: 'Order sort it', find: (page) => page.getByRole('combobox', { name: 'Order' }) },
    { ...learning, quote: 'Download CSV', find: button('Download CSV') },
    { ...learning, quote: 'Learning record', find: heading('Learning record') },
  ],
  achievements: [
    { as: EDUCATOR, path: '/profile', quote: 'Your Profile shows your achievements', find: heading('Achievements') },
    { as: EDUCATOR, path: '/profile', quote: 'your streak', find: (page) => page.getByText('Current streak') },
  ],
  subscription: [
    { as: EDUCATOR, path: '/', quote: 'Billing, in the account menu at the top right', find: (page) => page.getByRole('button', { name: /^Account menu/ }) },
    { as: EDUCATOR, path: '/billing', quote: 'shows your subscription', find: (page) => page.getByRole('heading', { level: 1, name: 'Billing' }) },
  ],
  organization: [
    { as: LAPSED, path: '/', quote: 'you will see a page saying so', find: (page) => page.getByRole('heading', { level: 1, name: /subscription/i }) },
  ],
  usage: [
    { as: SCHOOL_ADMIN, path: '/', quote: 'under Usage', find: (page) => nav(page).getByRole('link', { name: 'Usage', exact: true }) },
    { as: SCHOOL_ADMIN, path: '/usage', quote: 'the list of active users', find: (page) => page.getByRole('grid') },
  ],
  invitations: [{ as: SCHOOL_ADMIN, path: '/usage', quote: 'Invite an Educator', find: button('Invite an Educator') }],
  'sign-in': [
    { as: EDUCATOR, path: '/', quote: 'Sign out is in the account menu', find: (page) => page.getByRole('button', { name: /^Account menu/ }) },
    { as: EDUCATOR, path: '/profile', quote: 'Sign out everywhere', find: button('Sign out everywhere') },
  ],
  demo: [{ as: '', path: '/demo', quote: 'The demo', find: (page) => page.getByRole('button', { name: 'Start the demo' }) }],
  community: [
    { as: EDUCATOR, path: '/', quote: 'Community in the main navigation', find: (page) => nav(page).getByRole('link', { name: 'Community', exact: true }) },
    { as: EDUCATOR, path: '/community', quote: 'opens in a new tab', find: (page) => page.locator('main a[target="_blank"]') },
  ],
};

test('every help topic has its claims listed, and each claim quotes the topic', () => {
  expect(Object.keys(CLAIMS).sort()).toEqual(HELP_TOPICS.map((topic) => topic.id).sort());
  for (const topic of HELP_TOPICS) {
    for (const claim of CLAIMS[topic.id]!) expect(topic.answer, `topic ${topic.id}`).toContain(claim.quote);
  }
  // Every in-app link of a topic is a route the app has.
  for (const topic of HELP_TOPICS) if (topic.link) expect(topic.link.to).toMatch(/^\/(catalog|learning|profile|billing|usage|community)$/);
});

test('what the help topics name is on screen', async ({ page }) => {
  test.setTimeout(300_000);
  const byUser = new Map<string, { topic: string; claim: Claim }[]>();
  for (const [topic, claims] of Object.entries(CLAIMS)) {
    for (const claim of claims) byUser.set(claim.as, [...(byUser.get(claim.as) ?? []), { topic, claim }]);
  }
  for (const [user, claims] of byUser) {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    if (user) {
      await signInLocally(page, user);
      await expect(page).not.toHaveURL(/\/login/);
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const strategy = await page.evaluate(async () => {
      if (!localStorage.getItem('AV_TOKEN')) return '';
      const headers = { authorization: `Bearer ${localStorage.getItem('AV_TOKEN')}` };
      const list = (await (await fetch('/api/catalog/items?resourceType=LEARNING_OBJECT&limit=1', { headers })).json()) as { items: { publicId: string }[] };
      return list.items[0]!.publicId;
    });
    for (const { topic, claim } of claims) {
      const path = typeof claim.path === 'function' ? claim.path(strategy) : claim.path;
      if (new URL(page.url()).pathname !== path) await page.goto(path);
      await claim.open?.(page);
      await expect(claim.find(page).first(), `${topic}: "${claim.quote}" on ${path}`).toBeVisible();
    }
  }
});
