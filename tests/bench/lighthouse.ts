/**
 * Lighthouse measurement of the built app as a signed-in educator (not a test: it prints figures).
 *
 *   npm run build && npm run lighthouse
 *
 * It copies dist/ to a temporary directory (so a rebuild during the run cannot change what is
 * measured), starts the real server (node server/main.ts) on it with a fresh
 * temporary data directory, signs in once at /login with puppeteer in Debian's Chromium, then
 * runs Lighthouse's default config (mobile form factor, simulated throttling; categories
 * performance and accessibility) with storage reset disabled, so the session in localStorage
 * survives. The HTTP cache is cleared before every run (Lighthouse only
 * does that itself when it also resets storage), so each run is a cold load of a signed-in page.
 *
 * Pages: the dashboard (/), the catalogue (/catalog) and the first strategy linked on /catalog,
 * and a reference page written into the served copy of dist/ and served by the same server: a
 * heading in the HTML, then a script that does a fixed amount of work (about 50 ms on an idle
 * core of this machine, a fixed number of steps) and renders a paragraph, like a small app. It
 * never changes, so what moves its figures between runs (above all, how busy the CPU is: the
 * simulated throttling scales the measured script time) moves the app's too. Each page is measured LIGHTHOUSE_RUNS times (3), after one
 * discarded warm-up run, round-robin (run 1 of every page, then run 2…) so a busy minute does not
 * fall on one page only; the table shows the median of each column separately, the findings come
 * from the median run.
 *
 * Environment: LIGHTHOUSE_PORT (3260), LIGHTHOUSE_RUNS (3), CHROMIUM_PATH (/usr/bin/chromium),
 * LIGHTHOUSE_EMAIL (educator01@northwind.example.org).
 *
 * Caveat: simulated throttling still depends on the host's CPU speed; on a shared, noisy machine
 * the scores move by several points from run to run.
 */
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { generateReport, type Flags, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { ROOT, benchPages, fail, heading, launchChromium, measurement, median, runMeasurement, serveBuild, signIn, type BenchPage } from './browser-support.ts';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3260);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const EMAIL = process.env.LIGHTHOUSE_EMAIL ?? 'educator01@northwind.example.org';
const ORIGIN = `http://localhost:${PORT}`;
/** The whole measurement gives up after this long (it normally takes about 2 minutes). */
const DEADLINE_MS = 9 * 60_000;

type Target = BenchPage;
type Measured = { target: Target; runs: Result[]; finalUrls: string[]; headings: string[] };

let server: Awaited<ReturnType<typeof serveBuild>> | undefined;
let browser: Browser | undefined;

