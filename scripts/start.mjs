// `npm start`: builds the console and the server when their sources changed since the last build, then
// starts the server (API, identity provider and console) on http://localhost:8080.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry, serverProcessEnv } from './build-server.mjs';
import { olderThanSources } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
  'packages/translations/locales',
];

if (olderThanSources(builtIndex, sources)) {
  // The build's own report is long: it is shown only when the build fails.
  process.stdout.write('Building the console (first start, or its sources changed)… ');
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) {
    console.log('failed:');
    console.log(build.stdout, build.stderr);
    process.exit(build.status ?? 1);
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const args = process.argv.slice(2);
const withDevices = !args.includes('--no-devices') && process.env.DEVICE_SIM !== 'off';
const server = spawn(process.execPath, ['--enable-source-maps', await serverEntry()], {
  cwd: root,
  stdio: 'inherit',
  env: serverProcessEnv(process.env),
});
let simulator;

/** The simulated fleet starts once the server answers its health check. */
async function startSimulator() {
  const port = process.env.PORT ?? '8080';
  // The address the identity provider knows: the simulated technicians sign in through it.
  const url = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) return;
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) {
      simulator = spawn(
        process.execPath,
        ['--import', 'tsx', 'apps/device-sim/src/main.ts', '--server', url, '--quiet'],
        // Two technicians plug devices into the live hub, so that the demo shows connected devices.
        {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, DEVICE_SIM_TECHNICIANS: process.env.DEVICE_SIM_TECHNICIANS ?? '2' },
        },
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
if (withDevices) void startSimulator();

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    simulator?.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  simulator?.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
