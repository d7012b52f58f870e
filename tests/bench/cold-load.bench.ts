/**
 * Cold loads of the built app in Chromium, signed in, on a throttled phone-like CPU and network
 * (not a test: it prints figures). Lighthouse simulates its throttling from one unthrottled load;
 * this measures real loads, which is what a change to start-up or to how files are requested is
 * seen in first.
 *
 *   npm run build && npm run bench:cold-load
 *   npm run bench:cold-load -- --runs 8 --network off
 *   npm run bench:cold-load -- --compare ../other-build/dist     # A/B: this dist/ against another
 *
 * Each build is served by the real server (tests/bench/browser-support.ts) from a copy of it.
 * Every load clears the HTTP cache and removes the service worker and its caches, slows the CPU
 * 4× and, unless `--network off`, the network to 1.6 Mbit/s down, 750 kbit/s up and 150 ms latency
 * (Lighthouse's mobile figures), then opens the page and waits until the network is idle (no
 * request for 500 ms). Per load it reads, in the page:
 * - the largest contentful paint (LCP), and which element it was, and first contentful paint (FCP);
 * - the blocking time: each long task's time beyond 50 ms, summed, from the navigation until then.
 *
 * Pages: the reference page (static HTML and a fixed script: what moves it is the machine, so it
 * is the yardstick), the dashboard, the catalogue and the first strategy on the catalogue. Runs go
 * round-robin, alternating the builds, so a busy minute falls on all of them. The table gives the
 * medians (and the range of LCP), each page's LCP as a ratio of the reference page's in the same
 * run, and with `--compare` the other build's medians as a ratio of this one's.
 *
 * With `--repeat`, repeat visits instead: before each measured load the page's service worker and
 * caches are removed and the HTTP cache cleared, then two unthrottled warming visits install the
 * worker (the first visit registers it; it takes the page over) and let it store the page's API
 * answers (the second visit's requests pass through it), as a learner's earlier visits would; the
 * measured third visit keeps the HTTP cache, the worker and its caches, with the same throttling.
 * The reference page has no worker: its repeat visit has the HTTP cache only.
 *
 *   npm run bench:cold-load -- --repeat
 *
 * Options: --runs (6), --network on|off (on), --port (3270; the compared build gets the next one),
 * --compare <dist directory>, --repeat. Environment: CHROMIUM_PATH, BENCH_EMAIL (educator01).
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { REFERENCE_PATH, ROOT, benchPages, fail, heading, launchChromium, median, runMeasurement, serveBuild, signIn, type BenchPage } from './browser-support.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '6' },
    network: { type: 'string', default: 'on' },
    port: { type: 'string', default: '3270' },
    compare: { type: 'string' },
    repeat: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const THROTTLE_NETWORK = values.network !== 'off';
const REPEAT = values.repeat;
const VISITS = REPEAT ? 'repeat visits' : 'cold loads';
const EMAIL = process.env.BENCH_EMAIL ?? 'educator01@northwind.example.org';
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile network: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Installed before any of the page's scripts: records long tasks and paints as they happen. */
const OBSERVE = `(() => {
  const seen = { longTasks: [], lcp: 0, fcp: 0, lcpElement: '' };
  const describe = (el) => !el ? '(removed)' : el.tagName.toLowerCase() + (el.currentSrc ? ' ' + new URL(el.currentSrc).pathname : ' "' + (el.textContent || '').trim().slice(0, 40) + '"');
  Object.defineProperty(window, '__coldLoad', { value: seen });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { seen.lcp = e.startTime; seen.lcpElement = describe(e.element); } }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') seen.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
})();`;

type Build = { name: string; dist: string; origin?: string; page?: Page; cdp?: CDPSession; stop?: () => Promise<void> };
type Target = BenchPage;
type Load = { lcp: number; fcp: number; blocking: number; lcpElement: string };

