import { spawn, spawnSync } from 'node:child_process';
import { freePort } from './helpers.ts';

/**
 * A throw-away redis-server on 127.0.0.1 (no persistence), for the hub across nodes. Fails saying what
 * to install when it is missing (`scripts/ensure-redis.sh` installs it before the test suite).
 */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (spawnSync('redis-server', ['--version']).error)
    throw new Error('redis-server is not installed: sudo apt-get install redis-server (or run npm test)');
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
