import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  base: '/console/',
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // A user typing into a form takes seconds in jsdom when the suite shares two cores with the server's tests.
    testTimeout: 20_000,
  },
});
