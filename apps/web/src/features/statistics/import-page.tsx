import { ESAT_IMPORT_FIXED_COLUMNS, ESAT_IMPORT_MAX_ROWS, type CheckedEsatImportRow } from '@fleet/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../components/dialogs';
import { showSuccess } from '../../components/show-success';
import { ImportFilePicker } from '../../components/table-import/import-file-picker';
import { ImportPreviewTable } from '../../components/table-import/import-preview-table';
import { useTableImport } from '../../components/table-import/use-table-import';
import { ESAT_KEY, checkEsatImport, esatOptionsQuery, importEsatResults, previewEsatImport } from './api';

function RowStatus({ row }: { row: CheckedEsatImportRow }) {
  const { t } = useTranslation();
  const wrong = row.errors.length > 0;
  return (
    <Badge color={wrong ? 'red' : 'green'} variant="light" miw="max-content">
      {t(wrong ? 'statistics.import.status.error' : 'statistics.import.status.ready')}
    </Badge>
  );
}

/** Cells the row editor left out are not sent. */
const cellsOf = (rows: { line: number; values: Partial<Record<string, string>> }[]) =>
  rows.map(({ line, values }) => ({
    line,
    values: Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Record<
      string,
      string
    >,
  }));

/**
 * The import of survey results (docs/insights.md "Statistics"), as the stores import does it: a CSV or
 * XLSX file read and checked on the server, its rows shown with their problems and fixed in place, then
 * imported all or none. The template has a column per question asked.
 */
export function EsatImportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = useQuery(esatOptionsQuery);
  const codes = (options.data?.questions ?? []).filter((question) => question.active).map((q) => q.code);
  const state = useTableImport({
    preview: previewEsatImport,
    check: (rows) => checkEsatImport(cellsOf(rows)),
    commit: (rows) => importEsatResults(cellsOf(rows)),
    prefix: 'statistics.import',
  });
  const { preview, busy } = state;
  const ready = preview?.rows.filter((row) => row.errors.length === 0).length ?? 0;
  const wrong = (preview?.rows.length ?? 0) - ready;
  const submit = () =>
    state.submit(
      () =>
        confirm({
          title: t('statistics.import.confirm_title'),
          message: t('statistics.import.confirm_message', { count: ready }),
          confirmLabel: t('statistics.import.import'),
        }),
      (done) => {
        showSuccess(t('statistics.import.done', { count: done.imported }));
        void queryClient.invalidateQueries({ queryKey: ESAT_KEY });
      },
    );

  return (
    <Stack gap="md">
      <ImportFilePicker
        prefix="statistics.import"
        maxRows={ESAT_IMPORT_MAX_ROWS}
        columns={codes.length ? [...ESAT_IMPORT_FIXED_COLUMNS, ...codes] : []}
        templateName="esat-results.csv"
        file={state.file}
        onFile={state.read}
        busy={busy}
        failure={state.failure}
      />
      {preview && (
        <>
          <Group gap="xs">
            <Badge color="green" variant="light">
              {t('statistics.import.counts.ready', { count: ready })}
            </Badge>
            <Badge color="red" variant="light">
              {t('statistics.import.counts.error', { count: wrong })}
            </Badge>
          </Group>
          <ImportPreviewTable
            columns={preview.columns}
            rows={preview.rows}
            status={(row) => <RowStatus row={row} />}
            onEdit={(row) => void state.edit(row)}
            prefix="statistics.import"
          />
          <Group gap="sm">
            <Button onClick={() => void submit()} disabled={wrong > 0} loading={busy}>
              {t('statistics.import.import')}
            </Button>
            <Text size="sm" c="dimmed">
              {wrong > 0 ? t('statistics.import.fix_first') : t('statistics.import.nothing_yet')}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
