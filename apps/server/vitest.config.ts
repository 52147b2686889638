import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite takes much memory per instance: one test file at a time per worker, two workers.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
