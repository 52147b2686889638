import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { processLives } from './process-lives.ts';

/**
 * `DATA_DIR/server.lock`: the pid of the one process that has the embedded database open. Two
 * processes on one PGlite directory corrupt it, so the server, the move-up and the embedded backup and
 * restore take it first.
 */
export const LOCK_FILE = 'server.lock';

export class DataDirLocked extends Error {
  override name = 'DataDirLocked';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Fleet Console process (pid ${pid}) is using the data directory ${dataDir} (its lock: ${path.join(dataDir, LOCK_FILE)}). ` +
        'Two processes on one embedded database corrupt it: stop that one first, or give this one another DATA_DIR.',
    );
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Locks this process holds: our pid in a lock file is otherwise taken for a stale one. */
const heldHere = new Set<string>();

/** Our own pid in a lock is a stale one: a container restarted with the same pid (often 1). */
function lives(pid: number): boolean {
  return pid !== process.pid && processLives(pid);
}

async function pidIn(file: string): Promise<number | null> {
  try {
    return Number.parseInt(await readFile(file, 'utf8'), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The pid of the live process holding the data directory's lock, or null when none does. */
export async function lockHolder(dataDir: string): Promise<number | null> {
  const pid = await pidIn(path.join(dataDir, LOCK_FILE));
  return pid !== null && lives(pid) ? pid : null;
}

/** Written beside, then linked into place: the lock appears whole, and only if there was none. */
async function create(file: string): Promise<boolean> {
  const aside = `${file}.${process.pid}`;
  await writeFile(aside, `${process.pid}\n`);
  try {
    await link(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(aside, { force: true });
  }
}

/**
 * Takes the data directory's lock, taking over a stale one (its process is gone); a live one throws
 * DataDirLocked.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE);
  if (heldHere.has(file)) throw new DataDirLocked(dataDir, process.pid);
  await mkdir(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await create(file)) {
      heldHere.add(file);
      return { release: () => releaseIfOurs(file) };
    }
    const pid = await pidIn(file);
    if (pid !== null && lives(pid)) throw new DataDirLocked(dataDir, pid);
    // Moved aside before removal: of two processes taking over one stale lock, one moves it.
    const stale = `${file}.stale-${process.pid}`;
    await rename(file, stale).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    const moved = await pidIn(stale);
    if (moved !== null && lives(moved)) {
      // Another process took the lock between our read and our move: it is put back, and is theirs.
      await link(stale, file).catch(() => undefined);
      await rm(stale, { force: true });
      throw new DataDirLocked(dataDir, moved);
    }
    await rm(stale, { force: true });
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing`);
}

async function releaseIfOurs(file: string): Promise<void> {
  heldHere.delete(file);
  if ((await pidIn(file)) === process.pid) await rm(file, { force: true });
}
