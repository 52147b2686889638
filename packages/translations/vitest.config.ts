import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'translations', include: ['src/**/*.test.ts'] } });
