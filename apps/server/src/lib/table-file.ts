import { availableParallelism } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { FieldRule } from '@fleet/contract';
import { badRequest, HttpError, multipartFailure } from './errors.ts';
import { TABLE_ARCHIVE_LIMITS, type RecordLimits, type TableRecords } from './table-records.ts';
import { PoolBusy, WorkerPool, WorkerStopped } from './worker-pool.ts';

/** A file refused as a whole: the rule it breaks, for the console to say in the user's language. */
export const fileProblem = (message: string, rule?: FieldRule) =>
  badRequest(`Invalid body.file: ${message}`, [{ field: 'body.file', message, ...(rule ? { rule } : {}) }]);

/** The text fields and the file part (named `file`) of a multipart upload, the file whole in memory. */
export async function receiveTableFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw badRequest('body: must be multipart/form-data with a file part', [
      { field: 'body', message: 'must be multipart/form-data', rule: { kind: 'format' } },
    ]);
  // Refused before the file is received: the server spends nothing on a file it would not read.
  if (readers.full) throw readersBusy();
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  const megabytes = maxBytes / 1024 / 1024;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const content = await part.toBuffer();
      if (part.fieldname !== 'file')
        throw fileProblem(`the file part must be named file, not ${part.fieldname}`);
      if (part.file.truncated)
        throw fileProblem(`is larger than ${megabytes} MB`, { kind: 'file_too_large', limit: megabytes });
      file = content;
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  if (!file) throw fileProblem('is required', { kind: 'required' });
  if (file.length === 0) throw fileProblem('is empty', { kind: 'file_empty' });
  return { file, fields };
}

/** Files read at once, files waiting; a file takes at most a minute and a bounded heap to read. */
const readers = new WorkerPool<{ file: Uint8Array; limits: RecordLimits }, WorkerAnswer>({
  entry: 'table-records-worker',
  size: Math.max(1, Math.min(2, availableParallelism())),
  queue: 8,
  timeoutMs: 60_000,
  heapMb: 384,
  idleMs: 60_000,
});

type WorkerAnswer = { records: TableRecords } | { problem: string } | { failure: string };

/** The columns of a record a file may have: more than any table import names. */
const MAX_COLUMNS = 256;

const readersBusy = () =>
  new HttpError(
    429,
    'Too many files are being read at the moment: send this one again in a few seconds',
    undefined,
    {
      'retry-after': '5',
    },
  );

/** Ends the file readers (the server stops). */
export const closeTableFileReaders = () => readers.close();

/** The records of a file, read on a worker thread within the bounds of TABLE_ARCHIVE_LIMITS. */
async function readRecords(file: Buffer, maxRows: number, cellMax: number): Promise<TableRecords> {
  const copy = new Uint8Array(file);
  const limits: RecordLimits = { maxRows, cellMax, maxColumns: MAX_COLUMNS, archive: TABLE_ARCHIVE_LIMITS };
  let answer: WorkerAnswer;
  try {
    answer = await readers.run({ file: copy, limits }, [copy.buffer]);
  } catch (error) {
    if (error instanceof PoolBusy) throw readersBusy();
    if (error instanceof WorkerStopped && error.reason === 'memory')
      throw fileProblem(
        'needs more memory to read than a file may use: it is too large or too complex once unpacked',
        { kind: 'unreadable' },
      );
    if (error instanceof WorkerStopped && error.reason === 'time')
      throw fileProblem('takes more than a minute to read: it is too large or too complex once unpacked', {
        kind: 'unreadable',
      });
    throw error;
  }
  if ('problem' in answer) throw fileProblem(answer.problem, { kind: 'unreadable' });
  if ('failure' in answer) throw new Error(`reading a table file failed: ${answer.failure}`);
  return answer.records;
}

/**
 * Reads a CSV or XLSX file (told apart by content) into rows of named cells, as the parser gives them:
 * the header row names the columns through `columnOf` (an unknown header is a problem of the file, a blank
 * one is skipped), blank rows are skipped, and more than `maxRows` rows are refused.
 */
export async function readTableFile<C extends string>(
  file: Buffer,
  options: {
    columnOf: (header: string) => C | undefined;
    required: readonly C[];
    maxRows: number;
    /** What the rows are, and what the file is, in messages: 'stores', 'a stores file'. */
    what: string;
    file: string;
    cellMax: number;
  },
): Promise<{ columns: C[]; rows: { line: number; values: Partial<Record<C, string>> }[] }> {
  const records = await readRecords(file, options.maxRows, options.cellMax);
  if (!records.header)
    throw fileProblem('is empty: its first row must name the columns', { kind: 'file_empty' });
  const columns = headerColumns(records.header, options);
  if (records.more)
    throw fileProblem(`holds more than ${options.maxRows} ${options.what}: split it`, {
      kind: 'too_many_rows',
      limit: options.maxRows,
    });
  const rows = records.rows.map(({ line, cells }) => {
    const values: Partial<Record<C, string>> = {};
    columns.forEach((column, index) => {
      if (column) values[column] = cells[index] ?? '';
    });
    return { line, values };
  });
  if (rows.length === 0)
    throw fileProblem(`holds no ${options.what} under its header row`, { kind: 'no_rows' });
  return { columns: columns.filter((column) => column !== null), rows };
}

function headerColumns<C extends string>(
  cells: string[],
  options: { columnOf: (header: string) => C | undefined; required: readonly C[]; file: string },
): (C | null)[] {
  const columns = cells.map((header, index) => {
    if (header.trim() === '') return null;
    const column = options.columnOf(header);
    if (!column) {
      const named = header.trim().slice(0, 100);
      throw fileProblem(`column ${index + 1} (${named}) is not a column of ${options.file}`, {
        kind: 'unknown_column',
        name: named,
      });
    }
    return column;
  });
  const twice = columns.find((column, index) => column && columns.indexOf(column) !== index);
  if (twice) throw fileProblem(`the column ${twice} appears twice`, { kind: 'column_twice', name: twice });
  for (const required of options.required)
    if (!columns.includes(required))
      throw fileProblem(`has no ${required} column`, { kind: 'column_missing', name: required });
  return columns;
}
