import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readTableRecords, TABLE_ARCHIVE_LIMITS, type RecordLimits } from './table-records.ts';

const LIMITS: RecordLimits = { maxRows: 3, cellMax: 8, maxColumns: 3, archive: TABLE_ARCHIVE_LIMITS };

async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stores');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('reading the records of a table file', () => {
  it('reads a workbook as its writer lays it out (the workbook part after the sheets), every time', async () => {
    const file = await workbookOf([['code', 'name'], ['A-1', 'Alpha'], [], ['B-2', 12.5]]);
    for (let attempt = 0; attempt < 50; attempt++)
      expect(await readTableRecords(file, LIMITS)).toEqual({
        header: ['code', 'name'],
        rows: [
          { line: 2, cells: ['A-1', 'Alpha'] },
          { line: 4, cells: ['B-2', '12.5'] },
        ],
        more: false,
      });
  });

  it('keeps at most the columns and characters asked, and says when more rows follow', async () => {
    const csv = Buffer.from('a;b;c;d\n1;2;3;4\n5;6;7;8\n9;0;1;2\n3;4;5;6\n');
    expect(await readTableRecords(csv, { ...LIMITS, cellMax: 1 })).toMatchObject({
      header: ['a', 'b', 'c'],
      rows: [{ cells: ['1', '2', '3'] }, { cells: ['5', '6', '7'] }, { cells: ['9', '0', '1'] }],
      more: true,
    });
    const long = await workbookOf([['code'], ['0123456789']]);
    expect((await readTableRecords(long, LIMITS)).rows[0]!.cells).toEqual(['01234567']);
  });
});
