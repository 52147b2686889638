import { randomBytes } from 'node:crypto';
import { mkdir, readlink, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * Work files: what a server writes on its way elsewhere (an upload before it is stored, an export being
 * written, a media file before it takes its key). Each is handed out by a work area, a folder of one
 * server's own with an owner record, so that a sweep (`work-sweep.ts`) can tell what nothing live owns
 * any more and remove it, after a kill -9 for instance (docs/operations.md, "Work files").
 */

/** Who owns an area: written when it opens; its modification time is touched while the owner lives. */
export interface OwnerRecord {
  pid: number;
  host: string;
  /** `/proc/self/ns/pid`: a pid means the same process only within one pid namespace. */
  pidNamespace: string | null;
  startedAt: string;
}

export const OWNER_FILE = 'owner.json';
/**
 * The root of the work areas of media on disk, `DATA_DIR/media/.tmp`: on the media's own file system, so
 * that a file written whole there is renamed to its key. No media key starts with a dot.
 */
export const MEDIA_WORK_DIR = '.tmp';
/** An area's folder name, `<pid>-<random>`: anything else directly under a root is not an area. */
export const AREA_FOLDER = /^\d+-[0-9a-f]{8}$/;

/** A work file or folder, its area's until released. */
export interface WorkFile {
  readonly path: string;
  /** Removes it, whatever it has become meanwhile (nothing, a file, a folder), and gives it up. */
  release(): Promise<void>;
}

/** The areas open in this process: a record with our own pid is live only for these. */
const openHere = new Set<string>();

export const isOpenHere = (dir: string) => openHere.has(dir);

let namespace: Promise<string | null> | undefined;

export function pidNamespace(): Promise<string | null> {
  namespace ??= readlink('/proc/self/ns/pid').catch(() => null);
  return namespace;
}

export class WorkArea {
  readonly #owned = new Set<string>();

  private constructor(
    /** Where the areas of every process using it live (`DATA_DIR/tmp`). */
    readonly root: string,
    /** This area's own folder under the root. */
    readonly dir: string,
    private readonly record: OwnerRecord,
  ) {}

  /** A new area of this process under `root`: its folder and owner record. */
  static async open(root: string): Promise<WorkArea> {
    const record: OwnerRecord = {
      pid: process.pid,
      host: hostname(),
      pidNamespace: await pidNamespace(),
      startedAt: new Date().toISOString(),
    };
    const area = new WorkArea(
      root,
      path.join(root, `${process.pid}-${randomBytes(4).toString('hex')}`),
      record,
    );
    await area.#writeRecord();
    openHere.add(area.dir);
    return area;
  }

  /** A path for a new file of the area, not created yet. */
  file(prefix: string): WorkFile {
    return this.#own(`${prefix}${randomBytes(8).toString('hex')}`);
  }

  /** A new folder of the area, created. */
  async folder(prefix: string): Promise<WorkFile> {
    const work = this.#own(`${prefix}${randomBytes(6).toString('hex')}`);
    await mkdir(work.path).catch(async (error: unknown) => {
      await work.release();
      throw error;
    });
    return work;
  }

  /** Whether an entry of the area's folder is handed out and not released. */
  owns(name: string): boolean {
    return name === OWNER_FILE || this.#owned.has(name);
  }

  /** Says the owner lives; writes the record again if it was removed (taken for another host's, stale). */
  async touch(): Promise<void> {
    const now = new Date();
    await utimes(path.join(this.dir, OWNER_FILE), now, now).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await this.#writeRecord();
    });
  }

  /**
   * Removes the area's folder with whatever is left in it. A write still finishing as the server stops
   * (the demo's media, say) can add a file while the folder is emptied: the removal is then tried again.
   */
  async close(): Promise<void> {
    openHere.delete(this.dir);
    await rm(this.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  #own(name: string): WorkFile {
    this.#owned.add(name);
    const file = path.join(this.dir, name);
    return {
      path: file,
      release: async () => {
        await rm(file, { recursive: true, force: true });
        this.#owned.delete(name);
      },
    };
  }

  async #writeRecord(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(path.join(this.dir, OWNER_FILE), `${JSON.stringify(this.record)}\n`);
  }
}
