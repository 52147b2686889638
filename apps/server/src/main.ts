import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase, seedDemoJobs, seedRoles, seededDeviceCount, seededJobCount } from './demo/seed.ts';
import { seedProgress } from './db/seed-progress.ts';
import { JOBS_PER_DEVICE } from './demo/seed-jobs.ts';
import { seedJobMedia } from './demo/seed-job-media.ts';
import { seedDemoOrders } from './demo/seed-orders.ts';
import { seedDemoSurveys } from './demo/seed-esat.ts';
import { seedDemoFactoryBatches } from './demo/seed-factory.ts';
import { seedDemoCertificateWork } from './demo/seed-certificates.ts';
import { seedVersions } from './demo/seed-versions.ts';
import { DEMO_KEYS_FILE, ensureDemoDeviceKeys } from './demo/demo-device-keys.ts';
import { buildApp } from './app.ts';
import { DataDirLocked, lockDataDir } from './lib/data-dir-lock.ts';

async function main() {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // For a person at a terminal: a few plain lines instead of the JSON a log collector wants.
  const say = (line: string) => {
    if (config.logFormat === 'pretty') console.log(line);
  };
  // The embedded database is one process's: a second server on the same directory would corrupt it.
  const lock = config.databaseUrl
    ? null
    : await lockDataDir(config.dataDir).catch((error: unknown) => {
        if (!(error instanceof DataDirLocked)) throw error;
        console.error(error.message);
        process.exit(2);
      });
  say(
    config.databaseUrl
      ? 'Opening the PostgreSQL database…'
      : `Opening the embedded database in ${path.join(config.dataDir, 'pglite')}…`,
  );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  if (config.demoMode && (await seededDeviceCount(database.db)) < config.seedDevices)
    say(`Seeding the demo fleet: ${config.seedDevices.toLocaleString('en')} devices (first start only)…`);
  // A demo fleet only in demo mode; otherwise the role catalogue alone. Nodes started together seed
  // one after the other: the first does the work, the others find it done.
  const { seeded, keyed } = await database.exclusively(async () => ({
    seeded: config.demoMode
      ? await seedDatabase(database.db, {
          seed: config.seed,
          devices: config.seedDevices,
          variant: config.variant,
          demoUsers: true,
          // Written once the server answers: tens of thousands of jobs would double the first start.
          jobs: 'later',
        })
      : (await seedRoles(database.db), null),
    keyed: config.demoMode
      ? await ensureDemoDeviceKeys(database.db, path.join(config.dataDir, DEMO_KEYS_FILE))
      : 0,
  }));
  const app = await buildApp({ config, database, ...(config.webDir ? { webDir: config.webDir } : {}) });
  const { versions, orders, surveyedOrders } = config.demoMode
    ? await database.exclusively(async () => ({
        // The demo's versions and their packages, at the first start (a few megabytes, under a second).
        versions: await seedVersions(database.db, app.media, config.seed, app.workFiles.temp),
        // The demo's orders, through the services themselves (their invoices, journals and packages).
        orders: await seedDemoOrders(database.db, app.media),
        // Two years of delivered orders and their surveys, after the demo's own orders (docs/insights.md).
        surveyedOrders: await seedDemoSurveys(database.db, config.seed),
      }))
    : { versions: 0, orders: 0, surveyedOrders: 0 };
  if (config.logFormat === 'json') {
    if (seeded?.seeded) app.log.info(seeded, 'demo fleet seeded');
    if (orders > 0) app.log.info({ orders }, 'demo orders placed');
    if (surveyedOrders > 0)
      app.log.info({ orders: surveyedOrders }, 'demo order history and surveys written');
    if (keyed > 0) app.log.info({ devices: keyed, file: DEMO_KEYS_FILE }, 'demo device keys issued');
    if (versions > 0) app.log.info({ versions }, 'demo versions uploaded');
  }

  /**
   * The demo data a first start leaves for after its first answer, in the background: the tools' work, then
   * the jobs; resumed at the next start if stopped.
   */
  async function writeDemoData(log: typeof app.log, tell: (line: string) => void) {
    await database
      .exclusively(async () => {
        await writeDemoToolWork(log);
        await writeMissingDemoJobs(log, tell);
      })
      .catch((error: unknown) => {
        if (!closing) log.error({ err: error }, 'demo jobs not written: they are written at the next start');
      })
      .finally(() => (seedProgress.writingJobs = false));
  }

  /** The factory's batches and the certificate work, once (docs/company-tools.md, "The demo"). */
  async function writeDemoToolWork(log: typeof app.log) {
    try {
      const batches = await seedDemoFactoryBatches(database.db, config!.seed);
      if (batches > 0) log.info({ batches }, 'demo factory batches made');
      const work = await seedDemoCertificateWork(database.db, app.media, config!.seed);
      if (work.certificates > 0) log.info(work, 'demo certificate work written');
    } catch (error) {
      if (!closing)
        log.error(
          { err: error },
          'demo factory and certificate work not written: they are at the next start',
        );
    }
  }

  async function writeMissingDemoJobs(log: typeof app.log, tell: (line: string) => void) {
    const wanted = config!.seedJobs ?? config!.seedDevices * JOBS_PER_DEVICE;
    if (((await seededJobCount(database.db)) ?? 0) >= wanted) return writeDemoJobMedia(log);
    const began = performance.now();
    tell(
      `Writing the demo fleet's jobs in the background (${wanted.toLocaleString('en')}, first start only)…`,
    );
    try {
      const jobs = await seedDemoJobs(database.db, { seed: config!.seed, jobs: wanted });
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      tell(`Demo jobs written (${seconds} s).`);
      if (config!.logFormat === 'json') log.info({ jobs }, 'demo jobs seeded');
    } catch (error) {
      if (!closing) log.error({ err: error }, 'demo jobs not written: they are written at the next start');
    }
    if (!closing) await writeDemoJobMedia(log);
  }

  /** Graphs and pictures of the recent demo jobs, once, after the jobs (docs/job-detail.md). */
  async function writeDemoJobMedia(log: typeof app.log) {
    try {
      const jobs = await seedJobMedia(database.db, app.media, config!.seed);
      if (jobs > 0) log.info({ jobs }, 'demo job graphs and pictures stored');
    } catch (error) {
      if (!closing)
        log.error({ err: error }, 'demo job graphs and pictures not stored: they are at the next start');
    }
  }

  let closing = false;
  let endDrain = () => undefined as void;
  const shutdown = async (signal: string) => {
    // A second signal while draining: stop waiting.
    if (closing) return endDrain();
    closing = true;
    // Readiness answers 503 first, so that a proxy stops sending requests before the node closes.
    app.stopping = true;
    const drainSeconds = config.shutdownDrainSeconds;
    app.log.info({ signal, drainSeconds }, 'stopping: not ready any more, then finishing requests in flight');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainSeconds * 1000);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    try {
      await app.close();
      await database.close();
      await lock?.release();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'unclean stop');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Health says the demo data is being written from the first answer on, until its tools' work, jobs and media are.
  if (config.demoMode) seedProgress.writingJobs = true;
  await app.listen({ port: config.port, host: config.host });
  const url = `${config.publicUrl}${config.basePath}/`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  say(`\nFleet Console is ready at ${url}  (started in ${seconds} s)`);
  if (config.demoMode)
    say(
      'Demo mode: sign in with a role code as username (administrator, support-manager, customer-engineering-user…) and the password demo.',
    );
  if (config.demoMode) void writeDemoData(app.log, say);
  if (config.logFormat === 'json')
    app.log.info(
      {
        url: `${config.publicUrl}${config.basePath}/`,
        database: database.kind,
        demoMode: config.demoMode,
        startMs: Math.round(performance.now() - started),
      },
      'Fleet Console is ready',
    );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
