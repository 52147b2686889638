import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'device-kit', include: ['src/**/*.test.ts'] } });
