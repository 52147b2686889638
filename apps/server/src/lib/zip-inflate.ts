import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Bounds on what an archive may unpack to. A zip's headers state sizes, but a hostile file lies: every
 * bound is counted while inflating, so a decompression bomb is stopped after the bound, not after the
 * machine's memory.
 */
export interface ArchiveLimits {
  /** All entries together, unpacked. */
  totalBytes: number;
  /** One entry, unpacked. */
  entryBytes: number;
  entries: number;
  /** Unpacked bytes per packed byte, looked at for entries larger than `ratioFromBytes`. */
  ratio: number;
  ratioFromBytes: number;
}

/** A bound was passed, or the archive is not one this reader opens: the message says which, for people. */
export class ArchiveRefused extends Error {
  override name = 'ArchiveRefused';
}

export interface InflatedEntry {
  name: string;
  data: Buffer;
}

const LOCAL_HEADER = 0x04034b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x0001;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A name that would land outside the folder it is unpacked into, or an absolute one. */
export function isUnsafeEntryName(name: string): boolean {
  const parts = name.replaceAll('\\', '/').split('/');
  return /^([a-zA-Z]:)?[\\/]/.test(name) || parts.includes('..') || name.includes('\0');
}

interface DirectoryRecord {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  localOffset: number;
}

function endOfDirectory(zip: Buffer): { count: number; offset: number } {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < from || end + 22 > zip.length || zip.readUInt32LE(end) !== END_OF_DIRECTORY)
    throw new ArchiveRefused('is not a zip archive (no central directory)');
  const count = zip.readUInt16LE(end + 10);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff)
    throw new ArchiveRefused('is a 64-bit zip archive, larger than a file here may be');
  return { count, offset };
}

function directoryRecords(zip: Buffer, limits: ArchiveLimits): DirectoryRecord[] {
  const { count, offset } = endOfDirectory(zip);
  if (count > limits.entries) throw new ArchiveRefused(`holds more than ${limits.entries} files`);
  const records: DirectoryRecord[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw new ArchiveRefused('is a damaged zip archive');
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (next > zip.length) throw new ArchiveRefused('is a damaged zip archive');
    records.push({
      name: zip.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      flags,
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at = next;
  }
  return records;
}

/** The packed bytes of an entry: where its local header says they start, as long as the directory says. */
function packedData(zip: Buffer, record: DirectoryRecord): Buffer {
  const at = record.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER)
    throw new ArchiveRefused('is a damaged zip archive');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + record.compressedSize;
  if (end > zip.length) throw new ArchiveRefused('is a damaged zip archive');
  return zip.subarray(start, end);
}

/** The entry unpacked, or null when it would unpack to more than `cap` bytes. */
function inflateEntry(record: DirectoryRecord, packed: Buffer, cap: number): Buffer | null {
  if (record.method === STORED) return packed.length > cap ? null : packed;
  try {
    return inflateRawSync(packed, { maxOutputLength: Math.max(1, cap) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw new ArchiveRefused(`is a damaged zip archive (${record.name.slice(0, 100)} cannot be unpacked)`);
  }
}

/** Why an entry may not unpack to more than `cap` bytes, for the message when it tries. */
function capOf(packed: Buffer, total: number, limits: ArchiveLimits) {
  const left = limits.totalBytes - total;
  const byRatio = Math.max(limits.ratioFromBytes, packed.length * limits.ratio);
  const cap = Math.min(left, limits.entryBytes, byRatio);
  const reason =
    cap === byRatio
      ? `is packed more than ${limits.ratio} times over: a decompression bomb`
      : cap === left
        ? `unpacks to more than ${megabytes(limits.totalBytes)}`
        : `holds a file that unpacks to more than ${megabytes(limits.entryBytes)}`;
  return { cap, reason };
}

/**
 * Every entry of a zip archive held in memory, unpacked within `limits`; refused (ArchiveRefused) at the
 * first bound passed, at a name that points outside the archive, or at an entry it cannot check.
 */
export function inflateZip(zip: Buffer, limits: ArchiveLimits): InflatedEntry[] {
  const entries: InflatedEntry[] = [];
  let total = 0;
  for (const record of directoryRecords(zip, limits)) {
    if (isUnsafeEntryName(record.name))
      throw new ArchiveRefused(`holds a file named outside the archive (${record.name.slice(0, 100)})`);
    if (record.flags & ENCRYPTED) throw new ArchiveRefused('is encrypted');
    if (record.method !== STORED && record.method !== DEFLATED)
      throw new ArchiveRefused(`uses a compression this server does not read (method ${record.method})`);
    const packed = packedData(zip, record);
    const { cap, reason } = capOf(packed, total, limits);
    const data = inflateEntry(record, packed, cap);
    if (!data) throw new ArchiveRefused(`${reason} (${record.name.slice(0, 100)})`);
    if (crc32(data) >>> 0 !== record.crc >>> 0)
      throw new ArchiveRefused(`is a damaged zip archive (${record.name.slice(0, 100)} fails its checksum)`);
    total += data.length;
    entries.push({ name: record.name, data });
  }
  return entries;
}
