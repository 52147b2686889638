import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** A test that mocks a module (`vi.mock`) is named `*.mocked.test.tsx` and runs in a fresh module graph. */
const MOCKED = 'src/**/*.mocked.test.{ts,tsx}';

export const webTest = {
  environment: 'jsdom' as const,
  setupFiles: ['src/testing/setup.ts'],
  // A user typing into a form takes seconds in jsdom when the suite shares two cores with the server's tests.
  testTimeout: 20_000,
};

export default defineProject({
  plugins: [react()],
  base: '/console/',
  test: {
    ...webTest,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    exclude: [MOCKED, '**/node_modules/**'],
    // One module graph and one jsdom per worker, not per file: the setup, the console's modules and jsdom
    // load once instead of 170 times (a fifth of the time). Each test renders into its own providers.
    isolate: false,
  },
});
