import { mkdtemp, readFile, rm, writeFile, mkdir, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { LOCK_FILE } from '../lib/data-dir-lock.ts';
import {
  POSTGRES_PASS,
  postgresAdminUrl,
  scratchDatabase,
  type ScratchDatabase,
} from '../../test/postgres.ts';
import { backup, BackupRefused, DATA_DIR_FILE } from './backup.ts';
import { MANIFEST, type Manifest } from './manifest.ts';
import { restore, RestoreFailed } from './restore.ts';
import { sqlOf, sqlOfDb, type Sql } from './sql.ts';

let folder: string;
let dataDir: string;
let out: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'fleet-backup-'));
  dataDir = path.join(folder, 'data');
  out = path.join(folder, 'backup');
  await mkdir(path.join(dataDir, 'media', 'screenshots'), { recursive: true });
  await writeFile(path.join(dataDir, 'media', 'screenshots', 'kept.png'), 'picture');
  await writeFile(path.join(dataDir, 'media', 'screenshots', 'deleted-later.png'), 'another picture');
  await writeFile(path.join(dataDir, 'idp-keys.json'), '{"signing": []}');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

/** The records the round trips change and delete, as PostgreSQL prints them. */
async function records(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ row: string }>(`
    select s::text as row from series s where id <= 5
    union all select u::text from users u where username = 'administrator'
    union all (select h::text from heartbeats h order by series_id)`);
  return rows.map((r) => r.row);
}

async function changeRecords(sql: Sql): Promise<void> {
  await sql.query(`update series set description = 'changed after the backup' where id <= 5`);
  await sql.query(`update users set name = 'Someone else' where username = 'administrator'`);
  await sql.query(`delete from heartbeats`);
}

async function changeMedia(): Promise<void> {
  await rm(path.join(dataDir, 'media', 'screenshots', 'deleted-later.png'));
  await writeFile(path.join(dataDir, 'media', 'screenshots', 'added-later.png'), 'new');
}

async function expectMediaAsBackedUp(): Promise<void> {
  expect((await readdir(path.join(dataDir, 'media', 'screenshots'))).sort()).toEqual([
    'deleted-later.png',
    'kept.png',
  ]);
  expect(await readFile(path.join(dataDir, 'idp-keys.json'), 'utf8')).toBe('{"signing": []}');
}

/** The manifest with one table's count changed, as if the restore had lost rows. */
async function tamperWithManifest(): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(out, MANIFEST), 'utf8')) as Manifest;
  manifest.tables.series! += 1;
  await writeFile(path.join(out, MANIFEST), JSON.stringify(manifest));
}

