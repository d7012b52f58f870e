import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { fileURLToPath } from 'node:url';

const apiServer = 'http://127.0.0.1:3000';

// Everything the Fastify server answers: the API, media files, the embedded identity
// provider's Auth0-compatible routes and the sandbox payment gateway's card form endpoint, so
// the dev SPA runs against one origin like production.
const serverPaths = ['/api', '/media', '/.well-known', '/authorize', '/oauth', '/v2', '/account', '/u', '/userinfo', '/oidc', '/admin', '/sandbox-gateway'];

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React 19 has useSyncExternalStore: @xstate/react's shims for React 17 are dead weight on
      // the first page. The selector variant without the shim uses React's own hook.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/react-shims/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the chunk graph scripts/bundle-report.ts reads. Not served:
    // @fastify/static skips dot-directories, so /.vite/manifest.json answers 404.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|xstate|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect|openapi-fetch)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The identity provider only redirects back to a registered origin, so never drift to 5174.
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, apiServer])),
  },
});
