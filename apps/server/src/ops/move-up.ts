import { stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';
import { adoptLegacySecrets } from '../db/server-secrets.ts';
import { DataDirLocked, lockDataDir } from '../lib/data-dir-lock.ts';
import { s3MediaStorage, type S3Options } from '../plugins/s3-storage.ts';
import { publicTables, recordsIn, type TableInfo } from './catalog.ts';
import { compareTables, SAMPLE_ROWS } from './compare.ts';
import { copyTables, PAGES_PER_BATCH } from './copy-tables.ts';
import { compareMedia, copyMediaToBucket, mediaFiles } from './media.ts';
import { settleSession, sqlOf, sqlOfDb, type Sql } from './sql.ts';
import { stepClock, type Step } from './timed.ts';

export interface MoveUpOptions {
  dataDir: string;
  /** The PostgreSQL database to move into (postgres://…). */
  to: string;
  /** The bucket to move the media into; null: they stay on disk. */
  s3: S3Options | null;
  log?: (line: string) => void;
  pagesPerBatch?: number;
  sampleRows?: number;
}

export interface MoveUpResult {
  tables: Record<string, number>;
  /** Where the media are now: copied into the bucket, or left on disk. */
  media: { files: number; bytes: number; now: 'bucket' | 'disk' };
  steps: Step[];
}

/** The move-up will not start: nothing was changed. */
export class MoveUpRefused extends Error {
  override name = 'MoveUpRefused';
}

/** The copy differs from the embedded database: the target database was left as it was. */
export class MoveUpFailed extends Error {
  override name = 'MoveUpFailed';
  constructor(readonly differences: string[]) {
    super(
      `The copy differs from the embedded database, so nothing was committed to the target database:\n  ${differences.join('\n  ')}`,
    );
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new MoveUpRefused(`Could not connect to the target database: ${(error as Error).message}`);
  }
  return client;
}

async function refuseUnlessReady(options: MoveUpOptions, target: Sql) {
  const pgliteDir = path.join(options.dataDir, 'pglite');
  if (!(await stat(pgliteDir).catch(() => null))?.isDirectory())
    throw new MoveUpRefused(`There is no embedded database in ${pgliteDir}: check DATA_DIR or --data-dir.`);
  const held = await recordsIn(target);
  if (held.length > 0)
    throw new MoveUpRefused(
      `The target database already holds records: ${held.slice(0, 8).join(', ')}${held.length > 8 ? ` and ${held.length - 8} more tables` : ''}. The move-up never mixes two fleets: give it an empty database (createdb), or drop and create this one again.`,
    );
}

function sameTables(source: TableInfo[], target: TableInfo[]) {
  const names = (tables: TableInfo[]) => tables.map((table) => table.name).join(', ');
  if (names(source) !== names(target))
    throw new Error(
      `The two databases have different tables after their migrations:\n  embedded: ${names(source)}\n  target: ${names(target)}`,
    );
}

/**
 * Copies the embedded database of a data directory (and its media, into a bucket when given) into an
 * empty PostgreSQL database, compares both sides, and commits only when they are the same
 * (docs/moving-up-and-backups.md).
 */
export async function moveUp(options: MoveUpOptions): Promise<MoveUpResult> {
  const log = options.log ?? (() => undefined);
  const clock = stepClock();
  const lock = await lockDataDir(options.dataDir).catch((error: unknown) => {
    if (error instanceof DataDirLocked)
      throw new MoveUpRefused(
        `${error.message}\nStop the server before moving up: the embedded database must be still.`,
      );
    throw error;
  });
  let client: pg.Client | undefined;
  let source: Database | undefined;
  try {
    client = await connect(options.to);
    const target = sqlOf(client);
    await clock.run('checks', () => refuseUnlessReady(options, target));
    source = await clock.run('migrations', async () => {
      log('Applying the migrations to the target database…');
      await (await openDatabase({ databaseUrl: options.to })).close();
      const embedded = await openDatabase({ pgliteDir: path.join(options.dataDir, 'pglite') });
      // Secrets an older start kept in files go into the table first, so that they move with it.
      await adoptLegacySecrets(embedded.db, options.dataDir);
      return embedded;
    });
    return await copyAll(options, sqlOfDb(source.db), target, clock, log);
  } finally {
    await source?.close();
    await client?.end();
    await lock.release();
  }
}

/** One transaction on the target: tables, then media; committed only when both compare equal. */
async function copyAll(
  options: MoveUpOptions,
  source: Sql,
  target: Sql,
  clock: ReturnType<typeof stepClock>,
  log: (line: string) => void,
): Promise<MoveUpResult> {
  await Promise.all([settleSession(source), settleSession(target)]);
  const files = await mediaFiles(options.dataDir);
  await target.query('begin');
  try {
    const tables = await publicTables(target);
    sameTables(await publicTables(source), tables);
    const copied = await clock.run('tables copied', () => {
      log(`Copying ${tables.length} tables…`);
      return copyTables(source, target, tables, {
        pagesPerBatch: options.pagesPerBatch ?? PAGES_PER_BATCH,
        onTable: (table, rows) => rows > 0 && log(`  ${table}: ${rows.toLocaleString('en')}`),
      });
    });
    const differences = await clock.run('tables compared', () =>
      compareTables(source, target, tables, options.sampleRows ?? SAMPLE_ROWS),
    );
    if (options.s3) {
      const bucket = s3MediaStorage(options.s3);
      await clock.run('media copied', () => {
        log(
          `Copying ${files.length.toLocaleString('en')} media files into the bucket ${options.s3!.bucket}…`,
        );
        return copyMediaToBucket(files, bucket);
      });
      differences.push(...(await clock.run('media compared', () => compareMedia(files, bucket))));
    }
    if (differences.length > 0) throw new MoveUpFailed(differences);
    await clock.run('committed', () => target.query('commit'));
    return {
      tables: copied,
      media: {
        files: files.length,
        bytes: files.reduce((sum, file) => sum + file.size, 0),
        now: options.s3 ? 'bucket' : 'disk',
      },
      steps: clock.steps,
    };
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw error;
  }
}
