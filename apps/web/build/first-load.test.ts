import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLoadReport } from './check-first-load.ts';
import { firstLoadOf, firstLoadUrls } from './first-load.ts';
import { precompress } from './precompress-plugin.ts';

const INDEX = `<!doctype html><html><head>
  <script type="module" crossorigin src="/console/assets/index-a1.js"></script>
  <link rel="modulepreload" crossorigin href="/console/assets/react-b2.js">
  <link rel="stylesheet" crossorigin href="/console/assets/index-c3.css">
  <link rel="icon" href="/console/favicon.svg">
  <script src="/console/legacy.js"></script>
</head><body><div id="root"></div></body></html>`;

/** Text that compresses as code does, `kb` kilobytes long, different for each seed. */
function code(kb: number, seed: number): string {
  const lines: string[] = [];
  for (let index = 0; lines.join('\n').length < kb * 1000; index += 1)
    lines.push(
      `export const value${seed}_${index} = { id: ${(index * 7919 + seed) % 10007}, name: "v${index}" };`,
    );
  return lines.join('\n');
}

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'fleet-first-load-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-a1.js'), code(60, 1));
  await writeFile(join(dist, 'assets', 'react-b2.js'), code(40, 2));
  await writeFile(join(dist, 'assets', 'index-c3.css'), `.a{color:red}\n`.repeat(500));
  await writeFile(join(dist, 'assets', 'route-d4.js'), code(30, 4));
  await writeFile(join(dist, 'assets', 'tiny-e5.js'), 'export const a = 1;');
  await writeFile(join(dist, 'assets', 'logo-f6.png'), Buffer.alloc(4000, 7));
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const best = new Set(firstLoadUrls(html).map((url) => join(dist, url.replace('/console/', ''))));
  await precompress(dist, best);
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe('the first load of a built console', () => {
  it('is the page’s module script, its preloads and its style sheets, nothing loaded later', () => {
    expect(firstLoadUrls(INDEX)).toEqual([
      '/console/assets/index-a1.js',
      '/console/assets/react-b2.js',
      '/console/assets/index-c3.css',
    ]);
  });

  it('has each compressible file beside it in brotli and gzip, the same bytes once unpacked', () => {
    for (const name of ['index-a1.js', 'react-b2.js', 'index-c3.css', 'route-d4.js']) {
      const original = readFileSync(join(dist, 'assets', name));
      expect(brotliDecompressSync(readFileSync(join(dist, 'assets', `${name}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(dist, 'assets', `${name}.gz`)))).toEqual(original);
    }
    // Too small to gain anything, or compressed already by its format.
    for (const name of ['tiny-e5.js', 'logo-f6.png'])
      expect(existsSync(join(dist, 'assets', `${name}.br`))).toBe(false);
  });

  it('counts the bytes served, the brotli files, against the budget of its scripts', () => {
    const files = firstLoadOf(dist);
    const served = (name: string) => readFileSync(join(dist, 'assets', `${name}.br`)).length;
    expect(files).toEqual([
      { file: 'assets/index-a1.js', kind: 'script', raw: expect.any(Number), served: served('index-a1.js') },
      { file: 'assets/react-b2.js', kind: 'script', raw: expect.any(Number), served: served('react-b2.js') },
      { file: 'assets/index-c3.css', kind: 'style', raw: expect.any(Number), served: served('index-c3.css') },
    ]);
    const scripts = served('index-a1.js') + served('react-b2.js');
    expect(firstLoadReport(files, scripts / 1000).over).toBe(false);
    const over = firstLoadReport(files, (scripts - 1) / 1000);
    expect(over.over).toBe(true);
    expect(over.lines.at(-1)).toMatch(/^OVER the budget: /);
  });
});
