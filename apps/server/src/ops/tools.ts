import { spawn } from 'node:child_process';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Runs a tool, its output kept; fails with its own error text unless its exit code is one allowed. */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; allowedCodes?: number[] } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${command} is not installed`) : error),
    );
    child.once('close', (code) => {
      if (code === 0 || options.allowedCodes?.includes(code ?? -1))
        resolve({ code: code ?? 0, stdout, stderr });
      else
        reject(
          new Error(`${path.basename(command)} failed (exit ${code}): ${stderr.trim() || stdout.trim()}`),
        );
    });
  });
}

const executable = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The PostgreSQL client tools' folders Debian installs, newest first, with their major version. */
async function debianBins(): Promise<{ major: number; dir: string }[]> {
  const root = '/usr/lib/postgresql';
  const versions = await readdir(root).catch(() => [] as string[]);
  return versions
    .filter((name) => /^\d+$/.test(name))
    .map((name) => ({ major: Number(name), dir: path.join(root, name, 'bin') }))
    .sort((a, b) => b.major - a.major);
}

async function majorOf(tool: string): Promise<number | null> {
  const answer = await run(tool, ['--version']).catch(() => null);
  const match = answer?.stdout.match(/(\d+)(\.\d+)?/);
  return match ? Number(match[1]) : null;
}

/**
 * pg_dump or pg_restore for a server of this major version: the same version when installed (as
 * scripts/with-postgres.sh finds the server), else a newer one, which reads older servers; else the one
 * on the PATH when new enough.
 */
export async function postgresTool(tool: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<string> {
  const bins = [];
  for (const bin of await debianBins())
    if (await executable(path.join(bin.dir, tool))) bins.push({ ...bin, file: path.join(bin.dir, tool) });
  const chosen =
    bins.find((bin) => bin.major === serverMajor) ?? bins.filter((bin) => bin.major > serverMajor).at(-1);
  if (chosen) return chosen.file;
  const onPath = await majorOf(tool);
  if (onPath !== null && onPath >= serverMajor) return tool;
  throw new Error(
    `${tool} for PostgreSQL ${serverMajor} or newer is needed and was not found` +
      `${bins.length || onPath !== null ? ` (found only version ${[...bins.map((bin) => bin.major), onPath].filter((v) => v !== null).join(', ')})` : ''}. ` +
      `Install the client tools: sudo apt-get install postgresql-client-${serverMajor} (Debian, Ubuntu), or the postgresql package of your system.`,
  );
}
