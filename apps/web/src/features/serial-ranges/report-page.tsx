import { serialNumberOf } from '@fleet/contract';
import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { serialRangesQueryOptions } from './api';

/** Serial report (SERIALNUMBER): per range, the numbers allocated, activated and unused, and the next free one. */
export function ReportPage() {
  const { t } = useTranslation();
  const ranges = useQuery(serialRangesQueryOptions);
  const number = (value: number) => value.toLocaleString();
  return (
    <Stack gap="md">
      <Text>{t('serial_ranges.report.intro')}</Text>
      <CallState call={ranges}>
        {(data) => {
          const total = (key: 'allocated' | 'activated' | 'unused') =>
            data.ranges.reduce((sum, range) => sum + range[key], 0);
          return data.ranges.length === 0 ? (
            <Text c="dimmed">{t('serial_ranges.configuration.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table aria-label={t('serial_ranges.report.table')}>
                <Table.Thead>
                  <Table.Tr>
                    {['range', 'allocated', 'activated', 'unused', 'next'].map((column) => (
                      <Table.Th key={column}>{t(`serial_ranges.columns.${column}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.ranges.map((range) => (
                    <Table.Tr key={range.id}>
                      <Table.Td ff="monospace">
                        {serialNumberOf(range.partNumber, range.from)} –{' '}
                        {serialNumberOf(range.partNumber, range.to)}
                      </Table.Td>
                      <Table.Td>{number(range.allocated)}</Table.Td>
                      <Table.Td>{number(range.activated)}</Table.Td>
                      <Table.Td>{number(range.unused)}</Table.Td>
                      <Table.Td ff="monospace">
                        {range.next === null
                          ? t('serial_ranges.report.used_up')
                          : serialNumberOf(range.partNumber, range.next)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th scope="row">{t('serial_ranges.report.total')}</Table.Th>
                    <Table.Td fw={600}>{number(total('allocated'))}</Table.Td>
                    <Table.Td fw={600}>{number(total('activated'))}</Table.Td>
                    <Table.Td fw={600}>{number(total('unused'))}</Table.Td>
                    <Table.Td />
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          );
        }}
      </CallState>
    </Stack>
  );
}
