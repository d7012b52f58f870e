import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { VISUAL_NOW } from './tests/visual/now.ts';

/**
 * End-to-end tests drive the real product (built SPA + server + embedded identity provider)
 * in Debian's Chromium. Every server gets a fresh data directory, so every run starts from the
 * seeded demo content.
 *
 * The end-to-end files run in two shards, each against a server and data of its own (the tests
 * of a shard share its data); the visual suite (tests/visual) has a third server, so the screens
 * it compares never show what the end-to-end tests changed. Two shards run side by side, and
 * within a shard one test at a time (its tests share its data and were written for one after
 * another): 130 tests in 10.4 minutes, against 16 with one test at a time overall and 18 with all
 * three shards at once (docs/decisions.md, "Browser tests").
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'elp-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const dataDirOf = (name: string) => {
  const key = `E2E_DATA_DIR_${name.toUpperCase()}`;
  process.env[key] ??= mkdtempSync(join(tmpdir(), `elp-${name}-`));
  return process.env[key]!;
};

/** The first shard's files (by name); every other file of tests/e2e is in the second. */
const FIRST_SHARD = ['sign-in', 'shell', 'catalog', 'usage', 'help-topics', 'dashboard', 'media'].map((name) => `**/${name}.spec.ts`);

const servers = [
  { project: 'e2e-1', testDir: 'tests/e2e', testMatch: FIRST_SHARD, testIgnore: undefined, port, dataDir: dataDirOf('e2e-1') },
  { project: 'e2e-2', testDir: 'tests/e2e', testMatch: undefined, testIgnore: FIRST_SHARD, port: port + 2, dataDir: dataDirOf('e2e-2') },
  { project: 'visual', testDir: 'tests/visual', testMatch: undefined, testIgnore: undefined, port: port + 1, dataDir: dataDirOf('visual') },
].map((server) => ({ ...server, origin: `http://localhost:${server.port}` }));

const serverEnv = (listen: number, publicUrl: string, dir: string) => ({
  PORT: String(listen),
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  DATA_DIR: dir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SIGN_IN: '1000',
  // Every browser signs in from 127.0.0.1 (a wrong password per account stays under the default 5).
  RATE_LIMIT_SIGN_INS_PER_ADDRESS: '100000',
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
  // Two shards side by side (see above); each project's own limit keeps a shard to one test at a time.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // A moved pixel of anti-aliasing passes; a blank, black or rearranged screen does not. Dates
    // need no allowance: the visual suite's screens show one fixed day (tests/visual/now.ts).
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  reporter: [['list']],
  outputDir: join(dataDir, 'test-results'),
  // A trace is recorded only for a retry: recording every test costs the run minutes of CPU and disk.
  // Without the service worker (src/sw/sw.ts): its stale-while-revalidate copies would show a test
  // the screen as it was before the last change made elsewhere. tests/e2e/offline.spec.ts allows it.
  use: { trace: 'on-first-retry', launchOptions, serviceWorkers: 'block' },
  projects: servers.map((server) => ({
    name: server.project,
    workers: 1,
    testDir: server.testDir,
    ...(server.testMatch ? { testMatch: server.testMatch } : {}),
    ...(server.testIgnore ? { testIgnore: server.testIgnore } : {}),
    // Tests that read the server's files (the e-mail outbox) find its data directory here.
    metadata: { dataDir: server.dataDir },
    use: {
      ...devices['Desktop Chrome'],
      channel: undefined,
      baseURL: server.origin,
      ...(server.project === 'visual' ? { timezoneId: 'UTC', locale: 'en-US' } : {}),
    },
  })),
  webServer: servers.map((server) => ({
    command: 'node server/main.ts',
    url: `${server.origin}/api/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // The visual suite's screens show one fixed day (tests/visual/now.ts), whatever day it runs.
    env: { ...serverEnv(server.port, server.origin, server.dataDir), ...(server.project === 'visual' ? { NOW: VISUAL_NOW } : {}) },
  })),
});