async function main() {
  if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65535) fail(`LIGHTHOUSE_PORT must be a port number (got "${process.env.LIGHTHOUSE_PORT}")`);
  if (!Number.isInteger(RUNS) || RUNS < 1) fail(`LIGHTHOUSE_RUNS must be a positive whole number (got "${process.env.LIGHTHOUSE_RUNS}")`);
  const started = Date.now();
  server = await serveBuild(join(ROOT, 'dist'), PORT);
  const bundles = (await readdir(join(server.staticDir, 'assets'))).filter((f) => /^index-.*\.(js|css)$/.test(f));
  console.log(`server up at ${ORIGIN} in ${((Date.now() - started) / 1000).toFixed(1)} s (data: ${server.dataDir}; dist snapshot: ${bundles.join(', ')})`);

  browser = await launchChromium();
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  console.log(`browser: ${await browser.version()}, lighthouse ${lighthouseVersion()}`);

  await signIn(page, ORIGIN, EMAIL);
  console.log(`signed in as ${EMAIL}: ${page.url()} ("${await heading(page)}")`);
  const targets = await benchPages(page, ORIGIN);

  // One unmeasured visit per page: warms the server (and checks the headings) before measuring.
  for (const target of targets) await visit(page, target);

  const cdp = await page.createCDPSession();
  const flags: Flags = {
    disableStorageReset: true, // keep the session (local token in localStorage)
    onlyCategories: ['performance', 'accessibility'],
    logLevel: 'error',
    output: 'json',
  };
  // The first Lighthouse run in a fresh browser is often an outlier: one discarded warm-up run.
  await cdp.send('Network.clearBrowserCache');
  await lighthouse(`${ORIGIN}/`, flags, undefined, page).catch(() => undefined);
  console.log(`warm-up run done (${((Date.now() - started) / 1000).toFixed(0)} s)`);

  const reportDir = await mkdtemp(join(tmpdir(), 'elp-lighthouse-reports-'));
  const results: Measured[] = targets.map((target) => ({ target, runs: [], finalUrls: [], headings: [] }));
  for (let i = 1; i <= RUNS; i++) {
    for (const measured of results) {
      const { target } = measured;
      const t0 = Date.now();
      const lhr = await measure(page, cdp, `${ORIGIN}${target.path}`, flags);
      const finalUrl = lhr.finalDisplayedUrl;
      const h1 = await heading(page);
      if (new URL(finalUrl).pathname !== target.path || !target.heading(h1)) {
        fail(`${target.name} run ${i} was not the signed-in page: final URL ${finalUrl}, h1 "${h1}" (expected ${target.path} with "${target.expected}")`);
      }
      measured.runs.push(lhr);
      measured.finalUrls.push(finalUrl);
      measured.headings.push(h1);
      await writeFile(join(reportDir, `${target.name}-${i}.json`), JSON.stringify(lhr));
      console.log(
        `  ${target.name} run ${i}/${RUNS}: performance ${score(lhr, 'performance')}, ${finalUrl} ("${h1}"), ${((Date.now() - t0) / 1000).toFixed(0)} s`,
      );
      if (Date.now() - started > DEADLINE_MS) fail(`gave up after ${DEADLINE_MS / 60_000} minutes`);
    }
  }
  for (const { target, runs } of results) {
    await writeFile(join(reportDir, `${target.name}-median.html`), generateReport(computeMedianRun(runs), 'html'));
  }

  printTable(results);
  printFindings(results);
  console.log(`\nreports (JSON per run, HTML of the median run): ${reportDir}`);
  console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * One Lighthouse run on a cold HTTP cache. Lighthouse occasionally fails to record a trace
 * (NO_NAVSTART, NO_FCP, protocol timeouts on a busy machine): such a run is retried twice.
 */
async function measure(page: Page, cdp: CDPSession, url: string, flags: Flags): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    await cdp.send('Network.clearBrowserCache');
    let problem: string;
    try {
      const lhr = (await lighthouse(url, flags, undefined, page))?.lhr;
      if (lhr && !lhr.runtimeError) return lhr;
      problem = lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no result';
    } catch (err) {
      problem = err instanceof Error ? err.message : String(err);
    }
    if (measurement.interrupted || attempt === 3) fail(`Lighthouse failed on ${url}: ${problem}`);
    console.log(`  (Lighthouse failed on ${url}: ${problem}; retrying)`);
  }
}

// ---------------------------------------------------------------------------------------------
// Pages

async function visit(page: Page, target: Target) {
  await page.goto(`${ORIGIN}${target.path}`, { waitUntil: 'networkidle2' });
  const h1 = await heading(page);
  if (new URL(page.url()).pathname !== target.path || !target.heading(h1)) {
    fail(`${target.path} did not show the signed-in page: ${page.url()}, h1 "${h1}" (expected "${target.expected}")`);
  }
}

function lighthouseVersion() {
  return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
}

// ---------------------------------------------------------------------------------------------
// Output

function score(lhr: Result, category: string) {
  const s = lhr.categories[category]?.score;
  return s === null || s === undefined ? NaN : Math.round(s * 100);
}

function metric(lhr: Result, id: string) {
  return lhr.audits[id]?.numericValue ?? NaN;
}

