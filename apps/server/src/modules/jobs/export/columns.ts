import {
  JOB_LISTS,
  TEMPERATURE_SYMBOLS,
  convertTemperature,
  jobListLabelKey,
  jobListName,
  type JobListName,
  type TemperatureUnit,
} from '@fleet/contract';
import type { Translate } from '../../../lib/translations.ts';
import type { JobExportRow } from '../repository.ts';
import type { Cell } from '../../../lib/export-writers/writer.ts';

export type { Cell };

/** A column of an exported file: its header in the user's words and its value in a job. */
export interface ExportColumn {
  header: string;
  value(row: JobExportRow): Cell;
  /** Shown in the PDF too: a page holds about a dozen columns. */
  pdf?: boolean;
}

/**
 * The columns of an export (docs/tasks.md), with the list's column rights: the group only for internal
 * staff, as on the list.
 */
export function exportColumns(
  t: Translate,
  options: { internal: boolean; temperatureUnit: TemperatureUnit },
): ExportColumn[] {
  // Each list's words looked up once, by index: a file has a million rows.
  const labelsOf = (list: JobListName) => {
    const labels = JOB_LISTS[list].map((_, index) => t(jobListLabelKey(list, jobListName(list, index))));
    const unknown = t(jobListLabelKey(list, jobListName(list, null)));
    return (index: number | null) => (index === null ? unknown : (labels[index] ?? unknown));
  };
  const type = labelsOf('type');
  const status = labelsOf('status');
  const validity = labelsOf('validity');
  const check = labelsOf('check');
  const battery = labelsOf('battery');
  const columns: (ExportColumn | false)[] = [
    { header: t('export.columns.job_id'), value: (row) => row.id, pdf: true },
    { header: t('columns.workflow'), value: (row) => row.workflow, pdf: true },
    { header: t('columns.begin_date'), value: (row) => new Date(row.begin_ms), pdf: true },
    { header: t('columns.posted_date'), value: (row) => new Date(row.posted_ms) },
    { header: t('columns.type'), value: (row) => type(row.job_type), pdf: true },
    { header: t('columns.status'), value: (row) => status(row.job_status), pdf: true },
    { header: t('filters.serial_number'), value: (row) => row.serial_number, pdf: true },
    { header: t('filters.device_type'), value: (row) => row.device_type },
    { header: t('columns.user'), value: (row) => row.user_name, pdf: true },
    options.internal && { header: t('columns.group'), value: (row) => row.group_name },
    { header: t('columns.calibration'), value: (row) => validity(row.valid_cal), pdf: true },
    { header: t('columns.check'), value: (row) => check(row.valid_chk), pdf: true },
    {
      header: t('columns.battery'),
      value: (row) => (row.gresst === null ? null : battery(row.gresst)),
    },
    { header: t('columns.vin'), value: (row) => row.vin, pdf: true },
    { header: t('columns.ro'), value: (row) => row.ro, pdf: true },
    { header: t('filters.bac'), value: (row) => row.bac },
    { header: t('filters.warranty_code'), value: (row) => row.warranty_code },
    { header: t('filters.make'), value: (row) => row.mk },
    { header: t('filters.model'), value: (row) => row.md },
    { header: t('filters.year'), value: (row) => row.ye },
    { header: t('filters.part_number'), value: (row) => row.pn },
    { header: t('filters.rating'), value: (row) => row.cr },
    { header: t('filters.device_job_id'), value: (row) => row.jid },
    {
      header: t('export.columns.temperature', { unit: TEMPERATURE_SYMBOLS[options.temperatureUnit] }),
      value: (row) => {
        const celsius = row.temp === null ? NaN : Number(row.temp);
        return Number.isFinite(celsius) ? convertTemperature(celsius, options.temperatureUnit) : null;
      },
    },
  ];
  return columns.filter((column): column is ExportColumn => column !== false);
}
