import { defineConfig } from '@playwright/test';
// Debian's Chromium and the flags it needs on this network-less machine; shared with tools/screenshots.mjs.
import chromium from './chromium.json' with { type: 'json' };

const PORT = Number(process.env.E2E_PORT ?? 8180);
export const BASE_URL = `http://localhost:${PORT}`;
/** A second server in the dark tyre-pressure variant, for the checks that run in both variants. */
const DARK_PORT = PORT + 1;
export const DARK_BASE_URL = `http://localhost:${DARK_PORT}`;
/**
 * The second lane: the screen sweeps (one spec file per variant), the flows on servers of their own
 * (hub, outage), and flows whose records and users no other flow touches (a dashboard of its own
 * editor, lists and a job's detail read, a job's warranty and VIN looked up).
 */
const BESIDE = [
  /screens-[a-z-]+\.spec\.ts$/,
  /\/(dashboard|hub|job-detail|outage|series|vindb|warranty)\.spec\.ts$/,
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './demo-jobs-written.ts',
  // Two workers share the machine: a long flow beside a screen sweep takes up to twice its time alone.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Two lanes, one worker each: the flows that share the demo server's records run one after another,
  // the second lane beside them (mostly waiting on the browser).
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: each step's page and calls, without the screencast, which costs
    // Chromium a third more work on every test that passes.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { ...chromium, executablePath: process.env.CHROMIUM_PATH ?? chromium.executablePath },
  },
  projects: [
    { name: 'flows', testIgnore: BESIDE, workers: 1, use: { browserName: 'chromium' } },
    { name: 'beside', testMatch: BESIDE, workers: 1, use: { browserName: 'chromium' } },
  ],
  // Fresh servers on fresh data directories: the demo fleet is seeded from the same seed every run.
  webServer: [
    {
      command: 'node ./start-server.mjs',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(PORT) },
    },
    {
      command: 'node ./start-server.mjs',
      url: `${DARK_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(DARK_PORT), E2E_VARIANT: 'tyre-pressure', E2E_DEVICES: '0' },
    },
  ],
});
