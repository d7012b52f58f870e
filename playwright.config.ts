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
// The visual suite (tests/visual) has a server and data of its own, so the screens it compares
// never show what the end-to-end tests changed.
const visualPort = port + 1;
const visualOrigin = `http://localhost:${visualPort}`;
const visualDataDir = process.env.E2E_VISUAL_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'elp-visual-'));
process.env.E2E_VISUAL_DATA_DIR = visualDataDir;

const serverEnv = (listen: number, publicUrl: string, dir: string) => ({
  PORT: String(listen),
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  DATA_DIR: dir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SIGN_IN: '1000',
  RATE_LIMIT_BEACONS_PER_ADDRESS: '100000',
  // Access tokens outlive the app's 60 s early-expiry margin by only 10 s, so the tests
  // exercise the silent refresh (rotating refresh tokens) all the time.
  PROVIDER_ACCESS_TOKEN_TTL: '70',
  DATABASE_URL: '',
});
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--font-render-hinting=none'],
};

export default defineConfig({
  fullyParallel: false,
  // The end-to-end tests share one server and its data, so they run one at a time; the visual
  // suite has a server of its own and runs beside them (each project is limited to one worker).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // A changed date or a moved pixel of anti-aliasing passes; a blank, black or rearranged
    // screen does not.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  reporter: [['list']],
  outputDir: join(dataDir, 'test-results'),
  use: { trace: 'retain-on-failure', launchOptions },
  projects: [
    { name: 'chromium', testDir: 'tests/e2e', workers: 1, use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: origin } },
    { name: 'visual', testDir: 'tests/visual', workers: 1, use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: visualOrigin, timezoneId: 'UTC', locale: 'en-US' } },
  ],
  webServer: [
    {
      command: 'node --import tsx server/main.ts',
      url: `${origin}/api/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(port, origin, dataDir),
    },
    {
      command: 'node --import tsx server/main.ts',
      url: `${visualOrigin}/api/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(visualPort, visualOrigin, visualDataDir),
    },
  ],
});
