// `npm run restore -- --from DIR [--data-dir DIR] [--force]`: a backup made by `npm run backup`, into
// the configured database and data directory, then its counts checked. docs/moving-up-and-backups.md.
import { performance } from 'node:perf_hooks';
import { argumentsOf, configOrExit, fromUser, runCommand } from './cli.ts';
import { restore, RestoreRefused } from './restore.ts';
import { printSteps } from './timed.ts';

const USAGE = 'npm run restore -- --from DIR [--data-dir DIR] [--force]';

async function main() {
  const values = argumentsOf(
    { from: { type: 'string' }, 'data-dir': { type: 'string' }, force: { type: 'boolean' } },
    USAGE,
  );
  if (typeof values.from !== 'string') {
    console.error(`--from is required\nUsage: ${USAGE}`);
    process.exit(2);
  }
  const config = configOrExit();
  const dataDir = typeof values['data-dir'] === 'string' ? fromUser(values['data-dir']) : config.dataDir;
  const from = fromUser(values.from);
  const started = performance.now();
  console.log(`Restoring the backup in ${from}…`);
  const { manifest, steps } = await restore({
    dataDir,
    databaseUrl: config.databaseUrl,
    from,
    force: values.force === true,
  });
  console.log(
    `Restored the backup of ${manifest.createdAt}: every table's row count` +
      (manifest.media.where === 'disk' ? ' and the media file count' : '') +
      ' are as the manifest says.',
  );
  if (manifest.media.where === 'bucket')
    console.log(
      `The media were in the bucket ${manifest.media.bucket}: restore them with the provider's tools if needed.`,
    );
  printSteps(steps, started);
}

runCommand(main, [RestoreRefused]);