describe.skipIf(!!postgresAdminUrl)(
  'backup and restore of the embedded database (embedded pass of npm test)',
  () => {
    const open = () => openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });

    it('backs up, and restores over changed and deleted records and media, counts checked', async () => {
      const snapshot = await readFile(inject('pgliteSnapshot'));
      let database = await openDatabase({
        pgliteDir: path.join(dataDir, 'pglite'),
        loadDataDir: snapshot,
      });
      const before = await records(sqlOfDb(database.db));
      await database.close();
      expect(before.length).toBeGreaterThan(6);

      const { manifest } = await backup({ dataDir, databaseUrl: undefined, s3: null, out });
      expect(manifest.kind).toBe('embedded');
      expect(manifest.tables.series).toBeGreaterThan(0);
      expect(manifest.media).toEqual({ where: 'disk', files: 2 });
      expect(Object.keys(manifest.files)).toEqual([DATA_DIR_FILE]);

      database = await open();
      await changeRecords(sqlOfDb(database.db));
      expect(await records(sqlOfDb(database.db))).not.toEqual(before);
      await database.close();
      await changeMedia();

      await expect(restore({ dataDir, databaseUrl: undefined, from: out, force: false })).rejects.toThrow(
        /is not empty .*Add --force/,
      );
      await restore({ dataDir, databaseUrl: undefined, from: out, force: true });
      database = await open();
      expect(await records(sqlOfDb(database.db))).toEqual(before);
      await database.close();
      await expectMediaAsBackedUp();
      expect(await readdir(dataDir)).not.toContain(LOCK_FILE);

      await tamperWithManifest();
      const failed = await restore({ dataDir, databaseUrl: undefined, from: out, force: true }).catch(
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(RestoreFailed);
      expect((failed as Error).message).toMatch(/series: \d+ rows in the backup, \d+ restored/);

      await writeFile(path.join(out, DATA_DIR_FILE), 'not the archive');
      await expect(restore({ dataDir, databaseUrl: undefined, from: out, force: true })).rejects.toThrow(
        /damaged:\n {2}data-dir.tar.gz: changed since the backup/,
      );
    });

    it('refuses while a server runs on the data directory, or into a folder holding files', async () => {
      await writeFile(path.join(dataDir, LOCK_FILE), `${process.ppid}\n`);
      await expect(backup({ dataDir, databaseUrl: undefined, s3: null, out })).rejects.toThrow(
        /pid \d+.*\nStop the server for the backup/,
      );
      await expect(restore({ dataDir, databaseUrl: undefined, from: dataDir, force: true })).rejects.toThrow(
        /holds no manifest.json/,
      );
      await rm(path.join(dataDir, LOCK_FILE));
      await mkdir(out);
      await writeFile(path.join(out, 'older.tar.gz'), '');
      await expect(backup({ dataDir, databaseUrl: undefined, s3: null, out })).rejects.toBeInstanceOf(
        BackupRefused,
      );
      await expect(
        backup({ dataDir, databaseUrl: undefined, s3: null, out: path.join(dataDir, 'backups') }),
      ).rejects.toThrow(/inside the data directory/);
    });
  },
);

describe.skipIf(!postgresAdminUrl)(`backup and restore on PostgreSQL ${POSTGRES_PASS}`, () => {
  let database: ScratchDatabase;
  let client: pg.Client;
  beforeEach(async () => {
    database = await scratchDatabase('backup', inject('postgresTemplate'));
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterEach(async () => {
    await client?.end();
    await database?.drop();
  });

  it('dumps, and restores over changed and deleted records and media, counts checked', async () => {
    const before = await records(sqlOf(client));
    const { manifest } = await backup({ dataDir, databaseUrl: database.url, s3: null, out });
    expect(manifest.kind).toBe('postgres');
    expect(manifest.media).toEqual({ where: 'disk', files: 2 });
    expect(Object.keys(manifest.files)).toEqual(['database.dump', DATA_DIR_FILE]);

    await changeRecords(sqlOf(client));
    await changeMedia();
    await expect(restore({ dataDir, databaseUrl: database.url, from: out, force: true })).rejects.toThrow(
      /1 other session is connected to the database: stop the servers/,
    );
    await client.end();
    await expect(restore({ dataDir, databaseUrl: database.url, from: out, force: false })).rejects.toThrow(
      /already holds records .*Add --force/,
    );
    await restore({ dataDir, databaseUrl: database.url, from: out, force: true });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    expect(await records(sqlOf(client))).toEqual(before);
    await expectMediaAsBackedUp();
  });

  it('restores into an empty database, and fails one whose counts differ from the manifest', async () => {
    await backup({ dataDir, databaseUrl: database.url, s3: null, out });
    const before = await records(sqlOf(client));
    const empty = await scratchDatabase('restored');
    try {
      await rm(dataDir, { recursive: true });
      await restore({ dataDir, databaseUrl: empty.url, from: out, force: false });
      const restored = new pg.Client({ connectionString: empty.url });
      await restored.connect();
      expect(await records(sqlOf(restored))).toEqual(before);
      await restored.end();
      await expectMediaAsBackedUp();

      await tamperWithManifest();
      await expect(restore({ dataDir, databaseUrl: empty.url, from: out, force: true })).rejects.toThrow(
        /series: \d+ rows in the backup, \d+ restored/,
      );
    } finally {
      await empty.drop();
    }
  });
});
