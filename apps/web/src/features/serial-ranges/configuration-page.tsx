import type { SerialRange } from '@fleet/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useDateFormat } from '../../hooks/use-date-format';
import { deleteSerialRangeMutation, serialRangesQueryOptions } from './api';
import { openRangeForm } from './range-form';

const pad = (value: number) => String(value).padStart(5, '0');

const monospace = (text: string) => (
  <Text span inherit ff="monospace">
    {text}
  </Text>
);

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
  const columns: DataColumn<SerialRange>[] = [
    {
      prop: 'partNumber',
      labelLang: 'serial_ranges.columns.part_number',
      cell: (range) => monospace(range.partNumber),
    },
    { prop: 'from', labelLang: 'serial_ranges.columns.from', cell: (range) => monospace(pad(range.from)) },
    { prop: 'to', labelLang: 'serial_ranges.columns.to', cell: (range) => monospace(pad(range.to)) },
    {
      prop: 'note',
      labelLang: 'serial_ranges.columns.note',
      forceNormalWordBreak: true,
      cell: (range) => range.note ?? '—',
    },
    {
      prop: 'created',
      labelLang: 'serial_ranges.columns.created',
      forceNormalWordBreak: true,
      cell: (range) => (
        <>
          <Text size="sm">{range.createdBy}</Text>
          <Text size="xs" c="dimmed">
            {date.long(range.createdAt)}
          </Text>
        </>
      ),
    },
    {
      prop: 'actions',
      labelLang: 'serial_ranges.columns.actions',
      type: 'action',
      cell: (range) =>
        range.allocated === 0 && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => void remove(range)}
            aria-label={t('serial_ranges.delete.of', { partNumber: range.partNumber, from: pad(range.from) })}
          >
            {t('serial_ranges.delete.confirm')}
          </Button>
        ),
    },
  ];
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
            <DataTable
              label={t('serial_ranges.configuration.table')}
              columns={columns}
              items={data.ranges}
              rowKey={(range) => String(range.id)}
              minWidth={720}
            />
          )
        }
      </CallState>
    </Stack>
  );
}
