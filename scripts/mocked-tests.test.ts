import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The console's and the server's tests share one module graph per worker (their vitest.config.ts): a
 * module mock would not take there, or would leak into the next file. A test that mocks is named
 * `*.mocked.test.ts(x)` and runs alone in its own graph.
 */
describe('tests in a shared module graph', () => {
  it.each(['apps/web/src', 'apps/server/src', 'apps/server/test'])(
    'of %s mock a module only in a file named *.mocked.test',
    async (folder) => {
      const files = (await readdir(path.join(root, folder), { recursive: true })).filter((file) =>
        /\.test\.tsx?$/.test(file),
      );
      const mocking: string[] = [];
      for (const file of files) {
        const text = await readFile(path.join(root, folder, file), 'utf8');
        if (/\bvi\.(mock|doMock)\(/.test(text) && !/\.mocked\.test\.tsx?$/.test(file)) mocking.push(file);
      }
      expect(files.length).toBeGreaterThan(10);
      expect(mocking).toEqual([]);
    },
  );
});
