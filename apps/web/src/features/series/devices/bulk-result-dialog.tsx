import type { BulkActionAnswer } from '@fleet/contract';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { DataTable, type DataColumn } from '../../../components/table/data-table';

type BulkResult = BulkActionAnswer['results'][number];

interface BulkResultProps {
  /** How many devices the server handled. */
  total: number;
  /** The devices that were not changed, with the server's reason. */
  notDone: readonly BulkResult[];
}

function BulkResultBody({ total, notDone, onClose }: BulkResultProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const columns: DataColumn<BulkResult>[] = [
    {
      prop: 'serialNumber',
      labelLang: 'series.devices.bulk.serial_number',
      cell: (result) => result.serialNumber,
    },
    {
      prop: 'outcome',
      labelLang: 'series.devices.bulk.outcome_column',
      cell: (result) =>
        t(`series.devices.bulk.outcome.${result.outcome === 'notFound' ? 'not_found' : 'refused'}`),
    },
    {
      prop: 'message',
      labelLang: 'series.devices.bulk.message_column',
      forceNormalWordBreak: true,
      // The server's own words, as they are.
      cell: (result) => result.message ?? '',
    },
  ];
  return (
    <Stack gap="sm">
      <Text>{t('series.devices.bulk.summary', { count: total, done: total - notDone.length })}</Text>
      <Box mah={360} style={{ overflowY: 'auto' }}>
        <DataTable
          label={t('series.devices.bulk.not_done')}
          columns={columns}
          items={notDone}
          rowKey={(result) => result.serialNumber}
          minWidth={420}
        />
      </Box>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('common.actions.close')}</Button>
      </Group>
    </Stack>
  );
}

/** What a bulk action did not do, device by device; resolves when the dialog is closed. */
export function showBulkResult(title: string, result: BulkResultProps): Promise<void> {
  return openDialog<void>(
    title,
    (finish) => <BulkResultBody {...result} onClose={() => finish()} />,
    undefined,
    'wide',
  );
}
