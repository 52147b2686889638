import type { ExportType } from '@fleet/contract';
import { csvWriter } from './csv.ts';
import { htmlWriter } from './html.ts';
import { pdfWriter } from './pdf.ts';
import type { RowWriter, WriterOptions } from './writer.ts';
import { xlsxWriter } from './xlsx.ts';

export type { RowWriter, WriterOptions } from './writer.ts';
export { pdfFont } from './pdf-fonts.ts';

export const WRITERS: Record<ExportType, (options: WriterOptions) => Promise<RowWriter>> = {
  CSV: csvWriter,
  XLSX: xlsxWriter,
  HTML: htmlWriter,
  PDF: pdfWriter,
};
