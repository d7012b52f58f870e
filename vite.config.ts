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
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the chunk graph scripts/bundle-report.ts reads. Not served:
    // @fastify/static skips dot-directories, so /.vite/manifest.json answers 404.
    manifest: true,
  },
  server: {
    port: 5173,
    // The identity provider only redirects back to a registered origin, so never drift to 5174.
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, apiServer])),
  },
});
