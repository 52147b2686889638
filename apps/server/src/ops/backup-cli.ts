// `npm run backup -- --out DIR [--data-dir DIR]`: the database (pg_dump on PostgreSQL, the data
// directory on the embedded one) and the media on disk, with a manifest. docs/moving-up-and-backups.md.
import { performance } from 'node:perf_hooks';
import { argumentsOf, configOrExit, fromUser, runCommand } from './cli.ts';
import { backup, BackupRefused } from './backup.ts';
import { printSteps } from './timed.ts';

const USAGE = 'npm run backup -- --out DIR [--data-dir DIR]';

async function main() {
  const values = argumentsOf({ out: { type: 'string' }, 'data-dir': { type: 'string' } }, USAGE);
  if (typeof values.out !== 'string') {
    console.error(`--out is required\nUsage: ${USAGE}`);
    process.exit(2);
  }
  const config = configOrExit();
  const dataDir = typeof values['data-dir'] === 'string' ? fromUser(values['data-dir']) : config.dataDir;
  const out = fromUser(values.out);
  const started = performance.now();
  console.log(
    config.databaseUrl
      ? `Backing up the PostgreSQL database and ${dataDir} into ${out}…`
      : `Backing up the embedded database in ${dataDir} into ${out}…`,
  );
  const { manifest, steps, warnings } = await backup({
    dataDir,
    databaseUrl: config.databaseUrl,
    s3: config.mediaS3,
    out,
  });
  for (const warning of warnings) console.log(`tar: ${warning}`);
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Backed up: ${rows.toLocaleString('en')} rows in ${Object.keys(manifest.tables).length} tables` +
      (manifest.media.where === 'disk' ? `, ${manifest.media.files.toLocaleString('en')} media files.` : '.'),
  );
  if (manifest.media.where === 'bucket')
    console.log(
      `Media: bucket ${manifest.media.bucket} at ${manifest.media.endpoint}. ${manifest.media.note}`,
    );
  printSteps(steps, started);
  console.log(
    `Files: ${Object.keys(manifest.files).join(', ')} and manifest.json. Copy the folder off this machine.`,
  );
}

runCommand(main, [BackupRefused]);
