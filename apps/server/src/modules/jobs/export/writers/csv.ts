import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Cell } from '../columns.ts';
import { put, text, type RowWriter, type WriterOptions } from './writer.ts';

/**
 * A text a spreadsheet app would run as a formula (= + - @, tab, return at its start) is written with a
 * leading apostrophe: job data comes from devices and users, and must stay data (OWASP CSV injection).
 */
function defused(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 (quotes doubled, CRLF), UTF-8 with a byte order mark so spreadsheet apps read accents right. */
export async function csvWriter(options: WriterOptions): Promise<RowWriter> {
  const file = createWriteStream(options.file);
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  csv.pipe(file);
  await put(csv, options.headers);
  const cell = (value: Cell) => (typeof value === 'number' ? String(value) : defused(text(value, options)));
  return {
    async write(rows) {
      for (const row of rows) await put(csv, row.map(cell));
    },
    async end() {
      csv.end();
      await finished(file);
    },
  };
}
