import { describe, expect, it } from 'vitest';
import {
  convertTemperature,
  exportFileName,
  exportRequestSchema,
  inchesToPoints,
  pdfOptionsOf,
  temperatureUnitOf,
} from './job-exports.ts';

const valid = {
  ExportDescription: 'Week 12 tyres',
  JobFilters: { FilterOnBeginDate: '2026-11-01', BeginDateOperator: 'since' },
  ExportType: 'CSV',
};

describe('export request', () => {
  it('takes a minimal request and fills the defaults', () => {
    const request = exportRequestSchema.parse(valid);
    expect(request.JobList).toBe('LIVE');
    expect(request.EmailResult).toBe(false);
    expect(request.ccRecipients).toEqual([]);
    expect(temperatureUnitOf(request)).toBe('celsius');
  });

  it.each([
    [{ ...valid, ExportDescription: '   ' }, 'ExportDescription'],
    [{ ...valid, JobFilters: {} }, 'JobFilters'],
    [{ ...valid, ExportType: 'DOCX' }, 'ExportType'],
    [{ ...valid, ExportSettings: { UnitSettings: [{ Type: 0, ToUnit: 3 }] } }, 'ExportSettings'],
    [{ ...valid, ExportSettings: { UnitSettings: [{ Type: 1, ToUnit: 0 }] } }, 'ExportSettings'],
    [{ ...valid, ccRecipients: ['someone@example.com'] }, 'ccRecipients'],
    [{ ...valid, EmailResult: true, ccRecipients: ['not an address'] }, 'ccRecipients'],
    [
      {
        ...valid,
        ExportSettings: {
          ExtendedExportSettings: {
            ExportPdfOptions: {
              Format: 'A4',
              Margin: { Top: '1in', Right: '4in', Bottom: '1in', Left: '1in' },
            },
          },
        },
      },
      'ExportSettings',
    ],
  ])('refuses a bad field (%#: %s)', (input, field) => {
    const result = exportRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it('reads the temperature unit by index', () => {
    const request = exportRequestSchema.parse({
      ...valid,
      ExportSettings: { UnitSettings: [{ Type: 0, ToUnit: 2 }] },
    });
    expect(temperatureUnitOf(request)).toBe('fahrenheit');
  });
});

describe('export rules', () => {
  it('converts temperatures recorded in celsius', () => {
    expect(convertTemperature(21.5, 'celsius')).toBe(21.5);
    expect(convertTemperature(21.5, 'kelvin')).toBe(294.7);
    expect(convertTemperature(-40, 'fahrenheit')).toBe(-40);
    expect(convertTemperature(100, 'fahrenheit')).toBe(212);
  });

  it('derives the PDF options from the print settings', () => {
    expect(pdfOptionsOf({ format: 'letter', margins: 'normal' })).toEqual({
      Format: 'Letter',
      Margin: { Top: '1in', Right: '1in', Bottom: '1in', Left: '1in' },
    });
    expect(pdfOptionsOf({ format: 'a4', margins: 'large' }).Margin).toEqual({
      Top: '1in',
      Right: '1.5in',
      Bottom: '1in',
      Left: '1.5in',
    });
    expect(inchesToPoints('1.5in')).toBe(108);
  });

  it('names the file after the description, safely', () => {
    const at = new Date('2026-11-23T06:15:00Z');
    expect(exportFileName('Pneus été / semaine 12', 'XLSX', at)).toBe(
      'Pneus-ete-semaine-12-20261123-0615.xlsx',
    );
    expect(exportFileName('日本', 'CSV', at)).toBe('jobs-20261123-0615.csv');
  });
});
