import { PART_NUMBER_DESCRIPTION_MAX_LENGTH, type PartNumberSummary } from '@fleet/contract';
import { Button, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { prompt } from '../../components/dialogs';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { describePartNumberMutation, partNumbersQueryOptions } from './api';

const PAGE_SIZE = 50;

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
            <Table.ScrollContainer minWidth={720}>
              <Table aria-label={t('configuration.part_numbers.table')}>
                <Table.Thead>
                  <Table.Tr>
                    {['part_number', 'description', 'types', 'makers', 'devices', 'activated', 'ranges'].map(
                      (column) => (
                        <Table.Th key={column}>{t(`configuration.part_numbers.columns.${column}`)}</Table.Th>
                      ),
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.partNumbers.map((row) => (
                    <Table.Tr key={row.partNumber}>
                      <Table.Td ff="monospace">{row.partNumber}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm" c={row.description ? undefined : 'dimmed'}>
                            {row.description ?? t('configuration.part_numbers.no_description')}
                          </Text>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => void describe(row)}
                            aria-label={t('configuration.part_numbers.edit_of', {
                              partNumber: row.partNumber,
                            })}
                          >
                            {t('configuration.part_numbers.edit')}
                          </Button>
                        </Group>
                      </Table.Td>
                      <Table.Td>{row.deviceTypes.join(', ')}</Table.Td>
                      <Table.Td>{row.makers.join(', ')}</Table.Td>
                      <Table.Td>{row.deviceCount.toLocaleString()}</Table.Td>
                      <Table.Td>{row.activatedCount.toLocaleString()}</Table.Td>
                      <Table.Td>{row.rangeCount}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
