import { STORE_IMPORT_COLUMNS, STORE_IMPORT_MAX_ROWS, type CheckedStoreImportRow } from '@fleet/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../components/dialogs';
import { showSuccess } from '../../components/show-success';
import { ImportFilePicker } from '../../components/table-import/import-file-picker';
import { ImportPreviewTable } from '../../components/table-import/import-preview-table';
import { useTableImport } from '../../components/table-import/use-table-import';
import { useCanUse } from '../../hooks/use-can-use';
import { STORES_KEY, checkStoreImport, importStores, previewStoreImport } from './api';

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
  const state = useTableImport({
    preview: previewStoreImport,
    check: checkStoreImport,
    commit: importStores,
    prefix: 'stores.import',
  });
  const { preview, busy } = state;

  const counts = {
    create: preview?.rows.filter((row) => row.action === 'create').length ?? 0,
    update: preview?.rows.filter((row) => row.action === 'update').length ?? 0,
    error: preview?.rows.filter((row) => row.errors.length > 0).length ?? 0,
  };

  const submit = () =>
    state.submit(
      () =>
        confirm({
          title: t('stores.import.confirm_title'),
          message: t('stores.import.confirm_message', { create: counts.create, update: counts.update }),
          confirmLabel: t('stores.import.import'),
        }),
      (done) => {
        showSuccess(t('stores.import.done', { created: done.created, updated: done.updated }));
        void queryClient.invalidateQueries({ queryKey: STORES_KEY });
      },
    );

  return (
    <Stack gap="md">
      <ImportFilePicker
        prefix="stores.import"
        maxRows={STORE_IMPORT_MAX_ROWS}
        columns={STORE_IMPORT_COLUMNS}
        templateName="stores.csv"
        file={state.file}
        onFile={state.read}
        busy={busy}
        failure={state.failure}
      />
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
            onEdit={(row) => void state.edit(row)}
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
