import { createWriteStream } from 'node:fs';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { TaskFailure } from '../task-failure.ts';
import { close, put } from './writer.ts';

/** Sizes and offsets of a zip without its 64-bit extension: far above an export's largest file. */
const ZIP32_MAX = 0xffff_ffff;
const TOO_LARGE =
  'The file would be larger than 4 GB, more than a spreadsheet file holds. Narrow the filters, or export as CSV.';
const DEFLATE = 8;
/** UTF-8 names; sizes in a descriptor after the data (bit 3), for the entry written as it comes. */
const UTF8 = 0x0800;
const DESCRIPTOR = 0x0008;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time, as zip headers keep them. */
function dosDateTime(date: Date): [time: number, day: number] {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return [time, day];
}

/** A streamed entry: text goes in, deflated, while the file is written; sizes are counted on the way. */
export interface ZipEntryWriter {
  write(chunk: string): Promise<void>;
  end(): Promise<void>;
}

/**
 * A zip file written front to back (APPNOTE 6.3): whole small entries, and entries streamed through
 * zlib with their sizes in a trailing descriptor. Memory holds one chunk, whatever the entry's size.
 */
export class ZipWriter {
  private readonly file;
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosDateTime(new Date());

  constructor(path: string) {
    this.file = createWriteStream(path);
  }

  private async out(chunk: Buffer) {
    this.offset += chunk.length;
    if (this.offset > ZIP32_MAX) throw new TaskFailure(TOO_LARGE);
    await put(this.file, chunk);
  }

  /**
   * The fields a local header and its central directory record share, in the same order: version needed,
   * flags, method, time, date, checksum, sizes and the name's length, written from `at`.
   */
  private header(signature: number, size: number, at: number, entry: Entry): Buffer {
    const header = Buffer.alloc(size);
    header.writeUInt32LE(signature, 0);
    header.writeUInt16LE(20, at);
    header.writeUInt16LE(entry.flags, at + 2);
    header.writeUInt16LE(DEFLATE, at + 4);
    header.writeUInt16LE(this.stamp[0], at + 6);
    header.writeUInt16LE(this.stamp[1], at + 8);
    header.writeUInt32LE(entry.crc, at + 10);
    header.writeUInt32LE(entry.compressed, at + 14);
    header.writeUInt32LE(entry.size, at + 18);
    header.writeUInt16LE(entry.name.length, at + 22);
    return header;
  }

  private localHeader(entry: Entry): Buffer {
    return Buffer.concat([this.header(0x04034b50, 30, 4, entry), entry.name]);
  }

  /** A small entry, deflated at once. */
  async add(name: string, content: string | Buffer): Promise<void> {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const deflated = deflateRawSync(data);
    const entry: Entry = {
      name: Buffer.from(name),
      flags: UTF8,
      crc: crc32(data),
      compressed: deflated.length,
      size: data.length,
      offset: this.offset,
    };
    this.entries.push(entry);
    await this.out(this.localHeader(entry));
    await this.out(deflated);
  }

  /** An entry streamed: nothing else may be added until it has ended. */
  async open(name: string): Promise<ZipEntryWriter> {
    const entry: Entry = {
      name: Buffer.from(name),
      flags: UTF8 | DESCRIPTOR,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    this.entries.push(entry);
    await this.out(this.localHeader(entry));
    // Level 1: a spreadsheet's markup repeats itself, and the fastest level already shrinks it tenfold.
    const deflate = createDeflateRaw({ level: 1 });
    const drained = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.out(chunk);
      }
    })();
    drained.catch(() => undefined);
    return {
      write: async (chunk) => {
        const data = Buffer.from(chunk);
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > ZIP32_MAX) throw new TaskFailure(TOO_LARGE);
        await Promise.race([put(deflate, data), drained]);
      },
      end: async () => {
        deflate.end();
        await drained;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.out(descriptor);
      },
    };
  }

  /** The central directory, then the file closed. */
  async end(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = this.header(0x02014b50, 46, 6, entry);
      // Version made by, then the local header's place.
      header.writeUInt16LE(20, 4);
      header.writeUInt32LE(entry.offset, 42);
      await this.out(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.out(end);
    await close(this.file);
  }

  /** Stops writing after a failure: the file is left to its folder's clean-up. */
  destroy(): void {
    this.file.destroy();
  }
}
