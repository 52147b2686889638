import type { pickupRowSchema } from '@fleet/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CallState } from '../../../components/call-state';
import { Pager } from '../../../components/list/pager';
import { DataTable, type DataColumn } from '../../../components/table/data-table';
import { useDateFormat } from '../../../hooks/use-date-format';
import { messageKey } from '../../../lib/message-key';
import { pickupsQuery } from '../api';

const PAGE_SIZE = 20;

type Pickup = z.infer<typeof pickupRowSchema>;

/** The pick-ups table's columns: the day, the carrier's booking, and the packages it takes. */
function usePickupColumns(): DataColumn<Pickup>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  return [
    {
      prop: 'day',
      labelLang: 'orders_management.pickups.columns.day',
      type: 'date',
      cell: (pickup) => date.day(pickup.pickupDate),
    },
    {
      prop: 'carrier',
      labelLang: 'orders_management.pickups.columns.carrier',
      cell: (pickup) => pickup.carrier,
    },
    {
      prop: 'confirmation',
      labelLang: 'orders_management.pickups.columns.confirmation',
      cell: (pickup) => (
        <Text span size="sm" ff="monospace">
          {pickup.confirmation}
        </Text>
      ),
    },
    {
      prop: 'place',
      labelLang: 'orders_management.pickups.columns.place',
      forceNormalWordBreak: true,
      cell: (pickup) => pickup.place,
    },
    {
      prop: 'packages',
      labelLang: 'orders_management.pickups.columns.packages',
      cell: (pickup) =>
        pickup.packages.map((item) => (
          <Group key={item.trackingNumber} gap={6} wrap="nowrap">
            <Text size="sm">
              {item.orderNumber} · {item.trackingNumber}
            </Text>
            <Badge size="sm" variant="light">
              {t(`orders.packages.status.${messageKey(item.status)}`)}
            </Badge>
          </Group>
        )),
    },
    {
      prop: 'bookedBy',
      labelLang: 'orders_management.pickups.columns.booked_by',
      forceNormalWordBreak: true,
      cell: (pickup) => pickup.createdBy,
    },
  ];
}

/** Orders management's pick-ups: each booked with a carrier, the latest day first, with its packages. */
export function PickupsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pickups = useQuery(pickupsQuery(page, PAGE_SIZE));
  const columns = usePickupColumns();
  return (
    <CallState call={pickups}>
      {(data) =>
        data.pickups.length === 0 ? (
          <Text c="dimmed">{t('orders_management.pickups.empty')}</Text>
        ) : (
          <Stack gap="sm">
            <Text fw={600}>{t('orders_management.pickups.total', { count: data.totalCount })}</Text>
            <DataTable
              label={t('orders_management.pickups.table')}
              columns={columns}
              items={data.pickups}
              rowKey={(pickup) => String(pickup.id)}
              minWidth={760}
            />
            <Pager pageNumber={page} pageSize={PAGE_SIZE} totalCount={data.totalCount} onPage={setPage} />
          </Stack>
        )
      }
    </CallState>
  );
}
