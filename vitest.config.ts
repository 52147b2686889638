import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on this machine's two, which left a core
    // idle for the first group (web, contract, device simulator). The server's projects set their own.
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'packages/device-kit',
      'packages/translations',
      'apps/server',
      'apps/server/vitest.mocked.config.ts',
      'apps/device-sim',
      'apps/web',
      'apps/web/vitest.mocked.config.ts',
      // The repository's own rules (the lint's floors and borders bite).
      { test: { name: 'repository', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
    ],
  },
});
