// `npm run check:first-load -w apps/web [-- <dist folder>] [--budget=<kB>]`: the console's first-load
// JavaScript as a browser receives it (the brotli files the server sends in place of the bundles), held
// against the product's budget of 250 kB (1 kB = 1000 bytes). Style sheets are shown beside it. Exits 1
// over the budget, 2 when the build is missing. Reads `apps/web/dist` unless another folder is given.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { firstLoadOf, type ServedFile } from './first-load.ts';

export const BUDGET_KB = 250;

const kB = (bytes: number) => (bytes / 1000).toFixed(2);

/** The table of a first load and its verdict against the budget of its scripts. */
export function firstLoadReport(
  files: ServedFile[],
  budgetKb = BUDGET_KB,
): { lines: string[]; over: boolean } {
  const scripts = files.filter((file) => file.kind === 'script');
  const styles = files.filter((file) => file.kind === 'style');
  const sum = (list: ServedFile[], key: 'raw' | 'served') =>
    list.reduce((total, file) => total + file[key], 0);
  const width = Math.max(24, ...files.map((file) => file.file.length));
  const line = (name: string, raw: string, served: string) =>
    `${name.padEnd(width)}  ${raw.padStart(10)}  ${served.padStart(10)}`;
  const served = sum(scripts, 'served');
  const over = served > budgetKb * 1000;
  const lines = [
    line('file', 'raw kB', 'served kB'),
    ...[...files]
      .sort((a, b) => b.served - a.served)
      .map((file) => line(file.file, kB(file.raw), kB(file.served))),
    line(`scripts (${scripts.length} files)`, kB(sum(scripts, 'raw')), kB(served)),
    line(`style sheets (${styles.length} files)`, kB(sum(styles, 'raw')), kB(sum(styles, 'served'))),
    `${over ? 'OVER' : 'Within'} the budget: ${kB(served)} kB of JavaScript as served, of ${budgetKb} kB` +
      ` (${over ? '+' : ''}${kB(served - budgetKb * 1000)} kB)`,
  ];
  return { lines, over };
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { budget: { type: 'string', default: String(BUDGET_KB) } },
  });
  const dist = positionals[0]
    ? resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0])
    : fileURLToPath(new URL('../dist', import.meta.url));
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`${dist}/index.html is missing: build the console first (or give the folder of a build).`);
    process.exit(2);
  }
  const { lines, over } = firstLoadReport(firstLoadOf(dist), Number(values.budget));
  console.log(`First load of ${dist}, as served`);
  for (const line of lines) console.log(line);
  process.exitCode = over ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
