import { defineConfig } from '@playwright/test';
// Debian's Chromium and the flags it needs on this network-less machine; shared with tools/screenshots.mjs.
import chromium from './chromium.json' with { type: 'json' };

const PORT = Number(process.env.E2E_PORT ?? 8180);
export const BASE_URL = `http://localhost:${PORT}`;
/** A second server in the dark tyre-pressure variant, for the checks that run in both variants. */
const DARK_PORT = PORT + 1;
export const DARK_BASE_URL = `http://localhost:${DARK_PORT}`;
/** A third server, of the same variant, for the flows of the second lane. */
const SECOND_PORT = PORT + 2;
export const SECOND_BASE_URL = `http://localhost:${SECOND_PORT}`;

/**
 * The tests run on two lanes, each on a server of its own: a flow changes its server's records, so the
 * tests of one lane run one after another. Each lane holds half the flows and one variant's screen sweep.
 * The flows that watch the simulated device stay on the first lane, with the server it talks to; a new
 * test goes there too unless it is named here.
 */
const SECOND_LANE =
  /(certificates|commerce|job-detail|rights|shell|stores|tasks|translations|vindb|warranty|screens-tyre-pressure)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  globalSetup: './demo-jobs-written.ts',
  // Two lanes share the machine: a long flow beside a screen sweep takes up to twice its time alone.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // One worker per lane.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { ...chromium, executablePath: process.env.CHROMIUM_PATH ?? chromium.executablePath },
  },
  projects: [
    { name: 'first-lane', testIgnore: SECOND_LANE, workers: 1, use: { browserName: 'chromium' } },
    {
      name: 'second-lane',
      testMatch: SECOND_LANE,
      workers: 1,
      use: { browserName: 'chromium', baseURL: SECOND_BASE_URL },
    },
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
    {
      command: 'node ./start-server.mjs',
      url: `${SECOND_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(SECOND_PORT), E2E_DEVICES: '0' },
    },
  ],
});
