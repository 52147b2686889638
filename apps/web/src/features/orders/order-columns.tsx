import type { OrderSummary } from '@fleet/contract';
import type { ReactNode } from 'react';
import type { DataColumn } from '../../components/table/data-table';
import { useDateFormat } from '../../hooks/use-date-format';
import { useMoney } from '../../hooks/use-money';
import { OrderStatusBadge } from './order-view/order-status-badge';

/**
 * The columns of an orders table, the customer's and staff's alike: the number (as each list opens an
 * order), when it was placed, the company (for staff, who see every company's), status, devices, center
 * and total.
 */
export function useOrderColumns(
  number: (order: OrderSummary) => ReactNode,
  withCompany: boolean,
): DataColumn<OrderSummary>[] {
  const date = useDateFormat();
  const money = useMoney();
  return [
    { prop: 'number', labelLang: 'orders.columns.number', cell: number },
    {
      prop: 'placed',
      labelLang: 'orders.columns.placed',
      type: 'date',
      cell: (order) => date.long(order.createdAt),
    },
    ...(withCompany
      ? [
          {
            prop: 'company',
            labelLang: 'orders.columns.company',
            forceNormalWordBreak: true,
            cell: (order: OrderSummary) => order.company.name,
          },
        ]
      : []),
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
