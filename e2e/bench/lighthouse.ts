// Lighthouse for `bench:web`, pinned at 12.2.3 (13 needs Node 22). It is the benchmark's own tool, not
// the product's: installed on first use under node_modules/.cache, so that `npm install` stays lean.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const VERSION = '12.2.3';

/** The subset of Lighthouse's answer the benchmark reads. */
export interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
}
export type RunLighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<LighthouseResult | undefined>;

export async function loadLighthouse(root: string): Promise<{ lighthouse: RunLighthouse; desktop: unknown }> {
  const folder = path.join(root, 'node_modules', '.cache', `lighthouse-${VERSION}`);
  const module = path.join(folder, 'node_modules', 'lighthouse');
  if (!existsSync(path.join(module, 'package.json'))) {
    console.log(`Installing Lighthouse ${VERSION} for this benchmark, once, into ${folder}`);
    const installed = spawnSync(
      'npm',
      ['install', '--prefix', folder, '--save-exact', '--no-audit', '--no-fund', `lighthouse@${VERSION}`],
      { stdio: 'inherit' },
    );
    if (installed.status !== 0) throw new Error(`could not install lighthouse@${VERSION}`);
  }
  const load = (file: string) => import(pathToFileURL(path.join(module, file)).href);
  const [{ default: lighthouse }, { default: desktop }] = await Promise.all([
    load('core/index.js'),
    load('core/config/desktop-config.js'),
  ]);
  return { lighthouse: lighthouse as RunLighthouse, desktop };
}
