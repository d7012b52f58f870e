import { build, defineConfig, minify, type Plugin, type UserConfig } from 'vite';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { resolve as resolvePath } from 'node:path';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { fileURLToPath } from 'node:url';
import { ROUTES } from './src/lib/routes.ts';
import { EARLY_REQUESTS, FIRST_PAGE_AFTER_PROFILE, LARGEST_PICTURE } from './scripts/early-requests.ts';
import { readLazyScreens } from './scripts/lazy-screens.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_ICONS } from './scripts/app-icons.ts';
import { lightTokens } from './src/views/theme/tokens.ts';

const apiServer = 'http://127.0.0.1:3000';

// Everything the Fastify server answers: the API, media files, the embedded identity
// provider's Auth0-compatible routes and the sandbox payment gateway's card form endpoint, so
// the dev SPA runs against one origin like production.
const serverPaths = ['/api', '/media', '/.well-known', '/authorize', '/oauth', '/v2', '/account', '/u', '/userinfo', '/oidc', '/sandbox-gateway'];

/**
 * React Router's build keeps components nobody renders (Form, ScrollRestoration, the framework
 * mode's prefetch links...) on the first page: each is a top-level `React.forwardRef(…)` call
 * on a CommonJS module, which the bundler cannot prove pure, followed by a `X.displayName = …`
 * assignment, which is a side effect. Marking those calls pure and dropping the displayName
 * lines (names for React DevTools only) lets tree-shaking remove what the app does not use.
 * Two more switches the package leaves on: its `exports` only name the development build,
 * whose sole difference from dist/production is `ENABLE_DEV_WARNINGS = true` (the console
 * warnings and their texts), and createRouter's `instrumentations` option, which the app never
 * passes, keeps the instrumentation wrappers alive. 1.6 KB gzip off the first page in all; a
 * React Router upgrade that renames these lines only makes the first page heavier, and
 * `npm run test:e2e` checks its budget (scripts/bundle-report.ts --budget).
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        return {
          code: code
            .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;')
            .replace(/^(\s*)if \(init\.instrumentations\) \{$/gm, '$1if (false) {')
            .replace(/^[ \t]*[\w$]+\.displayName = "[^"\n]*";$/gm, '')
            .replace(/(=\s*)(React\d*\.(?:forwardRef|createContext|memo)\()/g, '$1/* @__PURE__ */ $2'),
          map: null,
        };
      },
    },
  };
}

/**
 * While a react-aria combobox's list is open, `useComboBox` hides the rest of the page with
 * `aria-hidden` only, so every link and button outside stays focusable inside hidden content (axe:
 * aria-hidden-focus, serious; the page's other overlays use `inert`, which hides and disables
 * alike). The one call gets the option its modal popovers pass, and the list's toggle button stays
 * live beside the input and the list (inert, a click on it would land on the input and never close
 * the list); adobe/react-spectrum#4937 asks for the option upstream. A react-aria upgrade that changes the call fails the build here rather than
 * bringing the violation back (docs/decisions.md, "An open combobox makes the page inert").
 */
const comboBoxCall = /(\$[\w$]+\$export\$1c3ebcada18427bf\))\(\[\s*inputRef\.current,\s*popoverRef\.current\s*\]\.filter\(\(element\)=>element != null\)\)/;
const comboBoxInertHandler = (code: string, id: string) => {
  if (!comboBoxCall.test(code)) throw new Error(`combobox-inert: the ariaHideOutside call in ${id} changed; see vite.config.ts`);
  return { code: code.replace(comboBoxCall, '$1([inputRef.current, buttonRef.current, popoverRef.current].filter((element)=>element != null), { shouldUseInert: true })'), map: null };
};
const comboBoxFile = /[\\/]react-aria[\\/]dist[\\/]private[\\/]combobox[\\/]useComboBox\.mjs$/;
function comboBoxInert(): Plugin {
  return { name: 'combobox-inert', transform: { filter: { id: comboBoxFile }, handler: comboBoxInertHandler } };
}

const plugins = () => [react(), vanillaExtractPlugin(), treeShakeReactRouter(), comboBoxInert()];

type OutputChunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; moduleIds: string[]; imports: string[]; dynamicImports: string[]; viteMetadata?: { importedCss: Set<string> } };
type OutputItem = OutputChunk | { type: 'asset'; fileName: string };

