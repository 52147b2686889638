import {
  STORE_IMPORT_COLUMNS,
  STORE_IMPORT_MAX_ROWS,
  type CheckedStoreImportRow,
  type StoreImportPreview,
} from '@fleet/contract';
import { Alert, Badge, Button, Code, FileInput, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, dialogErrorText } from '../../components/dialogs';
import { showSuccess } from '../../components/show-success';
import { ImportPreviewTable } from '../../components/table-import/import-preview-table';
import { editImportRow } from '../../components/table-import/import-row-dialog';
import { useCanUse } from '../../hooks/use-can-use';
import { STORES_KEY, checkStoreImport, importStores, previewStoreImport } from './api';

/** A file of the header row alone: what a user fills in. */
function downloadTemplate() {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(
    new Blob([`\uFEFF${STORE_IMPORT_COLUMNS.join(',')}\r\n`], { type: 'text/csv' }),
  );
  link.download = 'stores.csv';
  link.click();
  URL.revokeObjectURL(link.href);
}

function RowStatus({ row }: { row: CheckedStoreImportRow }) {
  const { t } = useTranslation();
  if (row.errors.length > 0)
    return (
      <Badge color="red" variant="light" miw="max-content">
        {t('stores.import.status.error')}
      </Badge>
    );
  return (
    <Badge color={row.action === 'update' ? 'blue' : 'green'} variant="light" miw="max-content">
      {t(`stores.import.status.${row.action === 'update' ? 'update' : 'create'}`)}
    </Badge>
  );
}

/**
 * Route Store_Import (docs/company-tools.md): a stores file read and checked on the server, its rows
 * shown with their problems and fixed in place, then imported all or none.
 */
export function StoreImportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canWrite = useCanUse('STORES.EDIT');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StoreImportPreview | null>(null);
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
    if (chosen) void run(async () => setPreview(await previewStoreImport(chosen)));
  };

  const recheck = async (rows: StoreImportPreview['rows']) => {
    const checked = await checkStoreImport(rows.map(({ line, values }) => ({ line, values })));
    setPreview((current) => current && { ...current, rows: checked.rows });
  };

  const edit = async (row: CheckedStoreImportRow) => {
    if (!preview) return;
    const values = await editImportRow(row, preview.columns, 'stores.import');
    if (!values) return;
    const rows = preview.rows.map((other) => (other.line === row.line ? { ...other, values } : other));
    await run(() => recheck(rows));
  };

  const counts = {
    create: preview?.rows.filter((row) => row.action === 'create').length ?? 0,
    update: preview?.rows.filter((row) => row.action === 'update').length ?? 0,
    error: preview?.rows.filter((row) => row.errors.length > 0).length ?? 0,
  };

  const submit = async () => {
    if (!preview) return;
    const confirmed = await confirm({
      title: t('stores.import.confirm_title'),
      message: t('stores.import.confirm_message', { create: counts.create, update: counts.update }),
      confirmLabel: t('stores.import.import'),
    });
    if (!confirmed) return;
    await run(async () => {
      try {
        const done = await importStores(preview.rows.map(({ line, values }) => ({ line, values })));
        showSuccess(t('stores.import.done', { created: done.created, updated: done.updated }));
        void queryClient.invalidateQueries({ queryKey: STORES_KEY });
        setPreview(null);
        setFile(null);
      } catch (error) {
        // Stores changed since the check: the preview shows why.
        await recheck(preview.rows).catch(() => undefined);
        throw error;
      }
    });
  };

  return (
    <Stack gap="md">
      <Text>{t('stores.import.intro', { max: STORE_IMPORT_MAX_ROWS })}</Text>
      <Text size="sm" c="dimmed">
        {t('stores.import.columns')} <Code>{STORE_IMPORT_COLUMNS.join(', ')}</Code>
      </Text>
      <Group align="end" gap="sm">
        <FileInput
          label={t('stores.import.file')}
          placeholder={t('stores.import.choose')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={read}
          clearable
          w={{ base: '100%', sm: 360 }}
          disabled={busy}
        />
        <Button variant="default" onClick={downloadTemplate}>
          {t('stores.import.template')}
        </Button>
      </Group>
      {failure && (
        <Alert color="red" title={t('stores.import.failed')} role="alert">
          {failure}
        </Alert>
      )}
      {preview && (
        <>
          <Group gap="xs">
            <Badge color="green" variant="light">
              {t('stores.import.counts.create', { count: counts.create })}
            </Badge>
            <Badge color="blue" variant="light">
              {t('stores.import.counts.update', { count: counts.update })}
            </Badge>
            <Badge color="red" variant="light">
              {t('stores.import.counts.error', { count: counts.error })}
            </Badge>
          </Group>
          <ImportPreviewTable
            columns={preview.columns}
            rows={preview.rows}
            status={(row) => <RowStatus row={row} />}
            onEdit={(row) => void edit(row)}
            prefix="stores.import"
          />
          <Group gap="sm">
            <Button onClick={() => void submit()} disabled={counts.error > 0 || !canWrite} loading={busy}>
              {t('stores.import.import')}
            </Button>
            <Text size="sm" c="dimmed">
              {!canWrite
                ? t('stores.import.preview_only')
                : counts.error > 0
                  ? t('stores.import.fix_first')
                  : t('stores.import.nothing_yet')}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
