import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './helpers.ts';

const run = promisify(execFile);

/** The PostgreSQL programs (initdb, pg_ctl) of this machine, as scripts/with-postgres.sh finds them. */
function binaries(): string {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort().reverse()
    : [];
  for (const version of versions) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(`${dir}/initdb`)) return dir;
  }
  throw new Error('PostgreSQL is not installed: run the tests through scripts/with-postgres.sh (npm test)');
}

export interface PostgresCluster {
  url: string;
  /** Stops the server: `fast` closes connections, `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

/** A PostgreSQL server of the test's own on 127.0.0.1, which it may stop and start (outage tests). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binaries();
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-cluster-'));
  const port = await freePort();
  // PostgreSQL refuses to run as root: as root, it runs as the postgres user scripts/with-postgres.sh makes.
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    await chown(dir, Number(stdout.trim()), 0);
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', `${bin}/${program}`, ...args])
      : run(`${bin}/${program}`, args);
  const data = path.join(dir, 'data');
  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off`;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-w', '-l', path.join(dir, 'server.log'), '-o', options, 'start']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async (mode = 'fast') => {
      await pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    start,
    remove: async () => {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
