// Reports what the built SPA makes a browser download, from Vite's manifest (dist/.vite/
// manifest.json, written by `vite build` because vite.config.ts sets `build.manifest`):
//
// - the first page: the entry chunk plus its static imports, recursively (what index.html
//   loads and modulepreloads before anything renders);
// - per route of src/lib/routes.ts: the extra JS (and CSS) that route needs beyond the first
//   page, i.e. its lazy screen chunk plus that chunk's static imports not already loaded.
//
// The route → screen module map is read from src/views/lazy-screens.ts (its `name: () =>
// import('…')` lines); a route without a line there renders a screen of the main chunk.
// Dynamic imports inside a screen (a dialog, the statechart viewer's layout engine) load on
// demand later and are not counted. Sizes are gzip level 9, in KB of 1000 bytes (the unit `vite build` prints).
//
// Run after `vite build`: node --import tsx scripts/bundle-report.ts [distDir] [--budget KB]
// With --budget it exits 1 when the first page's JavaScript (its chunks and index.html's
// classic scripts) weighs more than that many KB gzip: `npm run test:e2e` runs it with 130
// (issue 15's goal), so a change that grows the first page past it fails the tests.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '../src/lib/routes.ts';
import { readLazyScreens } from './lazy-screens.ts';

type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget');
const budgetKb = budgetAt === -1 ? null : Number(args.splice(budgetAt, 2)[1]);
if (budgetKb !== null && !(budgetKb > 0)) {
  console.error('bundle-report: --budget takes a size in KB, e.g. --budget 130');
  process.exit(1);
}
const distDir = resolve(root, args[0] ?? 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');
const lazyScreensPath = join(root, 'src', 'views', 'lazy-screens.ts');

if (!existsSync(manifestPath)) {
  console.error(
    `bundle-report: no Vite manifest at ${manifestPath}.\n` +
      'Run `npx vite build` first (vite.config.ts must keep `build.manifest: true`).',
  );
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const gzipCache = new Map<string, number>();
/** Gzip (level 9) size in bytes of one emitted file. */
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** The chunk and everything it imports statically, recursively (manifest keys). */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle-report: manifest names an unknown chunk ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

/** Gzip bytes of the JS files and CSS files of these chunks, each file counted once. */
function sizes(keys: Iterable<string>, exclude: ReadonlySet<string> = new Set()) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (!exclude.has(chunk.file)) js.add(chunk.file);
    for (const file of chunk.css ?? []) if (!exclude.has(file)) css.add(file);
  }
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
  return { js: sum(js), css: sum(css), files: new Set([...js, ...css]) };
}

// --- The first page -------------------------------------------------------------------------

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`bundle-report: expected one entry chunk in the manifest, found ${entries.length}.`);
  process.exit(1);
}
const [entryKey] = entries[0]!;
const firstPageKeys = staticClosure(entryKey);
const firstPage = sizes(firstPageKeys);
const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
// The stylesheets index.html links: with one stylesheet for the app (vite.config.ts
// `cssCodeSplit: false`) the manifest lists it apart from the chunks.
for (const [, file] of indexHtml.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)) {
  if (firstPage.files.has(file!)) continue;
  firstPage.files.add(file!);
  firstPage.css += gzipBytes(file!);
}

// --- Routes → screen modules ----------------------------------------------------------------

/** The manifest key of a source module, whichever extension it was written with. */
function chunkKeyOf(module: string): string | undefined {
  return ['', '.tsx', '.ts', '.jsx', '.js'].map((ext) => module + ext).find((key) => manifest[key]);
}

const lazyScreens = readLazyScreens(lazyScreensPath);
type Row = { route: string; path: string; chunk: string; js: string; css: string };
const rows: Row[] = [];
const problems: string[] = [];

