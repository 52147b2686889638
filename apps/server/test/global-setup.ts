import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { TEST_DEVICES, TEST_SEED } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

const TEMPLATE = 'fleet_test_template';

/**
 * Migrates and seeds the test database once per run: a PGlite snapshot that every test file
 * loads, or, with TEST_DATABASE_URL, a PostgreSQL template database that every file copies.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
    await admin.query(`create database ${TEMPLATE}`);
    const url = new URL(adminUrl);
    url.pathname = `/${TEMPLATE}`;
    const database = await openDatabase({ databaseUrl: url.href });
    await seedDatabase(database.db, { seed: TEST_SEED, devices: TEST_DEVICES, demoUsers: true });
    await database.close();
    project.provide('postgresTemplate', TEMPLATE);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
      await admin.end();
    };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'fleet-test-'));
  const database = await openDatabase({});
  await seedDatabase(database.db, { seed: TEST_SEED, devices: TEST_DEVICES, demoUsers: true });
  const snapshot = path.join(folder, 'seeded.tar');
  await writeFile(snapshot, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', snapshot);
  project.provide('postgresTemplate', '');
  return async () => rm(folder, { recursive: true, force: true });
}
