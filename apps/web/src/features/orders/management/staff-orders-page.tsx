import { ORDER_LIST, ORDER_TOKENS } from '@fleet/contract';
import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TokenListFrame } from '../../../components/list/token-list-frame';
import { useTokenList } from '../../../components/list/use-token-list';
import type { TokenOptions } from '../../../components/search-tokens/token-options';
import { companiesQueryOptions } from '../../../lib/endpoints/directory';
import { messageKey } from '../../../lib/message-key';
import { shopServiceCentersQuery } from '../../../lib/endpoints/service-centers';
import { ordersQuery } from '../api';
import { useOrderColumns } from '../order-columns';
import { StaffOrderDrawer } from './order-drawer';

const ORDER_ID = 'orderId';

/** The orders table's columns; an order's number is the button that opens it (`open`). */
function useStaffOrderColumns(open: (id: number) => void) {
  const { t } = useTranslation();
  return useOrderColumns(
    (order) => (
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        onClick={() => open(order.id)}
        aria-label={t('orders_management.open', { number: order.number })}
      >
        {order.number}
      </Button>
    ),
    true,
  );
}

/** Orders management's orders: every company's (service partners: their centers'), an order opened in a drawer. */
export function StaffOrdersPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const companies = useQuery(companiesQueryOptions);
  const centers = useQuery(shopServiceCentersQuery);
  const orders = useTokenList({
    definition: ORDER_LIST,
    rememberAs: 'orders-management',
    keep: [ORDER_ID],
    tokens: ORDER_TOKENS,
    query: (request) => ordersQuery('staff', request),
    errorAction: 'orders_management.list',
  });
  const options = useCallback<TokenOptions>(
    (definition) => {
      switch (definition.type) {
        case 'Status':
          return definition.choices?.map((value) => ({
            value,
            label: t(`orders.status.${messageKey(value)}`),
          }));
        case 'Company':
          return companies.data?.companies.map((company) => ({ value: company.id, label: company.name }));
        case 'ServiceCenter':
          return centers.data?.serviceCenters.map((center) => ({
            value: String(center.id),
            label: center.name,
          }));
        default:
          return undefined;
      }
    },
    [t, companies.data, centers.data],
  );
  const orderId = Number(searchParams.get(ORDER_ID)) || null;
  const open = (id: number | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(ORDER_ID);
      else next.set(ORDER_ID, String(id));
      return next;
    });
  const columns = useStaffOrderColumns(open);
  return (
    <Stack gap="md">
      <TokenListFrame
        state={orders}
        items={(data) => data.orders}
        summary={(count) => t('orders.page.total', { count })}
        empty={{ title: t('orders.page.empty_title'), text: t('orders_management.empty_text') }}
        freeTextType="Search"
        options={options}
        table={{
          label: t('orders.page.table'),
          columns,
          rowKey: (order) => String(order.id),
          minWidth: 900,
          rowClick: { mode: 'callback', onClick: (order) => open(order.id), focusable: false },
        }}
      />
      <StaffOrderDrawer orderId={orderId} onClose={() => open(null)} />
    </Stack>
  );
}
