import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ExportPdfOptions } from '@fleet/contract';

/** A value of an exported file's cell. */
export type Cell = string | number | Date | null;

/** What every file writer is given. */
export interface WriterOptions {
  file: string;
  headers: string[];
  /** A date in the user's language and time zone. */
  formatDate: (value: Date) => string;
  /** The user's time zone offset at an instant, in minutes (spreadsheet dates have no zone). */
  zoneOffsetMinutes: (value: Date) => number;
  /** The export's description, the title of a page or a sheet. */
  title: string;
  /** A line under the title: what was exported, when, by whom. */
  subtitle: string;
  /** BCP 47 language of the document. */
  language: string;
  pdf: ExportPdfOptions | null;
}

/** Writes rows to a file as they come, holding none of them once written. */
export interface RowWriter {
  write(rows: Cell[][]): Promise<void>;
  end(): Promise<void>;
}

/** Writes to a stream, waiting when it asks to (backpressure): memory stays flat. */
export async function put(stream: Writable, chunk: unknown): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

export async function close(stream: Writable): Promise<void> {
  stream.end();
  await finished(stream);
}

/** A cell as text: dates in the user's format, nothing as an empty text. */
export function text(cell: Cell, options: Pick<WriterOptions, 'formatDate'>): string {
  if (cell === null) return '';
  if (cell instanceof Date) return options.formatDate(cell);
  return String(cell);
}
