import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER_FILE, WorkArea, pidNamespace, type OwnerRecord } from './work-files.ts';
import { STALE_AFTER_MS, sweepWorkFiles } from './work-sweep.ts';

let root: string;
let area: WorkArea;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'fleet-work-'));
  area = await WorkArea.open(root);
});
afterEach(async () => {
  await area.close();
  await rm(root, { recursive: true, force: true });
});

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The pid of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** Another process's area: its record (as `owner` says, written `ageMs` ago) and a file of `bytes`. */
async function otherArea(name: string, owner: Partial<OwnerRecord> | null, bytes: number, ageMs = 0) {
  const dir = path.join(root, name);
  await mkdir(dir);
  await writeFile(path.join(dir, 'upload-0123'), Buffer.alloc(bytes));
  const record = path.join(dir, OWNER_FILE);
  const at = new Date(Date.now() - ageMs);
  if (owner) {
    const full = { host: hostname(), pidNamespace: await pidNamespace(), startedAt: '', pid: 0, ...owner };
    await writeFile(record, JSON.stringify(full));
    await utimes(record, at, at);
  } else await utimes(dir, at, at);
  return dir;
}

describe('the sweep of work files', () => {
  it('removes the area of a dead process of this machine, with its files and bytes', async () => {
    const dir = await otherArea('12345-0000000a', { pid: deadPid() }, 1000);
    const { size: record } = await stat(path.join(dir, OWNER_FILE));
    expect(await sweepWorkFiles(area)).toEqual({ entries: 1, files: 2, bytes: 1000 + record });
    expect(await exists(dir)).toBe(false);
  });

  it('removes an area with our own pid that is not open here (a restart that got the same pid)', async () => {
    const dir = await otherArea(`${process.pid}-0000000b`, { pid: process.pid }, 10);
    expect((await sweepWorkFiles(area)).entries).toBe(1);
    expect(await exists(dir)).toBe(false);
  });

  it('keeps the areas of live owners: a live pid here, another host that touched its record lately', async () => {
    const here = await otherArea('1-0000000c', { pid: process.ppid }, 10);
    const elsewhere = await otherArea('1-0000000d', { pid: deadPid(), host: 'another-host' }, 10, 60_000);
    const otherNamespace = await otherArea('1-0000000e', { pid: deadPid(), pidNamespace: 'pid:[1]' }, 10);
    const beingOpened = await otherArea('1-0000000f', null, 10);
    const sibling = await WorkArea.open(root);
    try {
      expect(await sweepWorkFiles(area)).toEqual({ entries: 0, files: 0, bytes: 0 });
      for (const dir of [here, elsewhere, otherNamespace, beingOpened, sibling.dir])
        expect(await exists(dir)).toBe(true);
    } finally {
      await sibling.close();
    }
  });

  it('removes an area whose owner has not touched its record for too long, even one alive here', async () => {
    const stale = STALE_AFTER_MS + 60_000;
    const elsewhere = await otherArea('1-00000010', { pid: 1, host: 'another-host' }, 10, stale);
    const here = await otherArea('1-00000011', { pid: process.ppid }, 10, stale);
    const neverRecorded = await otherArea('1-00000012', null, 10, stale);
    expect((await sweepWorkFiles(area)).entries).toBe(3);
    for (const dir of [elsewhere, here, neverRecorded]) expect(await exists(dir)).toBe(false);
  });

  it('removes loose entries left directly under the root by older versions', async () => {
    await writeFile(path.join(root, 'upload-f239af162082f656'), Buffer.alloc(300));
    await mkdir(path.join(root, 'task-7RGVC8'));
    await writeFile(path.join(root, 'task-7RGVC8', 'Everything.csv'), Buffer.alloc(40));
    expect(await sweepWorkFiles(area)).toEqual({ entries: 2, files: 2, bytes: 340 });
    expect(await readdir(root)).toEqual([path.basename(area.dir)]);
  });

  it('keeps what its own area handed out and removes what it did not, or what outlived its release', async () => {
    const upload = area.file('upload-');
    await writeFile(upload.path, Buffer.alloc(50));
    const task = await area.folder('task-');
    await writeFile(path.join(task.path, 'Everything.csv'), Buffer.alloc(20));
    const released = area.file('upload-');
    await released.release();
    await writeFile(released.path, Buffer.alloc(7));
    await writeFile(path.join(area.dir, 'stray'), Buffer.alloc(3));
    expect(await sweepWorkFiles(area)).toEqual({ entries: 2, files: 2, bytes: 10 });
    expect((await readdir(area.dir)).sort()).toEqual(
      [OWNER_FILE, path.basename(upload.path), path.basename(task.path)].sort(),
    );
    await upload.release();
    await task.release();
    expect(await readdir(area.dir)).toEqual([OWNER_FILE]);
  });

  it('writes its record again when touched after something removed it', async () => {
    await rm(area.dir, { recursive: true });
    await area.touch();
    expect(await exists(path.join(area.dir, OWNER_FILE))).toBe(true);
  });
});
