import { describe, expect, it } from 'vitest';
import { zipOf } from '../../test/zip-bombs.ts';
import { ArchiveRefused, inflateZip, isUnsafeEntryName, type ArchiveLimits } from './zip-inflate.ts';

const LIMITS: ArchiveLimits = {
  totalBytes: 4 * 1024 * 1024,
  entryBytes: 3 * 1024 * 1024,
  entries: 5,
  ratio: 100,
  ratioFromBytes: 64 * 1024,
};

const refusal = (zip: Buffer, limits = LIMITS) => {
  try {
    inflateZip(zip, limits);
  } catch (error) {
    if (error instanceof ArchiveRefused) return error.message;
    throw error;
  }
  return null;
};

describe('unpacking a zip archive within bounds', () => {
  it('unpacks stored and deflated entries as they were', async () => {
    const zip = await zipOf([
      { name: 'a.txt', parts: ['hello'], method: 0 },
      { name: 'dir/b.xml', parts: ['<x>', { repeat: 'ab', times: 1000 }, '</x>'] },
    ]);
    const entries = inflateZip(zip, LIMITS);
    expect(entries.map((entry) => [entry.name, entry.data.length])).toEqual([
      ['a.txt', 5],
      ['dir/b.xml', 2007],
    ]);
    expect(entries[1]!.data.toString().startsWith('<x>abab')).toBe(true);
  });

  it('stops a bomb at the bound, counted while inflating, whatever its headers say', async () => {
    // 5 GB of one letter: the header states 0xFFFFFFFF, the deflated data is a few megabytes.
    const bomb = await zipOf([
      { name: 'xl/sharedStrings.xml', parts: [{ repeat: 'a', times: 5 * 2 ** 30 }] },
    ]);
    expect(bomb.length).toBeLessThan(6 * 1024 * 1024);
    expect(refusal(bomb)).toMatch(/holds a file that unpacks to more than 3 MB/);
    // A small one passes no size bound: its ratio gives it away.
    const small = await zipOf([{ name: 'a.xml', parts: [{ repeat: 'a', times: 2 * 2 ** 20 }] }]);
    expect(refusal(small)).toMatch(/packed more than 100 times over: a decompression bomb/);
    expect(refusal(small, { ...LIMITS, ratio: 1e9 })).toBeNull();
  });

  it('counts every entry towards the total, and the entries themselves', async () => {
    const part = { repeat: '0123456789abcdef', times: 128 * 1024 };
    const twoMegabytes = (name: string) => ({ name, parts: [part] });
    const loose = { ...LIMITS, ratio: 1e9 };
    expect(refusal(await zipOf([twoMegabytes('a'), twoMegabytes('b'), twoMegabytes('c')]), loose)).toMatch(
      /unpacks to more than 4 MB/,
    );
    const many = await zipOf(Array.from({ length: 6 }, (_, index) => ({ name: `f${index}`, parts: ['x'] })));
    expect(refusal(many)).toBe('holds more than 5 files');
  });

  it('refuses names outside the archive, damaged data and checksums, and unknown compressions', async () => {
    expect(refusal(await zipOf([{ name: '../evil.sh', parts: ['x'] }]))).toMatch(/named outside the archive/);
    expect(refusal(await zipOf([{ name: '/etc/passwd', parts: ['x'] }]))).toMatch(/named outside/);
    expect(refusal(Buffer.from('not a zip at all, just text'))).toMatch(/not a zip archive/);

    const good = await zipOf([{ name: 'a.txt', parts: ['hello hello hello'], method: 0 }]);
    const flipped = Buffer.from(good);
    flipped[30 + 5] = flipped[30 + 5]! ^ 0xff;
    expect(refusal(flipped)).toMatch(/fails its checksum/);
    const otherMethod = Buffer.from(good);
    otherMethod.writeUInt16LE(12, otherMethod.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    expect(refusal(otherMethod)).toMatch(/compression this server does not read \(method 12\)/);
    const cut = good.subarray(0, good.length - 30);
    expect(refusal(cut)).toMatch(/not a zip archive|damaged/);
  });

  it('tells unsafe names apart', () => {
    for (const name of ['../a', 'a/../../b', '/abs', 'C:\\x', 'a\\..\\b', 'a\0b'])
      expect(isUnsafeEntryName(name), name).toBe(true);
    for (const name of ['a', 'xl/worksheets/sheet1.xml', '..a/b', 'a..b'])
      expect(isUnsafeEntryName(name), name).toBe(false);
  });
});
