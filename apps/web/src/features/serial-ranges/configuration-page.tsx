import type { SerialRange } from '@fleet/contract';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { useDateFormat } from '../../hooks/use-date-format';
import { deleteSerialRangeMutation, serialRangesQueryOptions } from './api';
import { openRangeForm } from './range-form';

const pad = (value: number) => String(value).padStart(5, '0');

/** Serial configuration (SERIALNUMBER): the ranges per part number, added and removed while unused. */
export function ConfigurationPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const deleteCall = useMutation(deleteSerialRangeMutation);
  const ranges = useQuery(serialRangesQueryOptions);
  const create = async () => {
    if (!(await openRangeForm())) return;
    showSuccess(t('serial_ranges.form.created'));
  };
  const remove = async (range: SerialRange) => {
    const confirmed = await confirm({
      title: t('serial_ranges.delete.title'),
      message: t('serial_ranges.delete.message', {
        partNumber: range.partNumber,
        from: pad(range.from),
        to: pad(range.to),
      }),
      confirmLabel: t('serial_ranges.delete.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deleteCall.mutateAsync(range.id);
    } catch (error) {
      showError(error, 'serial_ranges.delete');
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text>{t('serial_ranges.configuration.intro')}</Text>
        <Button onClick={() => void create()}>{t('serial_ranges.configuration.create')}</Button>
      </Group>
      <CallState call={ranges}>
        {(data) =>
          data.ranges.length === 0 ? (
            <Text c="dimmed">{t('serial_ranges.configuration.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table aria-label={t('serial_ranges.configuration.table')}>
                <Table.Thead>
                  <Table.Tr>
                    {['part_number', 'from', 'to', 'note', 'created', 'actions'].map((column) => (
                      <Table.Th key={column}>{t(`serial_ranges.columns.${column}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.ranges.map((range) => (
                    <Table.Tr key={range.id} data-testid="serial-range">
                      <Table.Td ff="monospace">{range.partNumber}</Table.Td>
                      <Table.Td ff="monospace">{pad(range.from)}</Table.Td>
                      <Table.Td ff="monospace">{pad(range.to)}</Table.Td>
                      <Table.Td>{range.note ?? '—'}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{range.createdBy}</Text>
                        <Text size="xs" c="dimmed">
                          {date.long(range.createdAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {range.allocated === 0 && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            onClick={() => void remove(range)}
                            aria-label={t('serial_ranges.delete.of', {
                              partNumber: range.partNumber,
                              from: pad(range.from),
                            })}
                          >
                            {t('serial_ranges.delete.confirm')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </CallState>
    </Stack>
  );
}
