// `npm run move-up -- --to postgres://… [--data-dir DIR]`: the embedded database and its media into
// PostgreSQL (and a bucket when MEDIA_S3_* is set). docs/moving-up-and-backups.md.
import { performance } from 'node:perf_hooks';
import { DataDirLocked } from '../lib/data-dir-lock.ts';
import { argumentsOf, configOrExit, fromUser, runCommand, withoutPassword } from './cli.ts';
import { moveUp, MoveUpRefused, type MoveUpResult } from './move-up.ts';
import { printSteps } from './timed.ts';

const USAGE = 'npm run move-up -- --to postgres://user:password@host/database [--data-dir DIR]';

function settings(to: string, dataDir: string, result: MoveUpResult, bucket: boolean): string[] {
  return [
    'Settings to change, then start the server (npm start):',
    `  DATABASE_URL=${withoutPassword(to)}   (the URL given to --to)`,
    `  DATA_DIR=${dataDir}   keep it for this server's scratch files; its demo-device-keys.json is what the device simulator signs with. The identity provider's keys, the media link key and the payment webhook secret moved with the database (server_secrets): users stay signed in and links stay valid.`,
    bucket
      ? '  MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY as set for this command: the media are in the bucket now.'
      : `  The ${result.media.files} media files stay under ${dataDir}/media: enough for one server. Several nodes need them in a bucket: set MEDIA_S3_* when moving up.`,
    '  DEMO_MODE=true only if this is the demo fleet and its demo users should sign in (with DATABASE_URL it is off by default).',
    'For several nodes behind a proxy, also:',
    '  MEDIA_S3_* (one bucket), REDIS_URL (one Redis), PUBLIC_URL (the address users reach, the proxy), TRUST_PROXY (the proxy: a hop count or its address).',
    `The embedded database in ${dataDir}/pglite is left as it was: keep it until the server on PostgreSQL is checked, then archive it.`,
  ];
}

async function main() {
  const values = argumentsOf({ to: { type: 'string' }, 'data-dir': { type: 'string' } }, USAGE);
  const to = values.to;
  if (typeof to !== 'string' || !/^postgres(ql)?:\/\//.test(to)) {
    console.error(`--to must be a postgres:// URL\nUsage: ${USAGE}`);
    process.exit(2);
  }
  const config = configOrExit();
  const dataDir = typeof values['data-dir'] === 'string' ? fromUser(values['data-dir']) : config.dataDir;
  const started = performance.now();
  console.log(`Moving the embedded database in ${dataDir} into ${withoutPassword(to)}…`);
  const result = await moveUp({ dataDir, to, s3: config.mediaS3, log: (line) => console.log(line) });
  const rows = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
  const megabytes = (result.media.bytes / 1e6).toFixed(1);
  console.log(
    `\nMoved and compared: ${rows.toLocaleString('en')} rows in ${Object.keys(result.tables).length} tables; ` +
      `${result.media.files.toLocaleString('en')} media files (${megabytes} MB) ${result.media.now === 'bucket' ? 'copied into the bucket' : 'left on disk'}.`,
  );
  console.log('\nTime taken:');
  printSteps(result.steps, started);
  console.log('');
  for (const line of settings(to, dataDir, result, config.mediaS3 !== null)) console.log(line);
}

runCommand(main, [MoveUpRefused, DataDirLocked]);