/** A chunk whose modules are all stylesheets: Vite removes it from the output. */
const holdsOnlyCss = (chunk: OutputChunk | undefined) => Boolean(chunk?.moduleIds.length) && chunk!.moduleIds.every((id) => /\.css(?:$|\?)/.test(id));

/**
 * The GrowthBook SDK stays a chunk of its own, which the flags actor loads: growthbook-react, whose
 * context the app's root provides from the first render, imports it, and that would make the SDK
 * (14 KB gzip) one of the first page's `$initial` modules.
 */
const growthbookChunk = { name: 'growthbook', test: /[\\/]node_modules[\\/]@growthbook[\\/]growthbook[\\/]/ };

/**
 * Every screen's files, written to dist/screen-preloads.json instead of into the first page's
 * JavaScript. Vite would put, before each of the first page's `import()`s, the list of files
 * that screen needs (so they download at once rather than one level of imports after another):
 * 118 file names and 25 lists, 2.3 KB gzip of the 130 KB the first page carries. Here those
 * lists are dropped from the first page's chunk (`resolveDependencies`) and kept in a file that
 * public/start.js fetches while the app downloads. start.js also starts the current page's
 * screen at once, in parallel with the app's own chunk; src/lib/screen-preloads.ts asks for
 * another screen's files as the app navigates there (docs/decisions.md, "The first page").
 *
 * The file: `{ routes: [{ name, path, signedIn, requests, files }] }`, a route for each one with
 * a lazy screen, in the route table's order; `requests` are the GETs its screen makes first
 * (scripts/early-requests.ts), which start.js sends early for a signed-in visitor (and, for the
 * catalogue, `firstPage`: its first page once the profile says the learner's audience), and
 * `picture` names the response whose first item's thumbnail, or whose item's video poster, it then
 * preloads (scripts/early-requests.ts LARGEST_PICTURE); `files` are
 * the screen's chunk, everything it imports that is not on the first page, and their stylesheets
 * (for a route in the home shell, the shell's too). Names written out compress better than
 * indexes into one list of names (2.3 KB gzip against 2.4).
 */
function screenPreloads(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[] } {
  const listed = new Set<string>();
  let entryFile = '';
  const lazyScreens = readLazyScreens(new URL('./src/views/lazy-screens.ts', import.meta.url));
  const SHELL = 'src/views/home-shell';
  const plugin: Plugin = {
    name: 'screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle as Record<string, OutputItem>).filter((item): item is OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      entryFile = entry.fileName;
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
        return into;
      };
      const firstPage = closure(entry.fileName);
      const chunkOf = (module: string) =>
        chunks.find((chunk) => chunk.facadeModuleId && chunk.facadeModuleId.replace(/\\/g, '/').replace(/\.[jt]sx?$/, '').endsWith(module));
      const filesOf = (module: string): string[] => {
        const chunk = chunkOf(module);
        if (!chunk) throw new Error(`screen-preloads: no chunk for ${module}`);
        listed.add(chunk.fileName);
        const files = [...closure(chunk.fileName)].filter((file) => !firstPage.has(file));
        const css = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        // A chunk of stylesheets only (vanilla-extract's) is dropped by Vite after this hook, its
        // stylesheet handed to its importers: list the stylesheet, not the file that will not exist.
        return [...files.filter((file) => !holdsOnlyCss(byFile.get(file))), ...css];
      };
      const shell = filesOf(SHELL);
      const routes = ROUTES.filter((route) => lazyScreens.has(route.name)).map((route) => ({
        name: route.name,
        path: route.path,
        signedIn: Boolean(route.meta.roles),
        requests: (EARLY_REQUESTS[route.name] ?? []).map((path) => `/api${path}`),
        firstPage: FIRST_PAGE_AFTER_PROFILE[route.name],
        picture: pictureOf(route.name),
        files: [...new Set([...(route.shell ? shell : []), ...filesOf(lazyScreens.get(route.name)!)])].map((file) => `/${file}`),
      }));
      this.emitFile({ type: 'asset', fileName: 'screen-preloads.json', source: JSON.stringify({ routes }) });
    },
  };
  return {
    plugin,
    // The first page's imports of listed chunks carry no list of their own (their stylesheets stay:
    // Vite waits for those before it renders a screen). Every other import keeps Vite's list.
    resolveDependencies: (file, deps, { hostId }) => (hostId === entryFile && listed.has(file) ? [] : deps),
  };
}

