// `npm run bench:bundle -w apps/server [-- <dist folder>] [--budget=<kB>]`: the console's first-load
// JavaScript, measured as the browser gets it. Every script the built index.html loads at once (its module
// entry and each modulepreload) is gzipped at level 9; the table shows each file, the total is held against
// the product's budget (250 kB gzip, 1 kB = 1000 bytes as Vite reports it). Exits 1 when over the budget,
// 2 when the build is missing. Reads `apps/web/dist` unless another folder is given: it does not build.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { constants, gzipSync } from 'node:zlib';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { budget: { type: 'string', default: '250' } },
});
const BUDGET_BYTES = Number(values.budget) * 1000;
const DEFAULT_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
// npm runs the script in apps/server: a relative folder is taken from where the command was typed.
const dist = positionals[0] ? resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]) : DEFAULT_DIST;

/** The attributes of one HTML tag; names in lower case, values without their quotes. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s=<>/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = match[1];
    if (name) attributes.set(name.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** The URLs of the scripts index.html loads at once, in document order. */
export function firstLoadScripts(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attributes = attributesOf(tag.replace(/^<\w+/, ''));
    const isScript = /^<script/i.test(tag);
    const url = isScript
      ? attributes.get('type') === 'module' && attributes.get('src')
      : attributes.get('rel')?.split(/\s+/).includes('modulepreload') && attributes.get('href');
    if (url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

/** `/console/assets/a.js` -> `<dist>/assets/a.js`: the deployment's base path is not in the folder. */
function fileOf(url: string): string {
  const segments = new URL(url, 'http://host/').pathname.split('/').filter(Boolean);
  for (let start = 0; start < segments.length; start += 1) {
    const file = join(dist, ...segments.slice(start).map(decodeURIComponent));
    if (existsSync(file)) return file;
  }
  throw new Error(`${url}: no such file in ${dist}`);
}

const kB = (bytes: number) => (bytes / 1000).toFixed(2);

const indexFile = join(dist, 'index.html');
if (!existsSync(indexFile)) {
  console.error(`${indexFile} is missing: build the console first (or give the folder of a build).`);
  process.exit(2);
}
const rows = firstLoadScripts(readFileSync(indexFile, 'utf8')).map((url) => {
  const content = readFileSync(fileOf(url));
  const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
  return { file: url.slice(url.lastIndexOf('/') + 1), raw: content.length, gzip };
});
rows.sort((a, b) => b.gzip - a.gzip);
const raw = rows.reduce((sum, row) => sum + row.raw, 0);
const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);

const width = Math.max(20, ...rows.map((row) => row.file.length));
const line = (file: string, rawText: string, gzipText: string) =>
  console.log(`${file.padEnd(width)}  ${rawText.padStart(10)}  ${gzipText.padStart(10)}`);
console.log(`First-load JavaScript of ${indexFile}`);
line('file', 'raw kB', 'gzip kB');
for (const row of rows) line(row.file, kB(row.raw), kB(row.gzip));
line(`total (${rows.length} files)`, kB(raw), kB(gzip));
const over = gzip > BUDGET_BYTES;
console.log(
  `${over ? 'OVER' : 'Within'} the budget: ${kB(gzip)} kB of ${kB(BUDGET_BYTES)} kB gzip` +
    ` (${over ? '+' : ''}${kB(gzip - BUDGET_BYTES)} kB)`,
);
process.exitCode = over ? 1 : 0;
