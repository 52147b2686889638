// `npm run seed -- [--devices N] [--jobs N]`: extends the demo fleet of the configured database to N
// devices, and adds N jobs to it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDatabase, seededJobCount } from './seed.ts';
import { JOBS_PER_DEVICE } from './seed-jobs.ts';
import { DEMO_KEYS_FILE, ensureDemoDeviceKeys } from './demo-device-keys.ts';
import { DataDirLocked, lockDataDir } from '../lib/data-dir-lock.ts';

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run seed -- [--devices N] [--jobs N] [--seed S]`);
  process.exit(2);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { devices: { type: 'string' }, jobs: { type: 'string' }, seed: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    usage((error as Error).message);
  }
  const config = loadConfig();
  const devices = values.devices === undefined ? config.seedDevices : Number(values.devices);
  const seed = values.seed === undefined ? config.seed : Number(values.seed);
  if (!Number.isInteger(devices) || devices < 0 || devices > 1_000_000)
    usage('--devices must be a whole number from 0 to 1000000');
  if (!Number.isInteger(seed) || seed < 0) usage('--seed must be a whole number');
  const moreJobs = values.jobs === undefined ? 0 : Number(values.jobs);
  if (!Number.isInteger(moreJobs) || moreJobs < 0 || moreJobs > 100_000_000)
    usage('--jobs must be a whole number from 0 to 100000000');
  if (!config.demoMode)
    usage('The demo fleet is seeded in demo mode only: set DEMO_MODE=true to seed this database with it');
  const started = performance.now();
  // A running server has the embedded database open: seeding it beside would corrupt it.
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const jobsNow = (await seededJobCount(database.db)) ?? 0;
    const summary = await seedDatabase(database.db, {
      seed,
      devices,
      ...(moreJobs > 0 ? { jobs: Math.max(jobsNow, devices * JOBS_PER_DEVICE) + moreJobs } : {}),
      variant: config.variant,
      demoUsers: true,
    });
    await ensureDemoDeviceKeys(database.db, path.join(config.dataDir, DEMO_KEYS_FILE));
    console.log(
      `${summary.devices} devices, ${summary.accessories} accessories, ${summary.jobs} jobs (${Math.round(performance.now() - started)} ms)`,
    );
  } finally {
    await database.close();
    await lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLocked ? error.message : error);
  process.exit(1);
});