/** A route's LARGEST_PICTURE as start.js reads it: the request's path as sent, or `firstPage`. */
function pictureOf(name: keyof typeof LARGEST_PICTURE) {
  const picture = LARGEST_PICTURE[name];
  if (!picture) return undefined;
  const request = picture.request === 'firstPage' ? 'firstPage' : `/api${picture.request}`;
  return 'video' in picture ? { request, video: `/api${picture.video}` } : { request, list: picture.list };
}

const preloads = screenPreloads();

/**
 * index.html's classic scripts (public/theme.js, public/start.js) run before the app's own
 * JavaScript and are part of the first page's weight: the build minifies the copies it writes
 * to dist/ (start.js 2.1 → 1.1 KB gzip). public/ keeps the commented source the dev server serves.
 */
function minifyClassicScripts(names: string[]): Plugin {
  let outDir = '';
  return {
    name: 'minify-classic-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = resolvePath(config.root, config.build.outDir);
    },
    async writeBundle() {
      for (const name of names) {
        const file = resolvePath(outDir, name);
        const result = await minify(name, await readFile(file, 'utf8'), { compress: true, mangle: true });
        if (result.errors.length) throw new Error(`minify ${name}: ${result.errors.map((error) => error.message).join('; ')}`);
        await writeFile(file, result.code);
      }
    },
  };
}

/**
 * Every text file of the build (scripts, stylesheets, pages, pictures in SVG, captions), written
 * beside itself as `.br` (Brotli at its best setting) and `.gz` (gzip -9), which the server sends
 * instead of compressing on each request (server/plugins/spa.ts, `preCompressed`): Brotli at
 * quality 11 is 14 % smaller than the quality 4 a server can afford per request (the first page's
 * script 111.7 KB against 130.5 KB), and no request spends CPU on it. Runs last, once the admin
 * site's build has written its files too.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolvePath(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((file) => /\.(?:js|css|html|svg|json|vtt|txt|webmanifest)$/.test(file));
        // zlib's thread pool compresses several at once.
        await Promise.all(
          files.map(async (file) => {
            const path = resolvePath(outDir, file);
            const text = await readFile(path);
            // As the server's own compression: nothing under 1 KB.
            if (text.length < 1024) return;
            const params = { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: text.length };
            await writeFile(`${path}.br`, await promisify(brotliCompress)(text, { params }));
            await writeFile(`${path}.gz`, await promisify(gzip)(text, { level: 9 }));
          }),
        );
      },
    },
  };
}

/**
 * The platform admin site (admin.html, src/admin.tsx) is a second build into the same dist/,
 * run once the educator app's is written: its own entry and chunks (React, the router and the
 * shared spine included), so nothing of it ever lands on the educator app's first page, and
 * the educator app's chunks do not change because it exists. Its manifest is
 * dist/.vite/admin-manifest.json (scripts/bundle-report.ts reads both).
 */
function adminSite(shared: Pick<UserConfig, 'resolve'>): Plugin {
  return {
    name: 'admin-site',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        // The educator app's build copied public/ already.
        publicDir: false,
        plugins: plugins(),
        resolve: shared.resolve,
        logLevel: 'warn',
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          manifest: '.vite/admin-manifest.json',
          chunkSizeWarningLimit: 1000,
          rolldownOptions: {
            input: { admin: fileURLToPath(new URL('./admin.html', import.meta.url)) },
            // Its first page in one chunk, as the educator app's (one gzip stream compresses better).
            output: { codeSplitting: { groups: [growthbookChunk, { name: 'admin-start', tags: ['$initial'] }] } },
          },
        },
      });
    },
  };
}

/** In development the admin site's pages are admin.html, as the server answers them. */
function adminSiteDevPages(): Plugin {
  return {
    name: 'admin-site-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/admin(?:\/[^.]*)?(?:\?.*)?$/.test(request.url)) request.url = '/admin.html';
        next();
      });
    },
  };
}

