import { defineProject } from 'vitest/config';
import { serverTest } from './vitest.config.ts';

/** The server's tests that mock a module: each file in its own module graph, so the mock takes. */
export default defineProject({
  test: {
    ...serverTest,
    name: 'server-mocked',
    include: ['src/**/*.mocked.test.ts', 'test/**/*.mocked.test.ts'],
  },
});
