import {
  ESAT_IMPORT_FIXED_COLUMNS,
  ESAT_IMPORT_MAX_ROWS,
  type CheckedEsatImportRow,
  type EsatImportPreview,
} from '@fleet/contract';
import { Alert, Badge, Button, Code, FileInput, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, dialogErrorText } from '../../components/dialogs';
import { showSuccess } from '../../components/show-success';
import { ESAT_KEY, checkEsatImport, esatOptionsQuery, importEsatResults, previewEsatImport } from './api';
import { ImportPreviewTable } from '../../components/table-import/import-preview-table';
import { editImportRow } from '../../components/table-import/import-row-dialog';

/** A file of the header row alone: what a user fills in, a column per question asked. */
function downloadTemplate(columns: readonly string[]) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`\uFEFF${columns.join(',')}\r\n`], { type: 'text/csv' }));
  link.download = 'esat-results.csv';
  link.click();
  URL.revokeObjectURL(link.href);
}

function RowStatus({ row }: { row: CheckedEsatImportRow }) {
  const { t } = useTranslation();
  const wrong = row.errors.length > 0;
  return (
    <Badge color={wrong ? 'red' : 'green'} variant="light" miw="max-content">
      {t(wrong ? 'statistics.import.status.error' : 'statistics.import.status.ready')}
    </Badge>
  );
}

const sent = (rows: readonly CheckedEsatImportRow[]) => rows.map(({ line, values }) => ({ line, values }));

/**
 * The import of survey results (docs/insights.md "Statistics"), as the stores import does it: a CSV or
 * XLSX file read and checked on the server, its rows shown with their problems and fixed in place, then
 * imported all or none.
 */
export function EsatImportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = useQuery(esatOptionsQuery);
  const codes = (options.data?.questions ?? []).filter((question) => question.active).map((q) => q.code);
  const columns = [...ESAT_IMPORT_FIXED_COLUMNS, ...codes];
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<EsatImportPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  const read = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setFailure(null);
    if (chosen) void run(async () => setPreview(await previewEsatImport(chosen)));
  };
  const recheck = async (rows: EsatImportPreview['rows']) => {
    const checked = await checkEsatImport(sent(rows));
    setPreview((current) => current && { ...current, rows: checked.rows });
  };
  const edit = async (row: CheckedEsatImportRow) => {
    if (!preview) return;
    const edited = await editImportRow(row, preview.columns, 'statistics.import');
    if (!edited) return;
    const values: Record<string, string> = {};
    for (const [column, value] of Object.entries(edited)) if (value !== undefined) values[column] = value;
    await run(() =>
      recheck(preview.rows.map((other) => (other.line === row.line ? { ...other, values } : other))),
    );
  };
  const ready = preview?.rows.filter((row) => row.errors.length === 0).length ?? 0;
  const wrong = (preview?.rows.length ?? 0) - ready;
  const submit = async () => {
    if (!preview) return;
    const confirmed = await confirm({
      title: t('statistics.import.confirm_title'),
      message: t('statistics.import.confirm_message', { count: ready }),
      confirmLabel: t('statistics.import.import'),
    });
    if (!confirmed) return;
    await run(async () => {
      try {
        const done = await importEsatResults(sent(preview.rows));
        showSuccess(t('statistics.import.done', { count: done.imported }));
        void queryClient.invalidateQueries({ queryKey: ESAT_KEY });
        setPreview(null);
        setFile(null);
      } catch (error) {
        // Surveys answered since the check: the preview shows which.
        await recheck(preview.rows).catch(() => undefined);
        throw error;
      }
    });
  };

  return (
    <Stack gap="md">
      <Text>{t('statistics.import.intro', { max: ESAT_IMPORT_MAX_ROWS })}</Text>
      <Text size="sm" c="dimmed">
        {t('statistics.import.columns')} <Code>{columns.join(', ')}</Code>
      </Text>
      <Group align="end" gap="sm">
        <FileInput
          label={t('statistics.import.file')}
          placeholder={t('statistics.import.choose')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={read}
          clearable
          w={{ base: '100%', sm: 360 }}
          disabled={busy}
        />
        <Button variant="default" onClick={() => downloadTemplate(columns)} disabled={codes.length === 0}>
          {t('statistics.import.template')}
        </Button>
      </Group>
      {failure && (
        <Alert color="red" title={t('statistics.import.failed')} role="alert">
          {failure}
        </Alert>
      )}
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
            onEdit={(row) => void edit(row)}
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
