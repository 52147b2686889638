import { ORDER_LIST, ORDER_TOKENS } from '@fleet/contract';
import { Stack } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../lib/message-key';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { orderPath, paths } from '../../config/paths';
import { ordersQuery } from './api';
import { useOrderColumns } from './order-columns';
import { PageFrame } from '../../components/page-frame';

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
  const columns = useOrderColumns((order) => order.number, false);
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
