import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const PASSWORD = 'Welcome-2026!';

/**
 * Local sign-in through the /login screen. Returns once the form is sent: wait for the page it
 * lands on (or pass `returnTo`) before navigating, as a navigation while it finishes ends it.
 */
export async function signInLocally(page: Page, email: string, returnTo?: string) {
  await page.goto(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Sign-in on the embedded provider's page (after a redirect to it). */
export async function signInAtProvider(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /sign in|continue/i }).click();
}

/**
 * Signs in on the admin site's own sign-in page: opens `path` (the page it shows first to someone
 * signed out), then signs in as `email` (the platform admin unless told).
 */
export async function signInAtAdminSite(page: Page, { path = '/admin', email = 'admin@example.org' }: { path?: string; email?: string } = {}) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Platform admin', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * The path of the newest link matching `pattern` e-mailed to an address: the server's outbox (its
 * data directory, playwright.config.ts) as its owner would read it, waited for while it is written.
 */
export async function linkInOutbox(email: string, pattern: RegExp): Promise<string> {
  const outbox = join(test.info().project.metadata.dataDir as string, 'outbox');
  const found = () => {
    let files: string[];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith(`-${email.replace(/[^a-z0-9@._-]/gi, '_')}.eml`)).sort().reverse();
    } catch {
      return null;
    }
    for (const file of files) {
      // Quoted-printable: soft line breaks and an escaped "=".
      const text = readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = pattern.exec(text);
      if (match) return new URL(match[0], 'http://outbox.invalid').pathname + new URL(match[0], 'http://outbox.invalid').search;
    }
    return null;
  };
  await expect.poll(found, { message: `a link like ${pattern} e-mailed to ${email}` }).not.toBeNull();
  return found()!;
}

/** A demo as a visitor starts it: the address on /demo, then the link e-mailed to it. */
export async function startDemo(page: Page, email: string) {
  await page.goto('/demo');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Start the demo' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.goto(await linkInOutbox(email, /\/demo\?ticket=[A-Za-z0-9._-]+/));
}

/** A demo started from its link and personalized with the first choices, on the dashboard. */
export async function startPersonalizedDemo(page: Page, email: string) {
  await startDemo(page, email);
  await expect(page).toHaveURL(/\/personalize$/);
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Start exploring' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Sign out from the user menu in the shell, or the plain button of the full-screen pages. */
export async function signOut(page: Page) {
  const account = page.getByRole('button', { name: /^Account menu/ });
  const plain = page.getByRole('button', { name: 'Sign out' });
  // Whichever the page has, once it has drawn it (right after a redirect it may have neither yet).
  await expect(account.or(plain).first()).toBeVisible();
  if (await account.isVisible()) {
    await account.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  } else {
    await plain.click();
  }
}

/** No WCAG 2.2 AA violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // A colour in the middle of a CSS transition (right after a theme switch or a hover) belongs to
  // neither theme, and a dialog fading in is not yet its own colours: let every animation that
  // ends (transitions, a dialog's entrance; not a spinner) end before contrast is measured.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

declare global {
  interface Window {
    /** Every snackbar message the page has shown (recordSnackbars). */
    __snackbars?: string[];
  }
}

/**
 * Keeps the text of every snackbar the page shows, from its next page load on. A snackbar leaves
 * by itself after 2 s of real time, which a test busy with something else (a download, a busy
 * machine) can let pass before it looks; `expectSnackbar` asks what was shown, not what still is.
 */
export async function recordSnackbars(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = (window.__snackbars = []);
    // The snackbar host (snackbar-host.tsx) inserts each message whole, marked with its variant.
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const message of [node, ...node.querySelectorAll('[data-variant]')]) {
            if (message.matches('[data-variant]')) shown.push(message.textContent ?? '');
          }
        }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The page showed this snackbar (since `recordSnackbars`, in this page load), or does soon. */
export async function expectSnackbar(page: Page, message: string | RegExp) {
  const shown = expect.poll(() => page.evaluate(() => window.__snackbars ?? []), { message: `a snackbar saying ${String(message)}` });
  if (typeof message === 'string') await shown.toContain(message);
  else await shown.toContainEqual(expect.stringMatching(message));
}

/**
 * Lets `work` finish on a paused page clock: the page's timers due within the next millisecond
 * run, one millisecond at a time, until it is done (axe waits on a zero-delay timer after each
 * rule, in this page and in the blank page it opens to gather its results). The clock moves only as
 * far as that takes.
 */
export async function whilePaused<T>(page: Page, work: Promise<T>): Promise<T> {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  // Handled here, thrown below: an unhandled rejection would end the test while the loop still
  // drives the clock, and the report would show the closed page instead of why `work` failed.
  finished.catch(() => {});
  while (!done) {
    // The clock is the context's: runFor drives every page in it, and fails when one closes
    // meanwhile. axe opens a blank page of its own to gather its results and closes it again,
    // so a failure is only this page's when this page is the one closed.
    await page.clock.runFor(1).catch((error: unknown) => {
      if (page.isClosed()) throw error;
    });
  }
  return finished;
}

/**
 * In the admin site (signed in as the platform admin there): opens a new district with a yearly
 * subscription of `seats`, and stays on its page. Returns that page's address and its Subscription card.
 */
export async function createDistrictWithSeats(page: Page, name: string, seats: number) {
  await signInAtAdminSite(page, { path: '/admin/organizations/new' });
  await expect(page.getByRole('heading', { name: 'New organization', level: 1 })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: /^School/ }).click();
  await page.getByRole('option', { name: 'District', exact: true }).click();
  await page.getByRole('button', { name: 'Create district' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await subscription.getByLabel('Seats').fill(String(seats));
  await subscription.getByLabel('Amount (USD a year)').fill(String(300 * seats));
  await subscription.getByRole('button', { name: 'Save subscription' }).click();
  await expect(subscription.getByText(`0 of ${seats} used`)).toBeVisible();
  return { organizationUrl: page.url(), subscription };
}
