import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { DataDirLocked, LOCK_FILE, lockDataDir } from '../lib/data-dir-lock.ts';
import { extractDataDir } from './archive.ts';
import { DATA_DIR_FILE, DUMP_FILE } from './backup.ts';
import { recordsIn, tableCounts } from './catalog.ts';
import { countDifferences, damagedFiles, readManifest, type Manifest } from './manifest.ts';
import { mediaFiles } from './media.ts';
import { connectTo, toolConnection, toolFor } from './postgres.ts';
import { sqlOf, sqlOfDb } from './sql.ts';
import { stepClock, type Step } from './timed.ts';
import { run } from './tools.ts';

export interface RestoreOptions {
  dataDir: string;
  /** PostgreSQL; undefined: the embedded database in the data directory. */
  databaseUrl: string | undefined;
  from: string;
  /** Replaces what the database and the data directory hold. */
  force: boolean;
}

/** The restore will not start: nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** Restored, but the counts differ from the backup's. */
export class RestoreFailed extends Error {
  override name = 'RestoreFailed';
  constructor(readonly differences: string[]) {
    super(`The restored data differ from the backup's manifest:\n  ${differences.join('\n  ')}`);
  }
}

/** Entries of the data directory a restore would replace (the database's own folder aside on PostgreSQL). */
async function dataDirEntries(dataDir: string, keep: string[]): Promise<string[]> {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  return entries.filter((name) => !keep.includes(name) && !name.startsWith(`${LOCK_FILE}.`));
}

async function replaceDataDir(options: RestoreOptions, archive: string, keep: string[]) {
  await mkdir(options.dataDir, { recursive: true });
  for (const name of await dataDirEntries(options.dataDir, keep))
    await rm(path.join(options.dataDir, name), { recursive: true, force: true });
  await extractDataDir(archive, options.dataDir);
}

function checkCounts(manifest: Manifest, tables: Record<string, number>, mediaOnDisk: number | null) {
  const differences = countDifferences(manifest.tables, tables);
  if (manifest.media.where === 'disk' && mediaOnDisk !== null && mediaOnDisk !== manifest.media.files)
    differences.push(`media: ${manifest.media.files} files in the backup, ${mediaOnDisk} restored`);
  if (differences.length > 0) throw new RestoreFailed(differences);
}

async function restoreEmbedded(
  options: RestoreOptions,
  manifest: Manifest,
  clock: ReturnType<typeof stepClock>,
) {
  const lock = await lockDataDir(options.dataDir).catch((error: unknown) => {
    if (error instanceof DataDirLocked)
      throw new RestoreRefused(`${error.message}\nStop the server before restoring into its data directory.`);
    throw error;
  });
  try {
    const present = await dataDirEntries(options.dataDir, [LOCK_FILE]);
    if (present.length > 0 && !options.force)
      throw new RestoreRefused(
        `The data directory ${options.dataDir} is not empty (${present.join(', ')}): the restore replaces all of it. Add --force to replace it.`,
      );
    await clock.run('data directory restored', () =>
      replaceDataDir(options, path.join(options.from, DATA_DIR_FILE), [LOCK_FILE]),
    );
    const tables = await clock.run('rows counted', async () => {
      const database = await openDatabase({ pgliteDir: path.join(options.dataDir, 'pglite') });
      try {
        return await tableCounts(sqlOfDb(database.db));
      } finally {
        await database.close();
      }
    });
    checkCounts(manifest, tables, (await mediaFiles(options.dataDir)).length);
  } finally {
    await lock.release();
  }
}

/** Servers (or anyone) connected to the database would see it dropped and made again under them. */
async function otherSessions(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`);
  return rows[0]!.n;
}

async function refuseUnlessFree(options: RestoreOptions, client: pg.Client, restoresDataDir: boolean) {
  const sessions = await otherSessions(client);
  if (sessions > 0)
    throw new RestoreRefused(
      `${sessions} other ${sessions === 1 ? 'session is' : 'sessions are'} connected to the database: stop the servers (and close other connections) before restoring.`,
    );
  if (options.force) return;
  const held = await recordsIn(sqlOf(client));
  if (held.length > 0)
    throw new RestoreRefused(
      `The database already holds records (${held.slice(0, 5).join(', ')}${held.length > 5 ? '…' : ''}): the restore replaces them. Add --force to replace them.`,
    );
  const present = restoresDataDir ? await dataDirEntries(options.dataDir, ['pglite', 'tmp']) : [];
  if (present.length > 0)
    throw new RestoreRefused(
      `The data directory ${options.dataDir} is not empty (${present.join(', ')}): the restore replaces its files. Add --force to replace them.`,
    );
}

async function restorePostgres(
  options: RestoreOptions & { databaseUrl: string },
  manifest: Manifest,
  clock: ReturnType<typeof stepClock>,
) {
  const client = await connectTo(options.databaseUrl);
  try {
    const restoresDataDir = DATA_DIR_FILE in manifest.files;
    await refuseUnlessFree(options, client, restoresDataDir);
    const pgRestore = await toolFor(client, 'pg_restore');
    const { url, env } = toolConnection(options.databaseUrl);
    // Owners and privileges are the new server's: the restoring user owns what it restores.
    await clock.run('database restored', () =>
      run(
        pgRestore,
        [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--no-acl',
          '--single-transaction',
          `--dbname=${url}`,
          path.join(options.from, DUMP_FILE),
        ],
        { env },
      ),
    );
    if (restoresDataDir)
      await clock.run('data directory restored', () =>
        replaceDataDir(options, path.join(options.from, DATA_DIR_FILE), ['pglite', 'tmp']),
      );
    const tables = await clock.run('rows counted', () => tableCounts(sqlOf(client)));
    checkCounts(manifest, tables, restoresDataDir ? (await mediaFiles(options.dataDir)).length : null);
  } finally {
    await client.end();
  }
}

/** Restores a backup made by `backup`, then checks the counts against its manifest. */
export async function restore(options: RestoreOptions): Promise<{ manifest: Manifest; steps: Step[] }> {
  if (!(await stat(options.from).catch(() => null))?.isDirectory())
    throw new RestoreRefused(`${options.from} is not a folder: give the folder a backup was written to.`);
  const manifest = await readManifest(options.from);
  const damaged = await damagedFiles(options.from, manifest);
  if (damaged.length > 0) throw new RestoreRefused(`The backup is damaged:\n  ${damaged.join('\n  ')}`);
  const wanted = options.databaseUrl ? 'postgres' : 'embedded';
  if (manifest.kind !== wanted)
    throw new RestoreRefused(
      manifest.kind === 'postgres'
        ? 'This is a backup of a PostgreSQL database: set DATABASE_URL to the database to restore it into.'
        : 'This is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR (then move up again if wanted).',
    );
  const clock = stepClock();
  if (options.databaseUrl)
    await restorePostgres({ ...options, databaseUrl: options.databaseUrl }, manifest, clock);
  else await restoreEmbedded(options, manifest, clock);
  return { manifest, steps: clock.steps };
}
