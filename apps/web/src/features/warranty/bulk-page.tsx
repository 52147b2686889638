import { WARRANTY_BULK_COLUMNS, WARRANTY_BULK_MAX_ROWS } from '@fleet/contract';
import { Code, FileInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListExportPanel } from '../../components/list-export-panel';
import { requestBulkDecode } from './api';

/**
 * Bulk (WARRANTY.DECODEBULK): a CSV or XLSX file of codes decoded as a task into a file with each code's
 * parts, job and verdict, collected from the task list.
 */
export function BulkPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  return (
    <Stack gap="md">
      <Text>{t('warranty.bulk.intro', { max: WARRANTY_BULK_MAX_ROWS })}</Text>
      <Text size="sm" c="dimmed">
        {t('warranty.bulk.columns')} <Code>{WARRANTY_BULK_COLUMNS.join(', ')}</Code>
      </Text>
      <FileInput
        label={t('warranty.bulk.file')}
        placeholder={t('warranty.bulk.choose')}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={setFile}
        clearable
        w={{ base: '100%', sm: 420 }}
      />
      <ListExportPanel
        task="warranty-decode"
        defaultDescription={t('warranty.bulk.default_description', {
          date: new Date().toISOString().slice(0, 10),
        })}
        filters={{}}
        request={(body) => requestBulkDecode(file!, body)}
        blocked={file ? null : t('warranty.bulk.choose_first')}
        onRequested={() => setFile(null)}
      />
    </Stack>
  );
}
