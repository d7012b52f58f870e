import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible, linkInOutbox, signInAtProvider, signInLocally, signOut, whilePaused } from './support';

const EDUCATOR = 'educator01@northwind.example.org';

test.describe('provider sign-in', () => {
  test('by redirect: returns to the asked page, survives a reload, logs out to /login', async ({ page }) => {
    await page.goto('/catalog?audience=x');
    await expect(page).toHaveURL(/\/u\//);
    await expectAccessible(page);
    await signInAtProvider(page, EDUCATOR);
    await expect(page).toHaveURL(/\/catalog\?audience=x$/);
    await expect(page.getByRole('heading', { name: 'Catalog' })).toBeVisible();
    // The access token lives 70 s and counts as expired 60 s early: after 11 s, a reload must
    // refresh it silently with the refresh token.
    await page.waitForTimeout(11_000);
    const refreshed = page.waitForRequest((r) => r.url().endsWith('/oauth/token') && (r.postData() ?? '').includes('grant_type=refresh_token'));
    await page.reload();
    await refreshed;
    await expect(page.getByRole('heading', { name: 'Catalog' })).toBeVisible();
    await expect(page).toHaveURL(/\/catalog/);
    await signOut(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test("the sign-in form sends an address a district's provider serves to the provider's page, its e-mail filled in and its password kept", async ({ page }) => {
    // What POST /identity/authorize answers for PROVIDER_DOMAINS with an external provider (tests/api/security.test.ts).
    await page.route('**/api/identity/authorize', (route) => route.fulfill({ json: { loginMethod: 'PROVIDER' } }));
    const local: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/identity/local/authorize')) local.push(request.url());
    });
    await page.goto('/login?returnTo=%2Fcatalog');
    const asked = page.waitForRequest((r) => r.url().endsWith('/api/identity/authorize') && r.postDataJSON()?.email === EDUCATOR);
    await page.getByLabel('Email').fill(EDUCATOR);
    await page.getByLabel('Password').fill('typed before knowing');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await asked;
    await expect(page).toHaveURL(/\/u\//);
    await expect(page.getByLabel('Email')).toHaveValue(EDUCATOR);
    expect(local).toEqual([]);
    // Signing in there returns to the page asked for (which adds the profile's audience).
    await page.getByLabel('Password').fill('Welcome-2026!');
    await page.getByRole('button', { name: /sign in|continue/i }).click();
    await expect(page).toHaveURL(/\/catalog(\?audience=[\w-]+)?$/);
    await expect(page.getByRole('heading', { name: 'Catalog' })).toBeVisible();
  });

  test('by pop-up: the app signs in when the pop-up finishes', async ({ page }) => {
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Use a pop-up window' }).click();
    const popup = await popupOpened;
    await signInAtProvider(popup, EDUCATOR);
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  });

  test('a wrong password shows the provider error', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill(EDUCATOR);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong email or password.');
    await expectAccessible(page);
  });
});

test.describe('local sign-in', () => {
  test('signs in, shows the dashboard and signs out to /login', async ({ page }) => {
    await page.goto('/login');
    await expectAccessible(page);
    await signInLocally(page, EDUCATOR);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    await expectAccessible(page);
    await signOut(page);
    await expect(page).toHaveURL(/\/login$/);
    // The local token is gone: a protected page goes to the provider's sign-in.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/u\//);
  });

  test('goes to the caller-given path', async ({ page }) => {
    await signInLocally(page, EDUCATOR, '/livestreams');
    await expect(page).toHaveURL(/\/livestreams$/);
  });

  test('a path on another site lands on the dashboard, without an error', async ({ page, baseURL }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInLocally(page, EDUCATOR, 'https://evil.example/');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    expect(page.url()).toBe(`${baseURL}/`);
    expect(errors).toEqual([]);
    await signOut(page);
  });

  test('checks the form before anything is sent: messages under the fields, focus on the first', async ({ page }) => {
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/identity/local/authorize')) logins.push(request.url());
    });
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel('Password');
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    // A message appearing as a field is left does not move the buttons (a press on one must land).
    await email.fill('educator01@');
    const before = await submit.boundingBox();
    await page.keyboard.press('Tab');
    await expect(page.getByText('The Email must be a valid email address')).toBeVisible();
    expect(await submit.boundingBox()).toEqual(before);
    // One click on Sign in straight from a field submits: every field gets its message.
    await email.fill('');
    await email.focus();
    await submit.click();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('The Email field is required')).toBeVisible();
    // The password is asked for once the address is known to sign in here (a district's signs in at the district).
    await expect(page.getByText('The Password field is required')).toHaveCount(0);
    // The message is the field's description, so a screen reader reads it with the field.
    await expect(email).toHaveAccessibleDescription('The Email field is required');
    await email.fill('educator01@');
    await expect(page.getByText('The Email must be a valid email address')).toBeVisible();
    await email.fill(EDUCATOR);
    await expect(page.getByText('The Email must be a valid email address')).toHaveCount(0);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await submit.click();
    await expect(page.getByText('The Password field is required')).toBeVisible();
    await expect(password).toHaveAccessibleDescription('The Password field is required');
    expect(logins).toEqual([]);
    await expectAccessible(page);
    await password.fill('Welcome-2026!');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    expect(logins).toHaveLength(1);
  });

  test('shows a clear error for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(EDUCATOR);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password');
    await expectAccessible(page);
  });
});

