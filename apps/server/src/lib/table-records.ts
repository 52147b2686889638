import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ArchiveRefused, inflateZip, type ArchiveLimits, type InflatedEntry } from './zip-inflate.ts';

/**
 * The records of a user's table file (CSV or XLSX), read within bounds. This runs on a worker thread
 * (`table-records-worker.ts`): what slips past the bounds costs that thread, not the server.
 */
export interface RecordLimits {
  /** Records kept under the first one (the header); one more non-blank record says there are more. */
  maxRows: number;
  /** Characters kept of a cell. */
  cellMax: number;
  /** Cells kept of a record. */
  maxColumns: number;
  archive: ArchiveLimits;
}

export interface TableRecord {
  line: number;
  cells: string[];
}

export interface TableRecords {
  /** The first record, or null for an empty file. */
  header: string[] | null;
  /** The non-blank records under it, at most `maxRows`. */
  rows: TableRecord[];
  /** More non-blank records followed. */
  more: boolean;
}

/** A problem of the file itself, said to its sender as it is. */
export class TableFileProblem extends Error {
  override name = 'TableFileProblem';
}

/** The bounds of every table file: far above a legitimate file of the largest allowed size (5 MB). */
export const TABLE_ARCHIVE_LIMITS: ArchiveLimits = {
  totalBytes: 64 * 1024 * 1024,
  entryBytes: 48 * 1024 * 1024,
  entries: 1000,
  ratio: 200,
  ratioFromBytes: 1024 * 1024,
};

/** An XLSX file is a zip archive: it starts with the zip signature. */
const isZip = (file: Buffer) => file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

/** A cell of a spreadsheet as its text: the shown result of a formula, a link's text, a date as YYYY-MM-DD. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
  if (cell.richText) return cell.richText.map((run) => run.text).join('');
  if (cell.text !== undefined) return cellText(cell.text);
  return cellText(cell.result);
}

/** Worksheets last: the reader then knows the workbook and its shared strings when it meets a sheet. */
const readingOrder = (entry: InflatedEntry) => (/^xl\/worksheets\//i.test(entry.name) ? 1 : 0);

/**
 * The parts of an unpacked workbook the reader needs (its XML), packed again without compression, the
 * worksheets last: the reader then sees exactly the bytes that were counted.
 */
function storedZip(entries: InflatedEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  const needed = entries
    .filter((entry) => /\.(xml|rels)$/i.test(entry.name))
    .sort((a, b) => readingOrder(a) - readingOrder(b));
  for (const { name, data } of needed) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, fileName, data);
    directory.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const size = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length / 2, 8);
  end.writeUInt16LE(directory.length / 2, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

/** The records of the first sheet, each with its row number. */
async function* xlsxRecords(file: Buffer, limits: RecordLimits): AsyncGenerator<TableRecord> {
  let entries: InflatedEntry[];
  try {
    entries = inflateZip(file, limits.archive);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw new TableFileProblem(error.message);
    throw error;
  }
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([storedZip(entries)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  // The unzipped parts are in the stored zip now: let them go while the sheet is read.
  // eslint-disable-next-line no-useless-assignment
  entries = [];
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      // Row values start at index 1 (the spreadsheet's column A).
      const values = (row.values as unknown[]).slice(1, limits.maxColumns + 1);
      yield {
        line: row.number,
        cells: Array.from(values, (value) => cellText(value).slice(0, limits.cellMax)),
      };
    }
    return;
  }
}

/** The records of a CSV file: comma or semicolon (whichever the header line uses), UTF-8 with or without BOM. */
async function* csvRecords(file: Buffer, limits: RecordLimits): AsyncGenerator<TableRecord> {
  const { parse } = await import('csv-parse');
  const firstLine = file.subarray(0, Math.min(file.length, 4096)).toString('utf8').split(/\r?\n/)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const parser = Readable.from([file]).pipe(
    parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: false }),
  );
  let line = 0;
  for await (const record of parser as AsyncIterable<string[]>)
    yield {
      line: ++line,
      cells: record.slice(0, limits.maxColumns).map((cell) => cell.slice(0, limits.cellMax)),
    };
}

/** Reads the header and at most `maxRows` non-blank records under it; blank records are skipped. */
export async function readTableRecords(file: Buffer, limits: RecordLimits): Promise<TableRecords> {
  const records = isZip(file) ? xlsxRecords(file, limits) : csvRecords(file, limits);
  const read: TableRecords = { header: null, rows: [], more: false };
  try {
    for await (const record of records) {
      if (!read.header) {
        read.header = record.cells;
        continue;
      }
      if (record.cells.every((cell) => cell.trim() === '')) continue;
      if (read.rows.length === limits.maxRows) {
        read.more = true;
        break;
      }
      read.rows.push(record);
    }
  } catch (error) {
    if (error instanceof TableFileProblem) throw error;
    throw new TableFileProblem(`cannot be read as CSV or XLSX (${(error as Error).message})`);
  }
  return read;
}