type NetworkRequest = { resourceType?: string; transferSize?: number };
function transferred(lhr: Result, type?: string) {
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []) as NetworkRequest[];
  return items.filter((r) => !type || r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

function printTable(results: Measured[]) {
  const rows = results.map(({ target, runs }) => {
    const m = (f: (lhr: Result) => number) => median(runs.map(f));
    return [
      target.name,
      `${m((r) => score(r, 'performance'))}`,
      runs.map((r) => score(r, 'performance')).join('/'),
      `${m((r) => score(r, 'accessibility'))}`,
      `${(m((r) => metric(r, 'first-contentful-paint')) / 1000).toFixed(1)} s`,
      `${(m((r) => metric(r, 'largest-contentful-paint')) / 1000).toFixed(1)} s`,
      `${Math.round(m((r) => metric(r, 'total-blocking-time')))} ms`,
      m((r) => metric(r, 'cumulative-layout-shift')).toFixed(3),
      `${(m((r) => transferred(r, 'Script')) / 1024).toFixed(0)} KiB`,
      `${(m((r) => transferred(r)) / 1024).toFixed(0)} KiB`,
    ];
  });
  const header = ['page', 'perf', 'runs', 'a11y', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transfer', 'all transfer'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const first = results[0]?.runs[0];
  console.log(
    `\nLighthouse ${first?.lighthouseVersion}, ${first?.configSettings.formFactor}, throttling ${first?.configSettings.throttlingMethod}, ` +
      `${RUNS} runs per page, medians (benchmarkIndex ${first?.environment.benchmarkIndex})\n`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('\nmeasured (final URL, h1):');
  for (const { target, finalUrls, headings } of results) console.log(`  ${target.name.padEnd(16)} ${[...new Set(finalUrls)].join(', ')}  "${headings[0]}"`);
}

/** The median run's top performance opportunities and diagnostics, and failed accessibility audits. */
type AuditRef = { id: string; weight: number; group?: string };
function printFindings(results: Measured[]) {
  for (const { target, runs } of results) {
    const lhr = computeMedianRun(runs);
    const perfRefs: AuditRef[] = lhr.categories.performance?.auditRefs ?? [];
    const perfIds = new Set(perfRefs.filter((ref) => ref.weight === 0 && ref.group !== 'hidden').map((ref) => ref.id));
    const perf = [...perfIds]
      .map((id) => lhr.audits[id])
      .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => {
        const details = a.details as { overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
        return { a, ms: details?.overallSavingsMs ?? 0, bytes: details?.overallSavingsBytes ?? 0 };
      })
      .sort((x, y) => y.ms - x.ms || y.bytes - x.bytes || (x.a.score ?? 0) - (y.a.score ?? 0))
      .slice(0, 6);
    const a11yRefs: AuditRef[] = lhr.categories.accessibility?.auditRefs ?? [];
    const a11y = a11yRefs
      .map((ref) => ({ ref, a: lhr.audits[ref.id] }))
      .filter(({ a }) => !!a && a.score === 0 && a.scoreDisplayMode === 'binary');
    // Lighthouse 13: the LCP insight lists the element and the LCP's subparts (time to first
    // byte, resource load delay and duration, element render delay).
    type LcpItem = { type?: string; snippet?: string; items?: { label?: string; duration?: number }[] };
    const lcpItems = ((lhr.audits['lcp-breakdown-insight']?.details as { items?: LcpItem[] } | undefined)?.items ?? []) as LcpItem[];
    const lcpNode = lcpItems.find((item) => item.type === 'node')?.snippet;
    const phases = (lcpItems.find((item) => item.type === 'table')?.items ?? []).map((p) => `${p.label} ${Math.round(p.duration ?? 0)} ms`).join(', ');
    const shifts = ((lhr.audits['layout-shifts']?.details as { items?: { node?: { selector?: string; nodeLabel?: string }; score?: number }[] } | undefined)?.items ?? [])
      .map((shift) => `${shift.node?.selector ?? '?'} ${(shift.score ?? 0).toFixed(3)}`)
      .join('; ');
    console.log(`\n${target.name} (median run, performance ${score(lhr, 'performance')}):`);
    for (const { a, ms, bytes } of perf) {
      const savings = [ms ? `~${Math.round(ms)} ms` : '', bytes ? `~${Math.round(bytes / 1024)} KiB` : ''].filter(Boolean).join(', ');
      console.log(`  perf: ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}${savings ? ` (saves ${savings})` : ''}`);
    }
    if (lcpNode) console.log(`  LCP element: ${lcpNode.slice(0, 120)}${phases ? ` (${phases})` : ''}`);
    if (shifts) console.log(`  layout shifts: ${shifts}`);
    for (const { ref, a } of a11y) console.log(`  a11y: ${a?.title}${ref.weight === 0 ? ' (weight 0: not in the score)' : ''}`);
    if (!perf.length && !a11y.length) console.log('  nothing flagged');
  }
}

// ---------------------------------------------------------------------------------------------
// Cleanup

/** Closes the browser, stops the server and removes its data directory. */
async function stopEverything() {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  await server?.stop();
  server = undefined;
}

await runMeasurement('lighthouse', main, stopEverything);
