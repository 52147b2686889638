import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxWriter } from './xlsx.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'fleet-xlsx-'));
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

async function written(name: string, headers: string[], batches: (string | number | Date | null)[][][]) {
  const file = path.join(folder, name);
  const writer = await xlsxWriter({
    file,
    headers,
    formatDate: (value) => value.toISOString(),
    // Two hours ahead of UTC: a date is written at the user's wall-clock time.
    zoneOffsetMinutes: () => 120,
    title: 'Jobs: "June" [2026]',
    subtitle: 's',
    language: 'fr',
    pdf: null,
  });
  for (const rows of batches) await writer.write(rows);
  await writer.end();
  return readFile(file);
}

describe('the XLSX writer', () => {
  it('writes a workbook a spreadsheet library reads back: texts, numbers, dates, blanks', async () => {
    const data = await written(
      'a.xlsx',
      ['Name', 'Count', 'Begin date'],
      [
        [
          ['a & b < c > "d"', 12.5, new Date('2026-06-01T10:00:00Z')],
          ['  spaced  ', -3, null],
        ],
        [
          ['bell\u0007 and \uD800 lone half, 🚗 whole', null, new Date('2026-06-02T23:30:00Z')],
          ['', 0, null],
        ],
      ],
    );
    // Every entry's checksum is checked: a spreadsheet app refuses a zip whose CRC is wrong.
    const zip = await JSZip.loadAsync(data, { checkCRC32: true });
    expect(Object.keys(zip.files)).toContain('xl/worksheets/sheet1.xml');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Jobs  "June"  2026');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Name', 'Count', 'Begin date']);
    expect(values(2)).toEqual(['a & b < c > "d"', 12.5, new Date('2026-06-01T12:00:00Z')]);
    expect(values(3)).toEqual(['  spaced  ', -3]);
    expect(values(4)).toEqual(['bell and  lone half, 🚗 whole', undefined, new Date('2026-06-03T01:30:00Z')]);
    expect(values(5)).toEqual([undefined, 0]);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.rowCount).toBe(5);
  });

  it('streams batch after batch into one deflated sheet, rows numbered on', async () => {
    const batch = (start: number) =>
      Array.from({ length: 5000 }, (_, index) => [`row ${start + index}`, start + index]);
    const batches = Array.from({ length: 20 }, (_, index) => batch(index * 5000));
    const data = await written('b.xlsx', ['Name', 'Number'], batches);
    const zip = await JSZip.loadAsync(data, { checkCRC32: true });
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet.match(/<row /g)).toHaveLength(100_001);
    expect(sheet).toContain('<row r="100001"><c r="A100001" t="inlineStr"><is><t>row 99999</t></is></c>');
    expect(data.length).toBeLessThan(sheet.length / 5);
  });
});
