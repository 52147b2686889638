import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriesListAnswerSchema, TASK_STATUS, taskListAnswerSchema } from '@fleet/contract';
import { openDatabase } from '../db/client.ts';
import { s3MediaStorage, type S3Options } from '../plugins/s3-storage.ts';
import { POSTGRES_PASS, postgresAdminUrl } from '../../test/postgres.ts';
import { serverProcessHome, stop, until, type ServerProcessHome } from '../../test/server-process.ts';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { startTestBucket, type TestBucket } from '../../test/s3.ts';
import { publicTables, tableCounts } from './catalog.ts';
import { mediaFiles } from './media.ts';
import { moveUp, MoveUpRefused } from './move-up.ts';
import { ident, settleSession, sqlOf, sqlOfDb, type Sql } from './sql.ts';

/**
 * The move-up end to end: a demo fleet on the embedded database, with jobs, a finished export and media,
 * moved into a fresh PostgreSQL database and an S3 bucket, then served from there.
 */
const DEMO = { SEED_DEVICES: '30', SEED_JOBS: '200' };
const USER = 'administrator';

let home: ServerProcessHome;
let testBucket: TestBucket;
let bucket: S3Options;
let embedded: ChildProcess | undefined;
let bearer: string;
let before: { total: number; serials: string[] };
let exportId: string;
let exported: Buffer;

const base = () => `http://127.0.0.1:${home.port}`;

async function call(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${base()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function seriesPage() {
  const answer = seriesListAnswerSchema.parse(await (await call('/api/Series/User?PageSize=20')).json());
  return { total: answer.totalCount, serials: answer.series.map((device) => device.serialNumber) };
}

async function download(requestId: string): Promise<Buffer> {
  const { mediaLink } = (await (await call(`/api/Task/${requestId}/download`)).json()) as {
    mediaLink: string;
  };
  const response = await fetch(mediaLink.startsWith('http') ? mediaLink : `${base()}${mediaLink}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** 25 rows of a table picked by the hash of their content: the same rows on both sides when equal. */
async function sample(sql: Sql, table: string): Promise<string[]> {
  const rows = await sql.query<{ row: string }>(
    `select t::text as row from ${ident(table)} t order by md5(t::text) limit 25`,
  );
  return rows.map((r) => r.row);
}

/** The demo fleet on the embedded database, a user signed in, a finished export; the server left running. */
async function embeddedFleet() {
  embedded = await home.start({ ...DEMO, DATABASE_URL: '' });
  await until(
    'the demo jobs written',
    async () => {
      const health = (await (await fetch(`${base()}/api/health`)).json()) as { seeding: boolean };
      return health.seeding ? undefined : true;
    },
    60_000,
  );
  const signedIn = await signInThroughIdp(base(), USER);
  if (!signedIn.ok) throw new Error('could not sign in');
  bearer = signedIn.tokens.access_token;
  before = await seriesPage();
  const requested = await call('/api/Jobs/Export', {
    method: 'POST',
    body: {
      ExportDescription: 'Everything',
      JobFilters: { FilterOnBeginDate: '2000-01-01', BeginDateOperator: 'since' },
      ExportType: 'CSV',
    },
  });
  exportId = ((await requested.json()) as { requestId: string }).requestId;
  await until(
    'the export done',
    async () => {
      const tasks = taskListAnswerSchema.parse(await (await call('/api/Task?PageSize=100')).json()).data;
      return tasks.find((task) => task.requestId === exportId && task.status === TASK_STATUS.DONE);
    },
    60_000,
  );
  exported = await download(exportId);
}

describe.skipIf(!postgresAdminUrl)(`moving up to PostgreSQL and a bucket ${POSTGRES_PASS}`, () => {
  beforeAll(async () => {
    home = await serverProcessHome('moveup');
    testBucket = await startTestBucket();
    bucket = testBucket.options;
    await embeddedFleet();
  });
  afterAll(async () => {
    if (embedded?.exitCode === null) await stop(embedded, 'SIGTERM');
    await testBucket?.stop();
    await home?.remove();
  });

  it('refuses while the server runs; once it is stopped, moves every table and media file', async () => {
    const options = { dataDir: home.dataDir, to: home.databaseUrl!, s3: bucket };
    await expect(moveUp(options)).rejects.toThrow(/Stop the server before moving up/);
    await stop(embedded!, 'SIGTERM');

    const result = await moveUp(options);
    // The seeded fleet and the factory's demo batches: every device the administrator saw before.
    expect(result.tables.series).toBe(before.total);
    expect(before.total).toBeGreaterThanOrEqual(Number(DEMO.SEED_DEVICES));
    expect(result.steps.map((step) => step.step)).toEqual([
      'checks',
      'migrations',
      'tables copied',
      'tables compared',
      'media copied',
      'media compared',
      'committed',
    ]);

    const source = await openDatabase({ pgliteDir: path.join(home.dataDir, 'pglite') });
    const client = new pg.Client({ connectionString: home.databaseUrl });
    await client.connect();
    try {
      const [from, to] = [sqlOfDb(source.db), sqlOf(client)];
      await Promise.all([settleSession(from), settleSession(to)]);
      const counts = await tableCounts(from);
      expect(await tableCounts(to)).toEqual(counts);
      expect(counts.jobs! + counts.archived_jobs!).toBeGreaterThan(0);
      expect(counts.tasks).toBeGreaterThan(0);
      for (const { name } of await publicTables(to))
        expect(await sample(to, name)).toEqual(await sample(from, name));
    } finally {
      await client.end();
      await source.close();
    }

    const files = await mediaFiles(home.dataDir);
    expect(files.length).toBe(result.media.files);
    expect(files.some((file) => file.key.startsWith('exports/'))).toBe(true);
    const stored = s3MediaStorage(bucket);
    for (const file of files.filter((_, i) => i % 10 === 0))
      expect((await stored.get(file.key)).equals(await readFile(file.file))).toBe(true);
  });

  it('serves the same fleet from PostgreSQL and the bucket, to a user signed in before', async () => {
    const server = await home.start({
      ...DEMO,
      DATABASE_URL: home.databaseUrl!,
      DEMO_MODE: 'true',
      ...testBucket.env,
    });
    try {
      expect(await seriesPage()).toEqual(before);
      const { mediaLink } = (await (await call(`/api/Task/${exportId}/download`)).json()) as {
        mediaLink: string;
      };
      expect(mediaLink.startsWith(`${bucket.endpoint}/fleet-media/exports/`)).toBe(true);
      expect((await download(exportId)).equals(exported)).toBe(true);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  it('refuses a target that already holds records, changing nothing', async () => {
    const refused = await moveUp({ dataDir: home.dataDir, to: home.databaseUrl!, s3: null }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(MoveUpRefused);
    expect((refused as Error).message).toMatch(
      /already holds records: accessories \(\d+ rows?\), .* and \d+ more tables\. The move-up never mixes two fleets/,
    );
  });
});
