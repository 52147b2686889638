import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLocked, LOCK_FILE, lockDataDir, lockHolder } from './data-dir-lock.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fleet-lock-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const lockFile = () => path.join(dataDir, LOCK_FILE);

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the data directory lock', () => {
  it('holds the pid while taken, and is gone once released', async () => {
    const lock = await lockDataDir(dataDir);
    expect((await readFile(lockFile(), 'utf8')).trim()).toBe(String(process.pid));
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLocked);
    await lock.release();
    expect(await readdir(dataDir)).toEqual([]);
    await (await lockDataDir(dataDir)).release();
  });

  it('refuses while another live process holds it, naming the process', async () => {
    await writeFile(lockFile(), `${process.ppid}\n`);
    expect(await lockHolder(dataDir)).toBe(process.ppid);
    const refused = await lockDataDir(dataDir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLocked);
    expect((refused as Error).message).toContain(`pid ${process.ppid}`);
    expect((refused as Error).message).toContain('corrupt');
    expect((await readFile(lockFile(), 'utf8')).trim()).toBe(String(process.ppid));
  });

  it('takes over a lock whose process is gone', async () => {
    await writeFile(lockFile(), `${await deadPid()}\n`);
    expect(await lockHolder(dataDir)).toBeNull();
    const lock = await lockDataDir(dataDir);
    expect((await readFile(lockFile(), 'utf8')).trim()).toBe(String(process.pid));
    await lock.release();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('takes over an empty or unreadable lock, and makes a missing data directory', async () => {
    await writeFile(lockFile(), '');
    await (await lockDataDir(dataDir)).release();
    const fresh = path.join(dataDir, 'not-yet');
    await (await lockDataDir(fresh)).release();
    expect(await readdir(fresh)).toEqual([]);
  });

  it('does not remove a lock another process took after ours was taken over', async () => {
    const lock = await lockDataDir(dataDir);
    await writeFile(lockFile(), `${process.ppid}\n`);
    await lock.release();
    expect((await readFile(lockFile(), 'utf8')).trim()).toBe(String(process.ppid));
  });
});
