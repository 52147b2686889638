// The server as it runs: one JavaScript file, apps/server/dist/server.mjs, bundled by esbuild from the
// server's and the packages' TypeScript; the npm packages stay outside it. Built again only when a
// source changed since the last build. `node scripts/build-server.mjs` builds it; the start scripts,
// the end-to-end server and the benchmarks call serverEntry().
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { olderThanSources } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
export const SERVER_BUNDLE = path.join(serverDir, 'dist/server.mjs');
/** Worker threads the server starts (lib/worker-pool.ts), built beside it under the same name. */
const WORKERS = ['table-records-worker', 'export-writer-worker'];
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/device-kit/src',
  'scripts/build-server.mjs',
];

/** Packages are loaded from node_modules at run time; only our own workspaces go in the bundle. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fleet/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The environment the server process starts with. glibc gives each thread that allocates (the worker
 * threads, libuv's pool compressing answers and writing demo media) a heap arena of its own, and memory
 * freed in one is not returned: two arenas kept the server 45 MB smaller after its demo data were
 * written and during a large export (`npm run bench:exports`). Set before the process starts, as glibc
 * reads it once.
 */
export const serverProcessEnv = (env) => ({ MALLOC_ARENA_MAX: '2', ...env });

/** Builds the bundle when it is older than its sources; returns its path. */
export async function serverEntry() {
  if (!olderThanSources(SERVER_BUNDLE, sources)) return SERVER_BUNDLE;
  const result = await build({
    entryPoints: [
      { in: path.join(serverDir, 'src/main.ts'), out: 'server' },
      ...WORKERS.map((name) => ({ in: path.join(serverDir, `src/lib/${name}.ts`), out: name })),
    ],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  // Written aside, then renamed: a server starting meanwhile (tests run side by side) reads a whole file.
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  for (const file of result.outputFiles) {
    const aside = `${file.path}.${process.pid}`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
  return SERVER_BUNDLE;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  await serverEntry();
  console.log(`server built: ${path.relative(root, SERVER_BUNDLE)} (${Date.now() - started} ms)`);
}
