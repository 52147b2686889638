import { PART_NUMBER_DESCRIPTION_MAX_LENGTH, type PartNumberSummary } from '@fleet/contract';
import { Button, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { prompt } from '../../components/dialogs';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { describePartNumberMutation, partNumbersQueryOptions } from './api';

const PAGE_SIZE = 50;

function partNumberColumns(
  t: TFunction,
  describe: (row: PartNumberSummary) => void,
): DataColumn<PartNumberSummary>[] {
  return [
    {
      prop: 'partNumber',
      labelLang: 'configuration.part_numbers.columns.part_number',
      cell: (row) => (
        <Text span size="sm" ff="monospace">
          {row.partNumber}
        </Text>
      ),
    },
    {
      prop: 'description',
      labelLang: 'configuration.part_numbers.columns.description',
      forceNormalWordBreak: true,
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c={row.description ? undefined : 'dimmed'}>
            {row.description ?? t('configuration.part_numbers.no_description')}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => describe(row)}
            aria-label={t('configuration.part_numbers.edit_of', { partNumber: row.partNumber })}
          >
            {t('configuration.part_numbers.edit')}
          </Button>
        </Group>
      ),
    },
    {
      prop: 'types',
      labelLang: 'configuration.part_numbers.columns.types',
      cell: (row) => row.deviceTypes.join(', '),
    },
    {
      prop: 'makers',
      labelLang: 'configuration.part_numbers.columns.makers',
      forceNormalWordBreak: true,
      cell: (row) => row.makers.join(', '),
    },
    {
      prop: 'devices',
      labelLang: 'configuration.part_numbers.columns.devices',
      cell: (row) => row.deviceCount.toLocaleString(),
    },
    {
      prop: 'activated',
      labelLang: 'configuration.part_numbers.columns.activated',
      cell: (row) => row.activatedCount.toLocaleString(),
    },
    { prop: 'ranges', labelLang: 'configuration.part_numbers.columns.ranges', cell: (row) => row.rangeCount },
  ];
}

/** Part numbers (CONFIGURATION.PARTNUMBERS): the part numbers the devices carry, with their types and counts. */
export function PartNumbersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const partNumbers = useQuery({
    ...partNumbersQueryOptions(debounced, page),
    placeholderData: keepPreviousData,
  });
  const describing = useMutation(describePartNumberMutation);
  const describe = async (row: PartNumberSummary) => {
    const answer = await prompt({
      title: t('configuration.part_numbers.describe_title', { partNumber: row.partNumber }),
      label: t('configuration.part_numbers.description'),
      description: t('configuration.part_numbers.description_hint'),
      initialValue: row.description ?? '',
      confirmLabel: t('configuration.part_numbers.save'),
      validate: (value) =>
        value.trim().length > PART_NUMBER_DESCRIPTION_MAX_LENGTH
          ? { error: t('configuration.part_numbers.too_long', { max: PART_NUMBER_DESCRIPTION_MAX_LENGTH }) }
          : null,
    });
    if (!answer) return;
    try {
      await describing.mutateAsync({ partNumber: row.partNumber, description: answer.value.trim() });
      showSuccess(t('configuration.part_numbers.saved', { partNumber: row.partNumber }));
    } catch (error) {
      showError(error, 'configuration.part_numbers.describe');
    }
  };
  const columns = partNumberColumns(t, (row) => void describe(row));
  return (
    <Stack gap="md">
      <Text>{t('configuration.part_numbers.intro')}</Text>
      <TextInput
        label={t('configuration.part_numbers.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value.toUpperCase());
          setPage(1);
        }}
        maxLength={100}
        w={{ base: '100%', sm: 320 }}
      />
      <CallState call={partNumbers}>
        {(data) => (
          <Stack gap="sm">
            <Text fw={600}>{t('configuration.part_numbers.total', { count: data.totalCount })}</Text>
            <DataTable
              label={t('configuration.part_numbers.table')}
              columns={columns}
              items={data.partNumbers}
              rowKey={(row) => row.partNumber}
              minWidth={720}
            />
            {data.totalCount > PAGE_SIZE && (
              <Pagination
                total={Math.ceil(data.totalCount / PAGE_SIZE)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
              />
            )}
          </Stack>
        )}
      </CallState>
    </Stack>
  );
}
