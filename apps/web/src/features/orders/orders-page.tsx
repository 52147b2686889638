import { ORDER_LIST, ORDER_TOKENS, type OrderSummary } from '@fleet/contract';
import { Stack } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../lib/message-key';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import type { DataColumn } from '../../components/table/data-table';
import { orderPath, paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { useMoney } from '../../hooks/use-money';
import { ordersQuery } from './api';
import { OrderStatusBadge } from './order-view/order-status-badge';
import { PageFrame } from '../../components/page-frame';

/** The orders table's columns: a company's own, so no company column. */
function useOrderColumns(): DataColumn<OrderSummary>[] {
  const date = useDateFormat();
  const money = useMoney();
  return [
    { prop: 'number', labelLang: 'orders.columns.number', cell: (order) => order.number },
    {
      prop: 'placed',
      labelLang: 'orders.columns.placed',
      type: 'date',
      cell: (order) => date.long(order.createdAt),
    },
    {
      prop: 'status',
      labelLang: 'orders.columns.status',
      type: 'status',
      cell: (order) => <OrderStatusBadge status={order.status} />,
    },
    {
      prop: 'devices',
      labelLang: 'orders.columns.devices',
      type: 'number',
      cell: (order) => order.deviceCount,
    },
    {
      prop: 'center',
      labelLang: 'orders.columns.center',
      forceNormalWordBreak: true,
      cell: (order) => order.serviceCenter.name,
    },
    {
      prop: 'total',
      labelLang: 'orders.columns.total',
      type: 'number',
      cell: (order) => money(order.totalMinor, order.currency),
    },
  ];
}

/** Route /user/orders: the company's orders, newest first, each opened to its page. */
export function OrdersPage() {
  const { t } = useTranslation();
  const orders = useTokenList({
    definition: ORDER_LIST,
    rememberAs: 'user-orders',
    tokens: ORDER_TOKENS,
    query: (request) => ordersQuery('customer', request),
    errorAction: 'orders.list',
  });
  const options = useCallback<TokenOptions>(
    (definition) =>
      definition.type === 'Status'
        ? definition.choices?.map((value) => ({ value, label: t(`orders.status.${messageKey(value)}`) }))
        : undefined,
    [t],
  );
  const columns = useOrderColumns();
  return (
    <PageFrame title={t('orders.page.title')} intro={t('orders.page.intro')}>
      <Stack gap="md">
        <TokenListFrame
          state={orders}
          items={(data) => data.orders}
          summary={(count) => t('orders.page.total', { count })}
          empty={{ title: t('orders.page.empty_title'), text: t('orders.page.empty_text') }}
          freeTextType="Search"
          options={options}
          table={{
            label: t('orders.page.table'),
            columns,
            rowKey: (order) => String(order.id),
            minWidth: 760,
            rowClick: {
              mode: 'redirect',
              to: (order) => orderPath(paths.userOrder, order.id),
              linkColumn: 'number',
              linkLabel: (order) => t('orders_management.open', { number: order.number }),
            },
          }}
        />
      </Stack>
    </PageFrame>
  );
}
