import { ORDER_LIST, ORDER_TOKENS } from '@fleet/contract';
import { Button, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TokenListFrame } from '../../../components/list/token-list-frame';
import { useTokenList } from '../../../components/list/use-token-list';
import type { TokenOptions } from '../../../components/search-tokens/token-options';
import { useDateFormat } from '../../../hooks/use-date-format';
import { useMoney } from '../../../hooks/use-money';
import { companiesQueryOptions } from '../../../lib/endpoints/directory';
import { messageKey } from '../../../lib/message-key';
import { shopServiceCentersQuery } from '../../../lib/endpoints/service-centers';
import { ordersQuery } from '../api';
import { OrderStatusBadge } from '../order-view/order-status-badge';
import { StaffOrderDrawer } from './order-drawer';

const ORDER_ID = 'orderId';

/** Orders management's orders: every company's (service partners: their centers'), an order opened in a drawer. */
export function StaffOrdersPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const money = useMoney();
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
  return (
    <Stack gap="md">
      <TokenListFrame
        state={orders}
        items={(data) => data.orders}
        summary={(count) => t('orders.page.total', { count })}
        empty={{ title: t('orders.page.empty_title'), text: t('orders_management.empty_text') }}
        freeTextType="Search"
        options={options}
      >
        {(page) => (
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover verticalSpacing="sm" aria-label={t('orders.page.table')}>
              <Table.Thead>
                <Table.Tr>
                  {['number', 'placed', 'company', 'status', 'devices', 'center', 'total'].map((column) => (
                    <Table.Th key={column}>{t(`orders.columns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.map((order) => (
                  <Table.Tr key={order.id} data-testid="staff-order-row">
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={4}
                        onClick={() => open(order.id)}
                        aria-label={t('orders_management.open', { number: order.number })}
                      >
                        {order.number}
                      </Button>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{date.long(order.createdAt)}</Table.Td>
                    <Table.Td>{order.company.name}</Table.Td>
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
      <StaffOrderDrawer orderId={orderId} onClose={() => open(null)} />
    </Stack>
  );
}
