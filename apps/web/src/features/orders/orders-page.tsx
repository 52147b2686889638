import { ORDER_LIST, ORDER_TOKENS } from '@fleet/contract';
import { Anchor, Stack, Table } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../lib/message-key';
import { Link } from 'react-router';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { orderPath, paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { useMoney } from '../../hooks/use-money';
import { ordersQuery } from './api';
import { OrderStatusBadge } from './order-view/order-status-badge';
import { PageFrame } from '../../components/page-frame';

/** Route /user/orders: the company's orders, newest first, each opened to its page. */
export function OrdersPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const money = useMoney();
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
        >
          {(page) => (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" aria-label={t('orders.page.table')}>
                <Table.Thead>
                  <Table.Tr>
                    {['number', 'placed', 'status', 'devices', 'center', 'total'].map((column) => (
                      <Table.Th key={column}>{t(`orders.columns.${column}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.map((order) => (
                    <Table.Tr key={order.id} data-testid="order-row">
                      <Table.Td>
                        <Anchor component={Link} to={orderPath(paths.userOrder, order.id)}>
                          {order.number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{date.long(order.createdAt)}</Table.Td>
                      <Table.Td>
                        <OrderStatusBadge status={order.status} />
                      </Table.Td>
                      <Table.Td>{order.deviceCount}</Table.Td>
                      <Table.Td>{order.serviceCenter.name}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {money(order.totalMinor, order.currency)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </TokenListFrame>
      </Stack>
    </PageFrame>
  );
}