const builds: Build[] = [{ name: 'this build', dist: join(ROOT, 'dist') }];
if (values.compare) builds.push({ name: `compared (${values.compare})`, dist: resolve(values.compare) });
let browser: Browser | undefined;

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1) fail(`--runs must be a positive whole number (got "${values.runs}")`);
  if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65534) fail(`--port must be a port number (got "${values.port}")`);
  if (!['on', 'off'].includes(values.network)) fail(`--network is on or off (got "${values.network}")`);
  const started = Date.now();
  browser = await launchChromium();
  let targets: Target[] = [];
  for (const [i, build] of builds.entries()) {
    const served = await serveBuild(build.dist, PORT + i);
    Object.assign(build, { origin: served.origin, stop: served.stop });
    // A browser context per build: its own storage (the session) and HTTP cache.
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await signIn(page, served.origin, EMAIL);
    if (!targets.length) targets = await benchPages(page, served.origin);
    await page.evaluateOnNewDocument(OBSERVE);
    const cdp = await page.createCDPSession();
    Object.assign(build, { page, cdp });
  }
  console.log(
    `${await browser.version()}; CPU ${CPU_SLOWDOWN}× slower; network ${THROTTLE_NETWORK ? '1.6 Mbit/s, 150 ms' : 'not throttled'}; ` +
      `${RUNS} ${VISITS} per page and build, signed in as ${EMAIL}`,
  );

  // One unthrottled visit per page and build: warms the server and checks the page is the signed-in one.
  for (const build of builds) for (const target of targets) await load(build, target, false);

  const loads = new Map<string, Load[]>();
  for (let run = 1; run <= RUNS; run++) {
    for (const target of targets) {
      // Alternate which build goes first, so neither always follows the other.
      for (const build of run % 2 ? builds : [...builds].reverse()) {
        const key = `${build.name}\u0000${target.name}`;
        loads.set(key, [...(loads.get(key) ?? []), await load(build, target, true)]);
      }
    }
    console.log(`  run ${run}/${RUNS} done (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  print(targets, loads);
}

/**
 * One cold load: cache cleared, throttled (when `throttled`), until the network is idle. With
 * `--repeat` a measured load is a repeat visit: after the warming visits (see the header).
 */
async function load(build: Build, target: Target, throttled: boolean): Promise<Load> {
  const { page, cdp, origin } = build;
  await cdp!.send('Network.clearBrowserCache');
  // A cold load has no service worker either (the page's last load installed one); the session stays.
  await cdp!.send('Storage.clearDataForOrigin', { origin: origin!, storageTypes: 'service_workers,cache_storage' });
  if (REPEAT && throttled) await warm(build, target);
  await cdp!.send('Emulation.setCPUThrottlingRate', { rate: throttled ? CPU_SLOWDOWN : 1 });
  await cdp!.send('Network.emulateNetworkConditions', throttled && THROTTLE_NETWORK ? NETWORK : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  try {
    await page!.goto(`${origin}${target.path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
  } finally {
    await cdp!.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  const h1 = await heading(page!);
  if (new URL(page!.url()).pathname !== target.path || !target.heading(h1)) {
    fail(`${target.name} (${build.name}) was not the signed-in page: ${page!.url()}, h1 "${h1}"`);
  }
  const seen = await page!.evaluate(() => (window as unknown as { __coldLoad: { longTasks: number[]; lcp: number; fcp: number; lcpElement: string } }).__coldLoad);
  return { lcp: seen.lcp, fcp: seen.fcp, lcpElement: seen.lcpElement, blocking: seen.longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0) };
}

/** The two warming visits of a repeat visit, after `load` removed the worker and its caches. */
async function warm(build: Build, target: Target) {
  const { page, cdp, origin } = build;
  await cdp!.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp!.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page!.goto(`${origin}${target.path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
  if (target.path !== REFERENCE_PATH) {
    await page!.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 }).catch(() => fail(`${target.name}: no service worker took the page`));
  }
  await page!.goto(`${origin}${target.path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
}

function print(targets: Target[], loads: Map<string, Load[]>) {
  const of = (build: Build, target: Target) => loads.get(`${build.name}\u0000${target.name}`)!;
  const ms = (n: number) => `${Math.round(n)} ms`;
  const header = ['page', 'build', 'LCP', 'LCP range', '× reference', 'FCP', 'blocking', ...(builds.length > 1 ? ['LCP × this build', 'blocking × this build'] : [])];
  const rows: string[][] = [];
  for (const target of targets) {
    for (const build of builds) {
      const mine = of(build, target);
      const lcp = median(mine.map((l) => l.lcp));
      const blocking = median(mine.map((l) => l.blocking));
      const reference = median(of(build, targets[0]!).map((l) => l.lcp));
      const base = of(builds[0]!, target);
      rows.push([
        target.name,
        build.name,
        ms(lcp),
        `${ms(Math.min(...mine.map((l) => l.lcp)))}–${ms(Math.max(...mine.map((l) => l.lcp)))}`,
        (lcp / reference).toFixed(2),
        ms(median(mine.map((l) => l.fcp))),
        ms(blocking),
        ...(builds.length > 1
          ? [(lcp / median(base.map((l) => l.lcp))).toFixed(2), (blocking / Math.max(1, median(base.map((l) => l.blocking)))).toFixed(2)]
          : []),
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nmedians of ${RUNS} ${VISITS}\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('\nlargest contentful element (this build, last load):');
  for (const target of targets) console.log(`  ${target.name.padEnd(10)} ${of(builds[0]!, target).at(-1)!.lcpElement}`);
}

await runMeasurement('cold-load', main, async () => {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  await Promise.all(builds.map((b) => b.stop?.()));
});
