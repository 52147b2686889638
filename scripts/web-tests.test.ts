import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');

/**
 * The console's tests share one module graph per worker (apps/web/vitest.config.ts): a module mock would
 * not take there, or would leak into the next file. A test that mocks is named `*.mocked.test.tsx` and
 * runs alone in its own graph.
 */
describe("the console's tests", () => {
  it('mock a module only in a file named *.mocked.test', async () => {
    const files = (await readdir(web, { recursive: true })).filter((file) => /\.test\.tsx?$/.test(file));
    const mocking: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(web, file), 'utf8');
      if (/\bvi\.(mock|doMock)\(/.test(text) && !/\.mocked\.test\.tsx?$/.test(file)) mocking.push(file);
    }
    expect(files.length).toBeGreaterThan(100);
    expect(mocking).toEqual([]);
  });
});
