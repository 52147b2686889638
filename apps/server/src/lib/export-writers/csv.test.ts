import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvWriter } from './csv.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'fleet-csv-'));
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

describe('the CSV writer', () => {
  it('quotes what RFC 4180 says to quote, keeps formulas as text, and reads back the same', async () => {
    const file = path.join(folder, 'a.csv');
    const writer = await csvWriter({
      file,
      headers: ['Name, full', 'Note'],
      formatDate: (value) => value.toISOString(),
      zoneOffsetMinutes: () => 0,
      title: 't',
      subtitle: 's',
      language: 'en',
      pdf: null,
    });
    await writer.write([
      ['He said "yes"', 'line one\nline two'],
      ['=HYPERLINK("http://x")', -5],
      [null, new Date('2026-01-02T03:04:05Z')],
      ['@SUM(A1)', '+1'],
    ]);
    await writer.end();
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('\uFEFF"Name, full",Note\r\n')).toBe(true);
    expect(parse(text, { bom: true })).toEqual([
      ['Name, full', 'Note'],
      ['He said "yes"', 'line one\nline two'],
      [`'=HYPERLINK("http://x")`, '-5'],
      ['', '2026-01-02T03:04:05.000Z'],
      [`'@SUM(A1)`, `'+1`],
    ]);
  });
});