/**
 * The educator app's own output files, as its build writes them: the service worker's precache
 * keeps to these (the admin site's build writes its chunks into the same assets/ folder).
 */
const appFiles = new Set<string>();
function recordAppFiles(): Plugin {
  return {
    name: 'record-app-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      appFiles.clear();
      for (const file of Object.keys(bundle)) appFiles.add(file);
    },
  };
}
/** The statechart viewer's layout engine (1.4 MB, a developer's screen behind a flag) is loaded when opened. */
const NOT_PRECACHED = /^assets\/elk\./;

/** The installed app's icons (scripts/app-icons.ts), drawn by the build. */
function appIcons(): Plugin {
  return {
    name: 'app-icons',
    apply: 'build',
    generateBundle() {
      for (const icon of APP_ICONS) this.emitFile({ type: 'asset', fileName: icon.src.slice(1), source: icon.render() });
    },
  };
}

/**
 * The installable app and its service worker (src/sw/sw.ts; docs/decisions.md, "Offline and
 * repeat visits"). The worker is built from our own source (`injectManifest`) because its API cache
 * is keyed to the signed-in user, which Workbox's generated worker cannot express; the app
 * registers it itself after the first screen (src/lib/offline-worker.ts), so nothing is added to
 * the first page. The precache is the educator app's shell: not the admin site, the media, the
 * compressed copies or the build's manifests.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      name: 'Educator Learning Platform',
      short_name: 'Learning',
      description: 'Teaching strategies, videos and your learning record, online and offline.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: lightTokens.color.primary,
      background_color: lightTokens.color.background,
      icons: APP_ICONS.map(({ src, sizes, type, purpose }) => ({ src, sizes, type, purpose })),
    },
    injectManifest: {
      globPatterns: ['*.{js,html,svg,json}', 'icons/*.png', 'assets/*.{js,css}'],
      globIgnores: ['admin.html', 'sw.js'],
      manifestTransforms: [
        (entries) => ({
          manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || (appFiles.has(entry.url) && !NOT_PRECACHED.test(entry.url))),
          warnings: [],
        }),
      ],
    },
  });

const resolve: UserConfig['resolve'] = {
  alias: [
    { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    // React 19 has useSyncExternalStore: @xstate/react's shims for React 17 are dead weight on
    // the first page. The selector variant without the shim uses React's own hook.
    { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/react-shims/use-sync-external-store.ts', import.meta.url)) },
  ],
};

export default defineConfig({
  plugins: [...plugins(), preloads.plugin, minifyClassicScripts(['theme.js', 'start.js']), recordAppFiles(), appIcons(), pwa(), adminSite({ resolve }), adminSiteDevPages(), precompress()],
  resolve,
  build: {
    outDir: 'dist',
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    // dist/.vite/manifest.json: the chunk graph scripts/bundle-report.ts reads. Not served:
    // @fastify/static skips dot-directories, so /.vite/manifest.json answers 404.
    manifest: true,
    // Every screen's styles in the first page's one stylesheet (13 KB gzip), not a stylesheet per
    // chunk: a screen asked for 5-10 of them, each a request of its own over HTTP/1.1's six
    // connections, before it could render. Dashboard and catalogue reach their largest paint
    // 170-200 ms sooner on a throttled phone (docs/decisions.md, "One stylesheet").
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            growthbookChunk,
            { name: 'start', tags: ['$initial'] },
            // The app's own small modules that three or more screens share, in one chunk rather than
            // a file each: over HTTP/1.1's six connections a screen asked for 20-30 files of a few
            // hundred bytes, each a round trip, and its data waited behind them. Most screens now
            // ask for 3-7 files (docs/decisions.md, "Few files per screen").
            { name: 'screens-common', test: (id) => !/[\\/]node_modules[\\/]/.test(id), minShareCount: 3, maxModuleSize: 6000 },
          ],
        },
      },
    },
  },
  // The dev server bundles dependencies before any plugin above sees them.
  optimizeDeps: { rolldownOptions: { plugins: [{ name: 'combobox-inert', transform: { filter: { id: comboBoxFile }, handler: comboBoxInertHandler } }] } },
  server: {
    port: 5173,
    // The identity provider only redirects back to a registered origin, so never drift to 5174.
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, apiServer])),
  },
});
