import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive the real product (built SPA + server + embedded identity provider)
 * in Debian's Chromium. The server gets a fresh data directory, so every run starts from the
 * seeded demo content.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const origin = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'elp-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: join(dataDir, 'test-results'),
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${origin}/api/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_BEACONS_PER_ADDRESS: '100000',
      // Access tokens outlive the app's 60 s early-expiry margin by only 10 s, so the tests
      // exercise the silent refresh (rotating refresh tokens) all the time.
      PROVIDER_ACCESS_TOKEN_TTL: '70',
      DATABASE_URL: '',
    },
  },
});
