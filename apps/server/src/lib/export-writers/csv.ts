import { createWriteStream } from 'node:fs';
import type { Cell } from './writer.ts';
import { close, put, text, type RowWriter, type WriterOptions } from './writer.ts';

/**
 * A text a spreadsheet app would run as a formula (= + - @, tab, return at its start) is written with a
 * leading apostrophe: job data comes from devices and users, and must stay data (OWASP CSV injection).
 */
const FORMULA = /^[=+\-@\t\r]/;
/** RFC 4180: a field holding a quote, a comma or a line break is quoted, its quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;

/** Either of the above: most fields have neither, and are then tested once. */
const SPECIAL = new RegExp(`${FORMULA.source}|${NEEDS_QUOTES.source}`);

function field(value: string): string {
  if (!SPECIAL.test(value)) return value;
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * RFC 4180 (quoted where needed, CRLF), UTF-8 with a byte order mark so spreadsheet apps read accents
 * right. Written by hand rather than by csv-stringify: the rules are these few lines, and a batch of
 * rows goes to the file as one text, which is what makes a million rows take seconds.
 */
export async function csvWriter(options: WriterOptions): Promise<RowWriter> {
  const file = createWriteStream(options.file);
  await put(file, `\uFEFF${options.headers.map(field).join(',')}\r\n`);
  const cell = (value: Cell) =>
    typeof value === 'number' ? String(value) : value === null ? '' : field(text(value, options));
  return {
    async write(rows) {
      let chunk = '';
      for (const row of rows) {
        let line = cell(row[0] ?? null);
        for (let index = 1; index < row.length; index++) line += `,${cell(row[index]!)}`;
        chunk += `${line}\r\n`;
      }
      await put(file, chunk);
    },
    async end() {
      await close(file);
    },
  };
}
