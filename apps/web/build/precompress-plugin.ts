import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { fileOf, firstLoadUrls } from './first-load.ts';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|webmanifest|xml)$/;
/** Below a kilobyte, headers outweigh what compression saves. */
const MIN_BYTES = 1024;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `x.br` and `x.gz` beside each compressible file of a build, where they are smaller. The first
 * load's files get brotli's best quality (about 7 % smaller than quality 7, at 30 times its time); the
 * rest quality 7, so that a build stays within seconds.
 */
export async function precompress(dist: string, best: ReadonlySet<string>): Promise<number> {
  const files = (await filesUnder(dist)).filter((file) => COMPRESSIBLE.test(file));
  const written = await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_BYTES) return 0;
      const quality = best.has(file) ? constants.BROTLI_MAX_QUALITY : 7;
      const [brotli, gzipped] = await Promise.all([
        toBrotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        toGzip(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const smaller = [
        ['br', brotli],
        ['gz', gzipped],
      ].filter(([, packed]) => packed!.length < content.length) as [string, Buffer][];
      await Promise.all(smaller.map(([extension, packed]) => writeFile(`${file}.${extension}`, packed)));
      return smaller.length;
    }),
  );
  return written.reduce((sum, count) => sum + count, 0);
}

/** The console's files are served precompressed (`@fastify/static`'s `preCompressed`): made here, once. */
export function precompressPlugin(): Plugin {
  let dist = '';
  return {
    name: 'fleet-precompress',
    apply: 'build',
    configResolved(config) {
      dist = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const html = await readFile(join(dist, 'index.html'), 'utf8');
      await precompress(dist, new Set(firstLoadUrls(html).map((url) => fileOf(dist, url))));
    },
  };
}
