import type { BulkActionAnswer } from '@fleet/contract';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialogs/open-dialog';

type BulkResult = BulkActionAnswer['results'][number];

interface BulkResultProps {
  /** How many devices the server handled. */
  total: number;
  /** The devices that were not changed, with the server's reason. */
  notDone: readonly BulkResult[];
}

function BulkResultBody({ total, notDone, onClose }: BulkResultProps & { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text>{t('series.devices.bulk.summary', { count: total, done: total - notDone.length })}</Text>
      <Table.ScrollContainer minWidth={420} mah={360}>
        <Table striped aria-label={t('series.devices.bulk.not_done')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('series.devices.bulk.serial_number')}</Table.Th>
              <Table.Th>{t('series.devices.bulk.outcome_column')}</Table.Th>
              <Table.Th>{t('series.devices.bulk.message_column')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {notDone.map((result) => (
              <Table.Tr key={result.serialNumber}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{result.serialNumber}</Table.Td>
                <Table.Td>
                  {t(
                    `series.devices.bulk.outcome.${result.outcome === 'notFound' ? 'not_found' : 'refused'}`,
                  )}
                </Table.Td>
                {/* The server's own words, as they are. */}
                <Table.Td>{result.message ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
