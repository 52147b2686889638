import { orderSchema } from '@fleet/contract';
import { mutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { SERVICE_CENTERS_KEY } from './service-centers';

/** Every query of orders and services starts with this key: a change reloads them all. */
export const ORDERS_KEY = ['orders'] as const;

/** Who reads an order: its customer, staff who act on it, accounting who only read it. */
export type OrderSide = 'customer' | 'staff' | 'accounting';
const BASES: Record<OrderSide, string> = {
  customer: '/Orders',
  staff: '/Shop/Orders',
  accounting: '/Accounting/Orders',
};
export const orderBase = (side: OrderSide) => BASES[side];

/**
 * An action on an order by the customer or staff (`action` as the API names it: `RequestQuote`, `Cancel`,
 * `Pickup`, `NextStep`…), with its body: answers the order after it. The centers' lists of orders at each
 * step reload with the orders.
 */
export const orderActionMutation = (side: 'customer' | 'staff') =>
  mutationOptions({
    mutationKey: [...ORDERS_KEY, side, 'action'],
    mutationFn: ({ id, action, body = {} }: { id: number; action: string; body?: object }) =>
      apiRequest(`${orderBase(side)}/${id}/${action}`, { method: 'POST', body, schema: orderSchema }),
    meta: { changes: [ORDERS_KEY, SERVICE_CENTERS_KEY] },
  });