test.describe('sessions', () => {
  test('"Sign out everywhere" on /profile ends this browser\'s session and every other one', async ({ page, browser }) => {
    const other = await browser.newPage();
    await signInLocally(other, 'educator07@northwind.example.org');
    await expect(other.getByRole('heading', { name: /Welcome/ })).toBeVisible();

    await signInLocally(page, 'educator07@northwind.example.org', '/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The other browser's token is refused at its next call: it is signed out too.
    await other.goto('/catalog');
    await expect(other).toHaveURL(/\/login$|\/u\//);
    await other.close();
  });
});

test.describe('demo', () => {
  test('demo entry → e-mailed link → personalize → dashboard → sign out to /reveal', async ({ page }) => {
    const email = `e2e.demo.${randomUUID()}@example.org`;
    await page.goto('/demo');
    await expectAccessible(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Start the demo' }).click();
    // The address alone signs nobody in: a link goes to it.
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page);
    const link = await linkInOutbox(email, /\/demo\?ticket=[A-Za-z0-9._-]+/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/personalize$/);
    await expect(page.getByRole('heading', { name: 'What would you like to explore?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Start exploring' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
    // Demo users may not enter paying routes: sent back.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
    await signOut(page);
    await expect(page).toHaveURL(/\/reveal$/);
    await expect(page.getByRole('heading', { name: 'Thanks for trying the demo' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('subscription gating and onboarding', () => {
  test('a user without access lands on /payment', async ({ page }) => {
    await signInLocally(page, 'noaccess@example.org');
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByText('$149', { exact: true })).toBeVisible();
    await expect(page.getByText('per year', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/catalog');
    await expect(page).toHaveURL(/\/payment$/);
  });

  test('a member of a lapsed organization lands on /expired-organization-subscription', async ({ page }) => {
    await signInLocally(page, 'lapsed@lakeside.example.org');
    await expect(page).toHaveURL(/\/expired-organization-subscription$/);
    await expectAccessible(page);
    await page.goto('/payment');
    await expect(page).toHaveURL(/\/expired-organization-subscription$/);
  });

  test('a user who has not onboarded goes through /onboarding to the dashboard', async ({ page }) => {
    await signInLocally(page, 'newbie@example.org');
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: 'What would you like to focus on?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('checkbox').nth(1).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Established/ }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Just onboarded, no earlier visit: welcomed, not welcomed back.
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, \S/ })).toBeVisible();
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { name: 'What would you like to focus on?' })).toBeVisible();
  });
});

test.describe('roles', () => {
  test('a school admin reaches /usage; an educator is sent back', async ({ page }) => {
    await signInLocally(page, 'school.admin@maple.northwind.example.org', '/usage');
    await expect(page).toHaveURL(/\/usage$/);
    await expect(page.getByRole('heading', { name: 'Educator Usage' })).toBeVisible();
    await signOut(page);
    await signInLocally(page, EDUCATOR);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/usage');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the platform admin is sent to the admin site', async ({ page }) => {
    await signInLocally(page, 'admin@example.org');
    // Spec §4 step 3: a local session of the educator app ends on the way; the admin site signs in anew.
    await expect(page).toHaveURL(/\/admin(\/users)?$/);
    await expect(page.getByRole('heading', { name: 'Platform admin', level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('pages', () => {
  test('/callback that fails: the message, then at 7 s the redirect to login, which starts clean', async ({ page }) => {
    await page.clock.install();
    await page.goto('/callback?code=not-a-code&state=not-a-state');
    await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
    await expect(page.getByText('Redirecting to login...')).toHaveCount(0);
    // The 7,000 ms run from the failure, a moment after the page loaded (the unit test times
    // them exactly): well before them the page still explains, shortly after it has left.
    await page.clock.fastForward(6_000);
    await expect(page.getByText('Redirecting to login...')).toHaveCount(0);
    await expect(page).toHaveURL(/\/callback/);
    await page.clock.fastForward(1_100);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The callback page said what failed; the sign-in page does not say it again.
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('/callback failure page is accessible', async ({ page }) => {
    // The page leaves for /login by itself after 7 s: the clock is paused while it is scanned.
    await page.clock.install();
    await page.goto('/callback?code=not-a-code&state=not-a-state');
    await expect(page.getByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
    // A second ahead of the page's clock: it runs on while this is asked, and a pause in its past is refused.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await whilePaused(page, expectAccessible(page));
    await expect(page).toHaveURL(/\/callback/);
  });

  test('legacy paths redirect', async ({ page }) => {
    await signInLocally(page, EDUCATOR);
    await expect(page).toHaveURL(/\/$/);
    for (const [legacy, target, heading] of [
      ['/my-account/profile', '/profile', 'Profile'],
      ['/my-account/learning', '/learning', 'My Learning'],
      ['/my-account/billing', '/billing', 'Billing'],
    ] as const) {
      await page.goto(legacy);
      // My learning then writes its table's options into the query: the path is what counts.
      await expect(page).toHaveURL(new RegExp(`${target}(\\?.*)?$`));
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
  });

  test('unknown paths show the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).not.toHaveURL(/no\/such/);
  });

  test('e-mail verification without a token is a 404 (a link that confirms: sign-up.spec.ts)', async ({ page }) => {
    await page.goto('/email-verification');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('/invite opens the provider sign-up with the e-mail filled in', async ({ page }) => {
    await page.goto('/invite?email=invited.teacher%40example.org');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('invited.teacher@example.org');
    await expectAccessible(page);
  });
});
