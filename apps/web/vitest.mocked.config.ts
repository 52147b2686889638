import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { webTest } from './vitest.config.ts';

/** The console's tests that mock a module: each file in its own module graph, so the mock takes. */
export default defineProject({
  plugins: [react()],
  base: '/console/',
  test: { ...webTest, name: 'web-mocked', include: ['src/**/*.mocked.test.{ts,tsx}'] },
});
