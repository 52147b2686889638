import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../../components/call-state';
import { Pager } from '../../../components/list/pager';
import { useDateFormat } from '../../../hooks/use-date-format';
import { messageKey } from '../../../lib/message-key';
import { pickupsQuery } from '../api';

const PAGE_SIZE = 20;

/** Orders management's pick-ups: each booked with a carrier, the latest day first, with its packages. */
export function PickupsPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const [page, setPage] = useState(1);
  const pickups = useQuery(pickupsQuery(page, PAGE_SIZE));
  return (
    <CallState call={pickups}>
      {(data) =>
        data.pickups.length === 0 ? (
          <Text c="dimmed">{t('orders_management.pickups.empty')}</Text>
        ) : (
          <Stack gap="sm">
            <Text fw={600}>{t('orders_management.pickups.total', { count: data.totalCount })}</Text>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" aria-label={t('orders_management.pickups.table')}>
                <Table.Thead>
                  <Table.Tr>
                    {['day', 'carrier', 'confirmation', 'place', 'packages', 'booked_by'].map((column) => (
                      <Table.Th key={column}>{t(`orders_management.pickups.columns.${column}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.pickups.map((pickup) => (
                    <Table.Tr key={pickup.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{date.day(pickup.pickupDate)}</Table.Td>
                      <Table.Td>{pickup.carrier}</Table.Td>
                      <Table.Td ff="monospace">{pickup.confirmation}</Table.Td>
                      <Table.Td>{pickup.place}</Table.Td>
                      <Table.Td>
                        {pickup.packages.map((item) => (
                          <Group key={item.trackingNumber} gap={6} wrap="nowrap">
                            <Text size="sm">
                              {item.orderNumber} · {item.trackingNumber}
                            </Text>
                            <Badge size="sm" variant="light">
                              {t(`orders.packages.status.${messageKey(item.status)}`)}
                            </Badge>
                          </Group>
                        ))}
                      </Table.Td>
                      <Table.Td>{pickup.createdBy}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager pageNumber={page} pageSize={PAGE_SIZE} totalCount={data.totalCount} onPage={setPage} />
          </Stack>
        )
      }
    </CallState>
  );
}
