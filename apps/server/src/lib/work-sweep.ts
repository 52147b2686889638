import { lstat, readdir, readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { processLives } from './process-lives.ts';
import {
  AREA_FOLDER,
  isOpenHere,
  OWNER_FILE,
  pidNamespace,
  type OwnerRecord,
  type WorkArea,
} from './work-files.ts';

/** How often a server touches its owner records and sweeps its roots. */
export const SWEEP_EVERY_MS = 5 * 60_000;
/** An owner that has not touched its record for this long is gone: another host's, or a dead one. */
export const STALE_AFTER_MS = 3 * SWEEP_EVERY_MS;

/** What a sweep removed: entries directly under the root or in the area, and the files and bytes in them. */
export interface Swept {
  entries: number;
  files: number;
  bytes: number;
}

/** The machine a sweep runs on: a record's pid is looked up only when it was written on the same. */
export interface Here {
  host: string;
  pidNamespace: string | null;
  lives(pid: number, dir: string): boolean;
}

async function thisMachine(): Promise<Here> {
  return {
    host: hostname(),
    pidNamespace: await pidNamespace(),
    lives: (pid, dir) => (pid === process.pid ? isOpenHere(dir) : processLives(pid)),
  };
}

/** Whether another area's owner is gone: its record untouched for too long, or its process dead here. */
export function ownerGone(
  owner: OwnerRecord | null,
  touchedAt: number,
  dir: string,
  here: Here,
  now: number,
): boolean {
  if (now - touchedAt > STALE_AFTER_MS) return true;
  if (!owner || owner.host !== here.host || owner.pidNamespace !== here.pidNamespace) return false;
  return !here.lives(owner.pid, dir);
}

/** The owner of an area folder and when it last said it lives; a record being written is read as none. */
async function ownerOf(dir: string): Promise<{ owner: OwnerRecord | null; touchedAt: number }> {
  const record = path.join(dir, OWNER_FILE);
  const info = await stat(record).catch(() => null);
  if (!info) return { owner: null, touchedAt: (await stat(dir)).mtimeMs };
  const owner = await readFile(record, 'utf8')
    .then((text) => JSON.parse(text) as OwnerRecord)
    .catch(() => null);
  return { owner, touchedAt: info.mtimeMs };
}

/** Whether an entry directly under the root is a live area; any other entry is left from before. */
async function isLiveArea(entry: string, here: Here, now: number): Promise<boolean> {
  if (!AREA_FOLDER.test(path.basename(entry))) return false;
  const { owner, touchedAt } = await ownerOf(entry);
  return !ownerGone(owner, touchedAt, entry, here, now);
}

/** Counts the files and bytes of an entry, then removes it. */
async function remove(entry: string, swept: Swept): Promise<void> {
  const info = await lstat(entry).catch(() => null);
  if (!info) return;
  const names = info.isDirectory() ? await readdir(entry, { recursive: true }) : [''];
  for (const name of names) {
    const file = await lstat(path.join(entry, name)).catch(() => null);
    if (!file?.isFile()) continue;
    swept.files += 1;
    swept.bytes += file.size;
  }
  await rm(entry, { recursive: true, force: true });
  swept.entries += 1;
}

async function entriesOf(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/**
 * Removes under the area's root what no live owner has: the areas of dead or silent owners, entries that
 * are not areas (left by versions before areas), and entries of the area itself it never handed out or
 * that outlived their release (a leak). What is handed out and not released is never touched.
 */
export async function sweepWorkFiles(area: WorkArea, now = Date.now()): Promise<Swept> {
  const here = await thisMachine();
  const swept: Swept = { entries: 0, files: 0, bytes: 0 };
  for (const name of await entriesOf(area.root)) {
    const entry = path.join(area.root, name);
    if (entry === area.dir) {
      for (const own of await entriesOf(area.dir))
        if (!area.owns(own)) await remove(path.join(area.dir, own), swept);
    } else if (!(await isLiveArea(entry, here, now).catch(() => true))) await remove(entry, swept);
  }
  return swept;
}
