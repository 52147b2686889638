import { MEDIA_WORK_DIR } from '../lib/work-files.ts';
import { run } from './tools.ts';

/** What the data directory's archive leaves out: work files, and the lock of whoever makes it. */
const ALWAYS_OUT = ['./tmp', `./media/${MEDIA_WORK_DIR}`, './server.lock', './server.lock.*'];

/**
 * The data directory in a gzipped tar (GNU tar), paths relative to it. A file changing while it is read
 * (a server writing media meanwhile) is a warning, not a failure: the archive has the rest.
 */
export async function archiveDataDir(
  dataDir: string,
  file: string,
  leaveOut: string[] = [],
): Promise<string> {
  const excludes = [...ALWAYS_OUT, ...leaveOut].map((pattern) => `--exclude=${pattern}`);
  const { stderr } = await run(
    'tar',
    ['--create', '--gzip', `--file=${file}`, ...excludes, '--directory', dataDir, '.'],
    {
      allowedCodes: [1],
    },
  );
  return stderr.trim();
}

/** Files (not folders) in an archive, relative to the data directory. */
export async function archivedFiles(file: string): Promise<string[]> {
  const { stdout } = await run('tar', ['--list', '--gzip', `--file=${file}`]);
  return stdout
    .split('\n')
    .filter((name) => name !== '' && !name.endsWith('/'))
    .map((name) => name.replace(/^\.\//, ''));
}

export async function extractDataDir(file: string, dataDir: string): Promise<void> {
  await run('tar', ['--extract', '--gzip', `--file=${file}`, '--no-same-owner', '--directory', dataDir]);
}
