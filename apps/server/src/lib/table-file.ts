import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { badRequest, multipartFailure } from './errors.ts';

export const fileProblem = (message: string) =>
  badRequest(`Invalid body.file: ${message}`, [{ field: 'body.file', message }]);

/** The text fields and the file part (named `file`) of a multipart upload, the file whole in memory. */
export async function receiveTableFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw badRequest('body: must be multipart/form-data with a file part', [
      { field: 'body', message: 'must be multipart/form-data' },
    ]);
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const content = await part.toBuffer();
      if (part.fieldname !== 'file')
        throw fileProblem(`the file part must be named file, not ${part.fieldname}`);
      if (part.file.truncated) throw fileProblem(`is larger than ${maxBytes / 1024 / 1024} MB`);
      file = content;
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  if (!file) throw fileProblem('is required');
  if (file.length === 0) throw fileProblem('is empty');
  return { file, fields };
}

/** An XLSX file is a zip archive: it starts with the zip signature. */
const isXlsx = (file: Buffer) => file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

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

/** The records of the first sheet, each with its row number. */
async function* xlsxRecords(file: Buffer): AsyncGenerator<{ line: number; cells: string[] }> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      // Row values start at index 1 (the spreadsheet's column A).
      const values = (row.values as unknown[]).slice(1);
      yield { line: row.number, cells: Array.from(values, cellText) };
    }
    return;
  }
}

/** The records of a CSV file: comma or semicolon (whichever the header line uses), UTF-8 with or without BOM. */
async function* csvRecords(file: Buffer): AsyncGenerator<{ line: number; cells: string[] }> {
  const { parse } = await import('csv-parse');
  const firstLine = file.subarray(0, Math.min(file.length, 4096)).toString('utf8').split(/\r?\n/)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const parser = Readable.from([file]).pipe(
    parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: false }),
  );
  let line = 0;
  for await (const record of parser as AsyncIterable<string[]>) yield { line: ++line, cells: record };
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
  const records = isXlsx(file) ? xlsxRecords(file) : csvRecords(file);
  let columns: (C | null)[] | null = null;
  const rows: { line: number; values: Partial<Record<C, string>> }[] = [];
  try {
    for await (const { line, cells } of records) {
      if (!columns) {
        columns = headerColumns(cells, options);
        continue;
      }
      if (cells.every((cell) => cell.trim() === '')) continue;
      if (rows.length === options.maxRows)
        throw fileProblem(`holds more than ${options.maxRows} ${options.what}: split it`);
      const values: Partial<Record<C, string>> = {};
      columns.forEach((column, index) => {
        if (column) values[column] = (cells[index] ?? '').slice(0, options.cellMax);
      });
      rows.push({ line, values });
    }
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error;
    throw fileProblem(`cannot be read as CSV or XLSX (${(error as Error).message})`);
  }
  if (!columns) throw fileProblem('is empty: its first row must name the columns');
  if (rows.length === 0) throw fileProblem(`holds no ${options.what} under its header row`);
  return { columns: columns.filter((column) => column !== null), rows };
}

function headerColumns<C extends string>(
  cells: string[],
  options: { columnOf: (header: string) => C | undefined; required: readonly C[]; file: string },
): (C | null)[] {
  const columns = cells.map((header, index) => {
    if (header.trim() === '') return null;
    const column = options.columnOf(header);
    if (!column)
      throw fileProblem(`column ${index + 1} (${header.trim()}) is not a column of ${options.file}`);
    return column;
  });
  const twice = columns.find((column, index) => column && columns.indexOf(column) !== index);
  if (twice) throw fileProblem(`the column ${twice} appears twice`);
  for (const required of options.required)
    if (!columns.includes(required)) throw fileProblem(`has no ${required} column`);
  return columns;
}
