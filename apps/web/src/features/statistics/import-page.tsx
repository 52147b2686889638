import { ESAT_IMPORT_FIXED_COLUMNS, ESAT_IMPORT_MAX_ROWS, type CheckedEsatImportRow } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TableImportPanel, type TableImportCalls } from '../../components/table-import/table-import-panel';
import type { CheckedImportRow, ImportRowValues } from '../../components/table-import/types';
import { ESAT_KEY, checkEsatImport, esatOptionsQuery, importEsatResults, previewEsatImport } from './api';
import { useEntersSurveys } from './rights';

/** Cells the row editor left out are not sent. */
const cellsOf = (rows: ImportRowValues<string>[]) =>
  rows.map(({ line, values }) => ({
    line,
    values: Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Record<
      string,
      string
    >,
  }));

/** A survey's row answers a survey that exists: a row without problems is one to create. */
const asChecked = (rows: CheckedEsatImportRow[]): CheckedImportRow<string>[] =>
  rows.map((row) => ({ ...row, action: row.errors.length ? null : 'create' }));

const CALLS: TableImportCalls<string> = {
  preview: async (file) => {
    const preview = await previewEsatImport(file);
    return { draft: preview.draft, columns: preview.columns, rows: asChecked(preview.rows) };
  },
  check: async ({ draft, changes }) => ({
    rows: asChecked((await checkEsatImport({ draft, changes: cellsOf(changes) })).rows),
  }),
  commit: async ({ draft, changes }) => ({
    created: (await importEsatResults({ draft, changes: cellsOf(changes) })).imported,
    updated: 0,
  }),
};

/**
 * The import of survey results (docs/insights.md "Statistics"), on the one table import the stores and the
 * VIN database use: a CSV or XLSX file checked on the server, its rows fixed in place, imported all or
 * none. The template has a column per question asked.
 */
export function EsatImportPage() {
  const { t } = useTranslation();
  const entersSurveys = useEntersSurveys();
  const options = useQuery(esatOptionsQuery);
  const codes = (options.data?.questions ?? []).filter((question) => question.active).map((q) => q.code);
  return (
    <TableImportPanel
      columns={codes.length ? [...ESAT_IMPORT_FIXED_COLUMNS, ...codes] : []}
      templateName="esat-results.csv"
      calls={CALLS}
      prefix="statistics.import"
      intro={t('statistics.import.intro', { max: ESAT_IMPORT_MAX_ROWS })}
      confirmMessage={(counts) => t('statistics.import.confirm_message', { count: counts.create })}
      doneMessage={(done) => t('statistics.import.done', { count: done.created })}
      canWrite={entersSurveys}
      changes={[ESAT_KEY]}
    />
  );
}
