import { z } from 'zod';
import { JOB_LIST_KINDS } from './jobs.ts';
import { FILTER_VALUE_MAX_LENGTH, FILTER_VALUES_MAX } from './search-limits.ts';
import { PDF_MARGIN_INCHES, type PdfFormat, type PrintSettings } from './user-configuration.ts';

/** Export options (jobs spec §3). */
export const EXPORT_TYPES = ['CSV', 'XLSX', 'PDF', 'HTML'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
/** Temperature units by index: celsius 0, kelvin 1, fahrenheit 2. */
export const TEMPERATURE_UNITS = ['celsius', 'kelvin', 'fahrenheit'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
export const PDF_PAPER_FORMATS = ['Letter', 'A4'] as const;
/** The unit setting type of a temperature (the only one there is). */
export const TEMPERATURE_UNIT_SETTING = 0;

/** Above this many rows a PDF is refused (docs/tasks.md): a report nobody reads to the end. */
export const PDF_ROW_LIMIT = 10_000;
/** Above this many rows an HTML page is refused: a browser opening it would stall. */
export const HTML_ROW_LIMIT = 50_000;
/** A spreadsheet sheet holds 1,048,576 rows, the header among them. */
export const XLSX_ROW_LIMIT = 1_048_575;
export const EXPORT_ROW_LIMITS: Partial<Record<ExportType, number>> = {
  XLSX: XLSX_ROW_LIMIT,
  PDF: PDF_ROW_LIMIT,
  HTML: HTML_ROW_LIMIT,
};
export const EXPORT_DESCRIPTION_MAX_LENGTH = 200;
export const CC_RECIPIENTS_MAX = 10;

/** Job tags whose values are temperatures, recorded in degrees Celsius (docs/jobs.md). */
export const TEMPERATURE_TAGS = ['TEMP'] as const;

/** A temperature recorded in Celsius, in the unit asked for, rounded to a tenth. */
export function convertTemperature(celsius: number, unit: TemperatureUnit): number {
  const value =
    unit === 'kelvin' ? celsius + 273.15 : unit === 'fahrenheit' ? (celsius * 9) / 5 + 32 : celsius;
  return Math.round(value * 10) / 10;
}

export const TEMPERATURE_SYMBOLS: Record<TemperatureUnit, string> = {
  celsius: '°C',
  kelvin: 'K',
  fahrenheit: '°F',
};

const inches = z
  .string()
  .max(6)
  .regex(/^(0|[0-2](\.\d{1,2})?|3)in$/, 'must be inches from 0in to 3in, such as 1in or 1.5in');

const pdfOptionsSchema = z.object({
  Format: z.enum(PDF_PAPER_FORMATS),
  Margin: z.object({ Top: inches, Right: inches, Bottom: inches, Left: inches }),
});
export type ExportPdfOptions = z.infer<typeof pdfOptionsSchema>;

const filterValue = z.string().max(FILTER_VALUE_MAX_LENGTH);

/** Export request (jobs spec §3). `JobList` says which list the filters are of (live by default). */
export const exportRequestSchema = z
  .object({
    ExportDescription: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(EXPORT_DESCRIPTION_MAX_LENGTH, `must be at most ${EXPORT_DESCRIPTION_MAX_LENGTH} characters`),
    JobFilters: z
      .record(z.string().max(40), z.union([filterValue, z.array(filterValue).max(FILTER_VALUES_MAX)]))
      .refine((filters) => Object.keys(filters).length > 0, 'must name at least one filter'),
    JobList: z.enum(JOB_LIST_KINDS).default('LIVE'),
    ExportType: z.enum(EXPORT_TYPES),
    ExportSettings: z
      .object({
        UnitSettings: z
          .array(
            z.object({
              Type: z.literal(TEMPERATURE_UNIT_SETTING),
              ToUnit: z
                .number()
                .int()
                .min(0)
                .max(TEMPERATURE_UNITS.length - 1),
            }),
          )
          .max(1)
          .default([]),
        ExtendedExportSettings: z.object({ ExportPdfOptions: pdfOptionsSchema }).optional(),
      })
      .default({ UnitSettings: [] }),
    EmailResult: z.boolean().default(false),
    ccRecipients: z.array(z.email().max(254)).max(CC_RECIPIENTS_MAX).default([]),
  })
  .refine((request) => request.EmailResult || request.ccRecipients.length === 0, {
    path: ['ccRecipients'],
    message: 'only with EmailResult',
  });
export type ExportRequest = z.infer<typeof exportRequestSchema>;
export type ExportRequestInput = z.input<typeof exportRequestSchema>;

export function temperatureUnitOf(request: ExportRequest): TemperatureUnit {
  const setting = request.ExportSettings.UnitSettings.find((unit) => unit.Type === TEMPERATURE_UNIT_SETTING);
  return TEMPERATURE_UNITS[setting?.ToUnit ?? 0] ?? 'celsius';
}

const PAPER_FORMAT: Record<PdfFormat, ExportPdfOptions['Format']> = { letter: 'Letter', a4: 'A4' };

/** PDF options from the user's print settings (jobs spec §9: letter and normal margins by default). */
export function pdfOptionsOf(settings: PrintSettings): ExportPdfOptions {
  const { horizontal, vertical } = PDF_MARGIN_INCHES[settings.margins];
  return {
    Format: PAPER_FORMAT[settings.format],
    Margin: {
      Top: `${vertical}in`,
      Right: `${horizontal}in`,
      Bottom: `${vertical}in`,
      Left: `${horizontal}in`,
    },
  };
}

/** Inches written as the request gives them ("1.5in") in PDF points. */
export const inchesToPoints = (value: string) => Number(value.replace(/in$/, '')) * 72;

/** The file an export writes, from its description: safe on every system, with its extension. */
export function exportFileName(description: string, type: ExportType, at: Date): string {
  const base = description
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const stamp = at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `${base || 'jobs'}-${stamp}.${type.toLowerCase()}`;
}
