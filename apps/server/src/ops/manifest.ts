import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export const MANIFEST = 'manifest.json';

/** What a backup holds, written beside it: a restore checks its files and its counts against it. */
export interface Manifest {
  kind: 'postgres' | 'embedded';
  createdAt: string;
  /** Rows of every table of the public schema when the backup was taken. */
  tables: Record<string, number>;
  media:
    { where: 'disk'; files: number } | { where: 'bucket'; endpoint: string; bucket: string; note: string };
  /** The backup's files and their SHA-256. */
  files: Record<string, string>;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(folder: string): Promise<Manifest> {
  const text = await readFile(path.join(folder, MANIFEST), 'utf8').catch(() => {
    throw new Error(`${folder} holds no ${MANIFEST}: it is not a backup made by npm run backup`);
  });
  return JSON.parse(text) as Manifest;
}

/** Files of the backup missing or changed since it was written, in words. */
export async function damagedFiles(folder: string, manifest: Manifest): Promise<string[]> {
  const damaged: string[] = [];
  for (const [name, sum] of Object.entries(manifest.files)) {
    const actual = await sha256Of(path.join(folder, name)).catch(() => null);
    if (actual === null) damaged.push(`${name}: missing`);
    else if (actual !== sum) damaged.push(`${name}: changed since the backup (its SHA-256 differs)`);
  }
  return damaged;
}

/** What differs between the counts a backup recorded and those restored, in words. */
export function countDifferences(
  expected: Record<string, number>,
  restored: Record<string, number>,
): string[] {
  const differences: string[] = [];
  for (const [table, rows] of Object.entries(expected)) {
    if (!(table in restored))
      differences.push(`${table}: missing after the restore (${rows} rows in the backup)`);
    else if (restored[table] !== rows)
      differences.push(`${table}: ${rows} rows in the backup, ${restored[table]} restored`);
  }
  for (const [table, rows] of Object.entries(restored))
    if (!(table in expected) && rows > 0)
      differences.push(`${table}: not in the backup, ${rows} rows after the restore`);
  return differences;
}
