import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { DataDirLocked, lockDataDir } from '../lib/data-dir-lock.ts';
import type { S3Options } from '../plugins/s3-storage.ts';
import { archiveDataDir, archivedFiles } from './archive.ts';
import { tableCounts } from './catalog.ts';
import { sha256Of, writeManifest, type Manifest } from './manifest.ts';
import { connectTo, toolConnection, toolFor } from './postgres.ts';
import { sqlOf, sqlOfDb } from './sql.ts';
import { stepClock, type Step } from './timed.ts';
import { run } from './tools.ts';

export const DUMP_FILE = 'database.dump';
export const DATA_DIR_FILE = 'data-dir.tar.gz';

export interface BackupOptions {
  dataDir: string;
  /** PostgreSQL; undefined: the embedded database in the data directory. */
  databaseUrl: string | undefined;
  s3: S3Options | null;
  out: string;
}

export interface BackupResult {
  manifest: Manifest;
  steps: Step[];
  /** What tar said about files that changed while it read them. */
  warnings: string[];
}

/** The backup will not start: nothing was written. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

export const BUCKET_NOTE =
  "The media are in the bucket: back it up with the provider's own tools (versioning with replication to another region, or a scheduled `rclone sync` to another bucket), see docs/moving-up-and-backups.md.";

async function refuseUnlessNew(options: BackupOptions): Promise<void> {
  const inside = path.relative(options.dataDir, options.out);
  if (!inside.startsWith('..') && !path.isAbsolute(inside))
    throw new BackupRefused(
      `${options.out} is inside the data directory: keep backups elsewhere (another disk or machine).`,
    );
  const entries = await readdir(options.out).catch(() => null);
  if (entries && entries.length > 0)
    throw new BackupRefused(
      `${options.out} is not empty: give each backup a folder of its own (for instance named by date).`,
    );
}

/** Archives the data directory (keys, secrets, media on disk) and counts the media files in the archive. */
async function archive(dataDir: string, out: string, leaveOut: string[]) {
  const file = path.join(out, DATA_DIR_FILE);
  const warning = await archiveDataDir(dataDir, file, leaveOut);
  const media = (await archivedFiles(file)).filter((name) => name.startsWith('media/')).length;
  return { media, warnings: warning ? [warning] : [] };
}

async function filesOf(out: string, names: string[]): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of names) files[name] = await sha256Of(path.join(out, name));
  return files;
}

/**
 * PostgreSQL: pg_dump in its custom format, while the nodes run, counted in the very snapshot it dumps;
 * the data directory (media on disk, the demo's device keys) archived beside it.
 */
async function backupPostgres(options: BackupOptions & { databaseUrl: string }): Promise<BackupResult> {
  const clock = stepClock();
  await mkdir(options.out, { recursive: true });
  const client = await connectTo(options.databaseUrl);
  let tables: Record<string, number>;
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    tables = await clock.run('rows counted', () => tableCounts(sqlOf(client)));
    const pgDump = await toolFor(client, 'pg_dump');
    const { url, env } = toolConnection(options.databaseUrl);
    await clock.run('database dumped', () =>
      run(
        pgDump,
        [
          '--format=custom',
          `--snapshot=${rows[0]!.snapshot}`,
          `--file=${path.join(options.out, DUMP_FILE)}`,
          `--dbname=${url}`,
        ],
        { env },
      ),
    );
    await client.query('commit');
  } finally {
    await client.end();
  }
  const hasDataDir = (await stat(options.dataDir).catch(() => null))?.isDirectory() ?? false;
  const archived = hasDataDir
    ? await clock.run('data directory archived', () => archive(options.dataDir, options.out, ['./pglite']))
    : { media: 0, warnings: [] };
  const manifest: Manifest = {
    kind: 'postgres',
    createdAt: new Date().toISOString(),
    tables,
    media: options.s3
      ? { where: 'bucket', endpoint: options.s3.endpoint, bucket: options.s3.bucket, note: BUCKET_NOTE }
      : { where: 'disk', files: archived.media },
    files: await filesOf(options.out, hasDataDir ? [DUMP_FILE, DATA_DIR_FILE] : [DUMP_FILE]),
  };
  await writeManifest(options.out, manifest);
  return { manifest, steps: clock.steps, warnings: archived.warnings };
}

/** The embedded database: the server stopped (PGlite has no online backup), the whole data directory in tar. */
async function backupEmbedded(options: BackupOptions): Promise<BackupResult> {
  const clock = stepClock();
  const lock = await lockDataDir(options.dataDir).catch((error: unknown) => {
    if (error instanceof DataDirLocked)
      throw new BackupRefused(
        `${error.message}\nStop the server for the backup: the embedded database cannot be copied while it runs.`,
      );
    throw error;
  });
  try {
    const pgliteDir = path.join(options.dataDir, 'pglite');
    if (!(await stat(pgliteDir).catch(() => null))?.isDirectory())
      throw new BackupRefused(`There is no embedded database in ${pgliteDir}: check DATA_DIR or --data-dir.`);
    await mkdir(options.out, { recursive: true });
    const tables = await clock.run('rows counted', async () => {
      const database = await openDatabase({ pgliteDir });
      try {
        return await tableCounts(sqlOfDb(database.db));
      } finally {
        await database.close();
      }
    });
    const archived = await clock.run('data directory archived', () =>
      archive(options.dataDir, options.out, []),
    );
    const manifest: Manifest = {
      kind: 'embedded',
      createdAt: new Date().toISOString(),
      tables,
      media: { where: 'disk', files: archived.media },
      files: await filesOf(options.out, [DATA_DIR_FILE]),
    };
    await writeManifest(options.out, manifest);
    return { manifest, steps: clock.steps, warnings: archived.warnings };
  } finally {
    await lock.release();
  }
}

/** A backup of the database and the data directory into `out`, with its manifest. */
export async function backup(options: BackupOptions): Promise<BackupResult> {
  await refuseUnlessNew(options);
  return options.databaseUrl
    ? backupPostgres({ ...options, databaseUrl: options.databaseUrl })
    : backupEmbedded(options);
}