for (const route of ROUTES) {
  const module = lazyScreens.get(route.name);
  if (!module) {
    rows.push({ route: route.name, path: route.path, chunk: '(main chunk)', js: kb(0), css: kb(0) });
    continue;
  }
  const key = chunkKeyOf(module);
  if (!key || !manifest[key]?.isDynamicEntry) {
    // Imported statically somewhere as well, so the bundler kept it in a first-page chunk.
    problems.push(`${route.name}: ${module} is not a lazy chunk of its own`);
    rows.push({ route: route.name, path: route.path, chunk: '(not split)', js: kb(0), css: kb(0) });
    continue;
  }
  const extra = sizes(staticClosure(key), firstPage.files);
  rows.push({ route: route.name, path: route.path, chunk: manifest[key]!.file.replace(/^assets\//, ''), js: kb(extra.js), css: kb(extra.css) });
}

// --- Output ---------------------------------------------------------------------------------

function table(header: Row, body: Row[]): string {
  const columns = Object.keys(header) as (keyof Row)[];
  const numeric = new Set<keyof Row>(['js', 'css']);
  const widths = columns.map((column) => Math.max(header[column].length, ...body.map((row) => row[column].length)));
  const format = (row: Row) =>
    columns
      .map((column, index) => (numeric.has(column) ? row[column].padStart(widths[index]!) : row[column].padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(format)].join('\n');
}

console.log(`First page (${entryKey} + static imports), gzip -9:`);
for (const key of [...firstPageKeys].sort((a, b) => gzipBytes(manifest[b]!.file) - gzipBytes(manifest[a]!.file))) {
  const chunk = manifest[key]!;
  console.log(`  ${kb(gzipBytes(chunk.file)).padStart(7)} KB  ${chunk.file}`);
}
console.log(`  JS total ${kb(firstPage.js)} KB, CSS ${kb(firstPage.css)} KB`);
// index.html's classic scripts (public/): the theme before the first paint, start.js's early
// requests. Small, but JavaScript the first page runs too; and the screen list start.js fetches.
const classicScripts = [...indexHtml.matchAll(/<script src="\/([^"]+\.js)"/g)].map((m) => m[1]!);
const classic = classicScripts.reduce((total, file) => total + gzipBytes(file), 0);
console.log(`  plus index.html's classic scripts (${classicScripts.join(', ')}): ${kb(classic)} KB, so ${kb(firstPage.js + classic)} KB of JavaScript in all`);
if (existsSync(join(distDir, 'screen-preloads.json'))) {
  console.log(`  and the screens' file lists (screen-preloads.json, fetched by start.js): ${kb(gzipBytes('screen-preloads.json'))} KB`);
  // A listed file the build did not write would be preloaded for nothing, and the screen's real one late.
  const lists = JSON.parse(readFileSync(join(distDir, 'screen-preloads.json'), 'utf8')) as { routes: { name: string; files: string[] }[] };
  for (const route of lists.routes)
    for (const file of route.files) if (!existsSync(join(distDir, file))) problems.push(`${route.name}: screen-preloads.json lists ${file}, which the build did not write`);
}
console.log('');
console.log('Extra per route beyond the first page (lazy screen chunk + its static imports not on the first page), gzip -9 KB:');
console.log(table({ route: 'route', path: 'path', chunk: 'chunk', js: 'JS KB', css: 'CSS KB' }, rows));

// --- The admin site (a build of its own: dist/.vite/admin-manifest.json) --------------------

const adminManifestPath = join(distDir, '.vite', 'admin-manifest.json');
if (existsSync(adminManifestPath)) {
  const admin = JSON.parse(readFileSync(adminManifestPath, 'utf8')) as Manifest;
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of admin[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const fileSizes = (keys: Iterable<string>, exclude: ReadonlySet<string> = new Set()) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = admin[key]!;
      if (!exclude.has(chunk.file)) js.add(chunk.file);
      for (const file of chunk.css ?? []) if (!exclude.has(file)) css.add(file);
    }
    const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
    return { js: sum(js), css: sum(css), files: new Set([...js, ...css]) };
  };
  const [adminEntry] = Object.entries(admin).find(([, chunk]) => chunk.isEntry) ?? [];
  if (adminEntry) {
    const first = closure(adminEntry);
    const firstSizes = fileSizes(first);
    console.log('');
    console.log(`Admin site first page (${adminEntry} + static imports), gzip -9:`);
    for (const key of first) console.log(`  ${kb(gzipBytes(admin[key]!.file)).padStart(7)} KB  ${admin[key]!.file}`);
    console.log(`  JS total ${kb(firstSizes.js)} KB, CSS ${kb(firstSizes.css)} KB`);
    console.log('Admin screens beyond its first page (lazy chunk + its static imports not on the first page), gzip -9 KB:');
    for (const [key, chunk] of Object.entries(admin).filter(([k, c]) => c.isDynamicEntry && k.startsWith('src/views/admin/'))) {
      const extra = fileSizes(closure(key), firstSizes.files);
      console.log(`  ${kb(extra.js).padStart(7)} JS  ${kb(extra.css).padStart(5)} CSS  ${key.replace('src/views/admin/', '')} (${chunk.file.replace(/^assets\//, '')})`);
    }
  }
}

if (problems.length) {
  console.error(`\nbundle-report: ${problems.length} problem(s) with the screens' files:\n  ${problems.join('\n  ')}`);
  process.exit(2);
}

if (budgetKb !== null) {
  const total = (firstPage.js + classic) / 1000;
  if (total > budgetKb) {
    console.error(`\nbundle-report: the first page's JavaScript is ${total.toFixed(1)} KB gzip, over the ${budgetKb} KB budget.`);
    process.exit(1);
  }
  console.log(`\nbundle-report: the first page's JavaScript, ${total.toFixed(1)} KB gzip, is within the ${budgetKb} KB budget.`);
}
