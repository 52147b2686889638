import { defineProject } from 'vitest/config';

/** A test that mocks a module (`vi.mock`) is named `*.mocked.test.ts` and runs in a fresh module graph. */
const MOCKED = '**/*.mocked.test.ts';
/**
 * The embedded database's own tests (its worker thread): the pass on PostgreSQL (`TEST_DATABASE_URL`)
 * would run them again on the embedded database, as the first pass did.
 */
const EMBEDDED_ONLY = ['src/db/pglite-worker.test.ts'];

export const serverTest = {
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // PGlite takes much memory per instance: one test file at a time per worker, two workers; one
  // (SERVER_TEST_WORKERS=1) when the suite runs beside the end-to-end tests.
  maxWorkers: Number(process.env.SERVER_TEST_WORKERS ?? 2),
  sequence: { groupOrder: 1 },
};

export default defineProject({
  test: {
    ...serverTest,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [MOCKED, '**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY : [])],
    // One module graph per worker, not per file: each file starts its own server on its own database,
    // but the server's modules load once per worker instead of once per file.
    isolate: false,
  },
});
