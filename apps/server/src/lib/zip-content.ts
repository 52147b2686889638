import { open } from 'node:fs/promises';
import { isUnsafeEntryName } from './zip-inflate.ts';

/** An entry of a zip archive's central directory. */
export interface ZipEntry {
  name: string;
  size: number;
  compressedSize: number;
  modifiedAt: string | null;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record (22 bytes) follows the directory, with a comment of up to 65,535 bytes. */
const TAIL_BYTES = 22 + 0xffff;
/** A directory larger than this is not read whole: the listing is cut. */
const MAX_DIRECTORY_BYTES = 8 * 1024 * 1024;

/** An MS-DOS date and time (local, two-second steps) as an ISO date without zone, or null if unset. */
function dosDate(date: number, time: number): string | null {
  const year = 1980 + (date >> 9);
  const month = (date >> 5) & 0x0f;
  const day = date & 0x1f;
  if (month < 1 || month > 12 || day < 1) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}T${pad(time >> 11)}:${pad((time >> 5) & 0x3f)}:${pad((time & 0x1f) * 2)}`;
}

/** The sizes a zip64 extra field holds for fields set to 0xFFFFFFFF. */
function zip64Sizes(extra: Buffer, size: number, compressed: number): [number, number] {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      if (size === 0xffffffff && field + 8 <= extra.length) {
        size = Number(extra.readBigUInt64LE(field));
        field += 8;
      }
      if (compressed === 0xffffffff && field + 8 <= extra.length)
        compressed = Number(extra.readBigUInt64LE(field));
      break;
    }
    at += 4 + length;
  }
  return [size, compressed];
}

/**
 * The entries of a zip archive, read from its central directory without unpacking anything; null when
 * the file is not a zip archive. At most `limit` entries; `truncated` says there were more. `unsafeName`
 * is the first name of all that would land outside the folder it is unpacked into.
 */
export async function readZipContent(
  file: string,
  limit: number,
): Promise<{ entries: ZipEntry[]; truncated: boolean; unsafeName: string | null } | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size < 22) return null;
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    if (head.readUInt32LE(0) !== LOCAL_HEADER && head.readUInt32LE(0) !== END_OF_DIRECTORY) return null;
    const tailLength = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0 || end + 22 > tail.length) return null;
    let count = tail.readUInt16LE(end + 10);
    let directorySize = tail.readUInt32LE(end + 12);
    let directoryOffset = tail.readUInt32LE(end + 16);
    if (end >= 20 && tail.readUInt32LE(end - 20) === ZIP64_LOCATOR) {
      const record = Buffer.alloc(56);
      await handle.read(record, 0, 56, Number(tail.readBigUInt64LE(end - 20 + 8)));
      if (record.readUInt32LE(0) === ZIP64_END) {
        count = Number(record.readBigUInt64LE(32));
        directorySize = Number(record.readBigUInt64LE(40));
        directoryOffset = Number(record.readBigUInt64LE(48));
      }
    }
    if (directoryOffset + directorySize > size) return null;
    const directory = Buffer.alloc(Math.min(directorySize, MAX_DIRECTORY_BYTES));
    await handle.read(directory, 0, directory.length, directoryOffset);
    const entries: ZipEntry[] = [];
    let unsafeName: string | null = null;
    let at = 0;
    for (let index = 0; index < count && at + 46 <= directory.length; index++) {
      if (directory.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
      const flags = directory.readUInt16LE(at + 8);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const next = at + 46 + nameLength + extraLength + commentLength;
      if (next > directory.length) break;
      const name = directory.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
      if (unsafeName === null && isUnsafeEntryName(name)) unsafeName = name;
      if (entries.length === limit) {
        at = next;
        continue;
      }
      const [entrySize, compressedSize] = zip64Sizes(
        directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength),
        directory.readUInt32LE(at + 24),
        directory.readUInt32LE(at + 20),
      );
      entries.push({
        name,
        size: entrySize,
        compressedSize,
        modifiedAt: dosDate(directory.readUInt16LE(at + 14), directory.readUInt16LE(at + 12)),
      });
      at = next;
    }
    return { entries, truncated: count > entries.length, unsafeName };
  } finally {
    await handle.close();
  }
}
