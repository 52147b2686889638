import ExcelJS from 'exceljs';
import type { Cell } from '../columns.ts';
import type { RowWriter, WriterOptions } from './writer.ts';

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string) =>
  title
    .replace(/[:\\/?*[\]]/g, ' ')
    .slice(0, 31)
    .trim() || 'Jobs';

/**
 * exceljs's streaming workbook writer: each row is committed to the file as it is added. Dates are
 * spreadsheet dates at the user's wall-clock time (a spreadsheet date has no time zone).
 */
export async function xlsxWriter(options: WriterOptions): Promise<RowWriter> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: options.file,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.title = options.title;
  const sheet = workbook.addWorksheet(sheetName(options.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = options.headers.map((header) => ({
    header,
    width: Math.min(40, Math.max(12, header.length + 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const dateColumns = new Set<number>();
  const cell = (value: Cell, index: number) => {
    if (!(value instanceof Date)) return value;
    dateColumns.add(index);
    return new Date(value.getTime() + options.zoneOffsetMinutes(value) * 60_000);
  };
  return {
    async write(rows) {
      for (const values of rows) {
        const row = sheet.addRow(values.map(cell));
        for (const index of dateColumns) row.getCell(index + 1).numFmt = 'yyyy-mm-dd hh:mm:ss';
        row.commit();
      }
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
