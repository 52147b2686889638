import {
  TEMPERATURE_SYMBOLS,
  convertTemperature,
  jobListLabelKey,
  jobListName,
  type JobListName,
  type TemperatureUnit,
} from '@fleet/contract';
import type { Translate } from '../../../lib/translations.ts';
import type { JobRow } from '../repository.ts';

export type Cell = string | number | Date | null;

/** A column of an exported file: its header in the user's words and its value in a job. */
export interface ExportColumn {
  header: string;
  value(row: JobRow): Cell;
  /** Shown in the PDF too: a page holds about a dozen columns. */
  pdf?: boolean;
}

const tag = (row: JobRow, name: string): string | null => {
  const value = row.data[name];
  return value === undefined || value === null ? null : String(value);
};

/**
 * The columns of an export (docs/tasks.md), with the list's column rights: the group only for internal
 * staff, as on the list.
 */
export function exportColumns(
  t: Translate,
  options: { internal: boolean; temperatureUnit: TemperatureUnit },
): ExportColumn[] {
  // Each list's words looked up once, not once per row: a file has a million rows.
  const labels = new Map<string, string>();
  const named = (list: JobListName, index: number | null) => {
    const key = `${list}:${index}`;
    let label = labels.get(key);
    if (label === undefined) labels.set(key, (label = t(jobListLabelKey(list, jobListName(list, index)))));
    return label;
  };
  const columns: (ExportColumn | false)[] = [
    { header: t('export.columns.job_id'), value: (row) => String(row.id), pdf: true },
    { header: t('columns.workflow'), value: (row) => row.workflow, pdf: true },
    { header: t('columns.begin_date'), value: (row) => row.beginDate, pdf: true },
    { header: t('columns.posted_date'), value: (row) => row.postedDate },
    { header: t('columns.type'), value: (row) => named('type', row.jobType), pdf: true },
    { header: t('columns.status'), value: (row) => named('status', row.jobStatus), pdf: true },
    { header: t('filters.serial_number'), value: (row) => row.serialNumber, pdf: true },
    { header: t('filters.device_type'), value: (row) => row.deviceType },
    { header: t('columns.user'), value: (row) => row.userName, pdf: true },
    options.internal && { header: t('columns.group'), value: (row) => row.groupName },
    { header: t('columns.calibration'), value: (row) => named('validity', row.validCal), pdf: true },
    { header: t('columns.check'), value: (row) => named('check', row.validChk), pdf: true },
    {
      header: t('columns.battery'),
      value: (row) => (row.gresst === null ? null : named('battery', row.gresst)),
    },
    { header: t('columns.vin'), value: (row) => tag(row, 'VIN'), pdf: true },
    { header: t('columns.ro'), value: (row) => tag(row, 'RO'), pdf: true },
    { header: t('filters.bac'), value: (row) => tag(row, 'BAC') },
    { header: t('filters.warranty_code'), value: (row) => tag(row, 'WARRANTYCODE') },
    { header: t('filters.make'), value: (row) => tag(row, 'MK') },
    { header: t('filters.model'), value: (row) => tag(row, 'MD') },
    { header: t('filters.year'), value: (row) => tag(row, 'YE') },
    { header: t('filters.part_number'), value: (row) => tag(row, 'PN') },
    { header: t('filters.rating'), value: (row) => tag(row, 'CR') },
    { header: t('filters.device_job_id'), value: (row) => tag(row, 'JID') },
    {
      header: t('export.columns.temperature', { unit: TEMPERATURE_SYMBOLS[options.temperatureUnit] }),
      value: (row) => {
        const celsius = row.data.TEMP;
        return typeof celsius === 'number' ? convertTemperature(celsius, options.temperatureUnit) : null;
      },
    },
  ];
  return columns.filter((column): column is ExportColumn => column !== false);
}
