import { defineConfig } from 'vitest/config';

/**
 * The cross-node test (npm run test:cluster): two server processes, PostgreSQL, Redis, a bucket and
 * nginx, started by the test itself (test/cluster/cluster.ts) on this machine.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['test/cluster/*.cluster.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
