/**
 * What the browser measurements (lighthouse.ts, cold-load.bench.ts) share: the built app served
 * by the real server from a copy of a build, the reference page written into that copy, Debian's
 * Chromium through puppeteer, and signing in as a seeded educator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PASSWORD = 'Welcome-2026!';

/** A measurement that cannot go on: reported as one line, not a stack trace. */
export class BenchFailure extends Error {}
export function fail(message: string): never {
  throw new BenchFailure(message);
}

/** The reference page: static HTML plus a fixed script, served as static files by the app's server. */
export const REFERENCE_PATH = '/lighthouse-reference.html';
export const REFERENCE_TITLE = 'Lighthouse reference';
const REFERENCE_SCRIPT = `// A fixed amount of work, then content: the reference page's "app".
let x = 0;
for (let i = 0; i < 5000000; i++) x = (x * 31 + i) | 0;
const p = document.createElement('p');
p.textContent = 'Rendered by a script after a fixed amount of work (' + x + ').';
document.body.append(p);
`;
const REFERENCE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${REFERENCE_TITLE}</title>
    <script src="/lighthouse-reference.js" defer></script>
  </head>
  <body>
    <h1>${REFERENCE_TITLE}</h1>
  </body>
</html>
`;

/**
 * The real server (node server/main.ts) on a copy of `distDir` (so a rebuild during the run
 * cannot change what is measured) with the reference page added, PGlite in a fresh temporary
 * data directory and the demo content. `stop` ends it and removes the directory.
 */
export async function serveBuild(distDir: string, port: number) {
  if (!existsSync(join(distDir, 'index.html'))) fail(`${join(distDir, 'index.html')} is missing: run npm run build first`);
  const origin = `http://localhost:${port}`;
  if (await answers(`${origin}/api/healthz`)) fail(`something already answers on port ${port}; stop it or choose another port`);
  const dataDir = await mkdtemp(join(tmpdir(), 'elp-bench-data-'));
  const staticDir = join(dataDir, 'dist');
  await cp(distDir, staticDir, { recursive: true });
  await writeFile(join(staticDir, REFERENCE_PATH.slice(1)), REFERENCE_HTML);
  await writeFile(join(staticDir, 'lighthouse-reference.js'), REFERENCE_SCRIPT);
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_ON_START: 'true',
    },
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const done = new Promise((resolve_) => child.once('exit', resolve_));
        child.kill('SIGTERM');
        const timedOut = await Promise.race([done.then(() => false), sleep(15_000).then(() => true)]);
        if (timedOut) child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    })());
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (exited !== undefined) {
      await stop();
      fail(`the server exited (code ${exited}) before answering:\n${log}`);
    }
    if (await answers(`${origin}/api/healthz`)) return { origin, dataDir, staticDir, stop };
    await sleep(250);
  }
  await stop();
  fail(`the server did not answer ${origin}/api/healthz within 120 s:\n${log}`);
}

export async function answers(url: string) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Debian's Chromium, headless; the caller closes it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) fail(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true, // puppeteer passes --headless=new
    defaultViewport: null,
    // Puppeteer's own handlers would exit at once on Ctrl-C and leave the server running.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The same steps as tests/e2e/support.ts signInLocally, then the dashboard's heading. */
export async function signIn(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/login`, { waitUntil: 'load' });
  await page.locator('::-p-aria([name="Email"][role="textbox"])').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('::-p-aria([name="Sign in"][role="button"])').click();
  try {
    await page.waitForFunction(() => /Welcome/.test(document.querySelector('h1')?.textContent ?? ''), { timeout: 30_000 });
  } catch {
    const alert = await page.$eval('[role="alert"]', (el) => el.textContent).catch(() => null);
    fail(`signing in as ${email} did not reach the dashboard: ${page.url()}, h1 "${await heading(page)}"${alert ? `, alert "${alert.trim()}"` : ''}`);
  }
}

/** The first strategy linked in the catalogue's results, like tests/e2e/learning-object.spec.ts. */
export async function firstStrategy(page: Page, origin: string) {
  await page.goto(`${origin}/catalog`, { waitUntil: 'load' });
  const selector = 'ul[aria-label="Catalogue results"] a[href*="/learning-objects/"]';
  await page.waitForSelector(selector, { timeout: 30_000 });
  const link = await page.$eval(selector, (a) => ({ href: (a as HTMLAnchorElement).href, title: a.textContent?.trim() ?? '' }));
  return { path: new URL(link.href).pathname, title: link.title };
}

/** The page's first h1, once there is one (10 s at most). */
export async function heading(page: Page) {
  try {
    await page.waitForSelector('h1', { timeout: 10_000 });
    return ((await page.$eval('h1', (el) => el.textContent)) ?? '').trim();
  } catch {
    return '(no h1)';
  }
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A page a measurement loads, and how to tell it rendered signed in (its h1). */
export type BenchPage = { name: string; path: string; heading: (h1: string) => boolean; expected: string };

/**
 * The pages both measurements load: the reference page, the dashboard, the catalogue and the
 * first strategy linked on the catalogue (found through `page`, signed in at `origin`).
 */
export async function benchPages(page: Page, origin: string): Promise<BenchPage[]> {
  const strategy = await firstStrategy(page, origin);
  return [
    { name: 'reference', path: REFERENCE_PATH, heading: (h) => h === REFERENCE_TITLE, expected: REFERENCE_TITLE },
    { name: 'dashboard', path: '/', heading: (h) => /Welcome/.test(h), expected: 'Welcome…' },
    { name: 'catalogue', path: '/catalog', heading: (h) => h === 'Catalog', expected: 'Catalog' },
    { name: 'strategy', path: strategy.path, heading: (h) => h === strategy.title, expected: strategy.title },
  ];
}

/** Set once Ctrl-C or SIGTERM has asked the measurement to stop (a retry loop gives up then). */
export const measurement = { interrupted: false };

/**
 * Runs a measurement: `stop` (its browser and servers) runs once, after `main`, after a failure
 * (a BenchFailure printed as one line, prefixed with `name`, then exit 1), or on Ctrl-C or
 * SIGTERM, which then exit 130 or 143.
 */
export async function runMeasurement(name: string, main: () => Promise<void>, stop: () => Promise<void>) {
  let stopping: Promise<void> | undefined;
  const cleanup = () => (stopping ??= stop());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      measurement.interrupted = true;
      console.error(`\n${signal}: stopping the servers and the browser`);
      void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  try {
    await main();
    await cleanup();
  } catch (err) {
    if (measurement.interrupted) await new Promise(() => undefined); // the signal handler exits after cleaning up
    console.error(err instanceof BenchFailure ? `${name}: ${err.message}` : err);
    await cleanup();
    process.exit(1);
  }
}
