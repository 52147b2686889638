import {
  addressBookAnswerSchema,
  addressBookEntrySchema,
  calibrationDeviceListAnswerSchema,
  calibrationOptionsSchema,
  orderListAnswerSchema,
  orderPreviewAnswerSchema,
  orderSchema,
  packageListAnswerSchema,
  pickupListAnswerSchema,
  type AddressBody,
  type carrierAuditBodySchema,
  type OrderAddressesBody,
  type OrderCreateBody,
  type OrderPreviewBody,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, noContent } from '../../lib/api';
import { ORDERS_KEY, orderBase as base, type OrderSide } from '../../lib/endpoints/orders';

export const calibrationOptionsQuery = queryOptions({
  queryKey: [...ORDERS_KEY, 'calibration-options'],
  queryFn: ({ signal }) =>
    apiRequest('/CalibrationRequest/Options', { schema: calibrationOptionsSchema, signal }),
});

export function calibrationDevicesQuery(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, 'calibration-devices', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/CalibrationRequest/Devices?${query}`, {
        schema: calibrationDeviceListAnswerSchema,
        signal,
      }),
  });
}

/** Prices the chosen devices at the chosen center: nothing is written. */
export const previewOrderMutation = mutationOptions({
  mutationKey: [...ORDERS_KEY, 'preview'],
  mutationFn: (body: OrderPreviewBody) =>
    apiRequest('/Orders/Preview', { method: 'POST', body, schema: orderPreviewAnswerSchema }),
});

/** An order placed: the orders, and the devices it takes, change. */
export const createOrderMutation = mutationOptions({
  mutationKey: [...ORDERS_KEY, 'create'],
  mutationFn: (body: OrderCreateBody) =>
    apiRequest('/Orders', {
      method: 'POST',
      body,
      schema: z.object({ id: z.number(), number: z.string() }),
    }),
  meta: { changes: [ORDERS_KEY] },
});

/** Sends the browser to the payment provider's checkout for this order. */
export const checkoutMutation = mutationOptions({
  mutationKey: [...ORDERS_KEY, 'checkout'],
  mutationFn: async (orderId: number) => {
    const { checkoutUrl } = await apiRequest(`/Orders/${orderId}/Checkout`, {
      method: 'POST',
      schema: z.object({ checkoutUrl: z.string() }),
    });
    window.location.assign(checkoutUrl);
  },
});

/** The customer's orders, or staff's (orders management): the same answers under two routes. */

export function ordersQuery(side: OrderSide, query: URLSearchParams) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, side, 'list', query.toString()],
    queryFn: ({ signal }) => apiRequest(`${base(side)}?${query}`, { schema: orderListAnswerSchema, signal }),
  });
}

export function orderQuery(side: OrderSide, id: number) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, side, 'one', id],
    queryFn: ({ signal }) => apiRequest(`${base(side)}/${id}`, { schema: orderSchema, signal }),
  });
}

/** Staff correct an order's addresses: answers the order after it. */
export const editOrderAddressesMutation = mutationOptions({
  mutationKey: [...ORDERS_KEY, 'staff', 'addresses'],
  mutationFn: ({ id, body }: { id: number; body: OrderAddressesBody }) =>
    apiRequest(`/Shop/Orders/${id}/Addresses`, { method: 'PUT', body, schema: orderSchema }),
  meta: { changes: [ORDERS_KEY] },
});

export const invoiceLink = (side: OrderSide, id: number) =>
  apiRequest(`${base(side)}/${id}/Invoice`, { schema: z.object({ mediaLink: z.string() }) });

export const addressBookQuery = queryOptions({
  queryKey: [...ORDERS_KEY, 'address-book'],
  queryFn: ({ signal }) => apiRequest('/Addresses', { schema: addressBookAnswerSchema, signal }),
});

/** An address added to the company's book (no id) or changed: answers the address saved. */
export const saveAddressMutation = mutationOptions({
  mutationKey: [...ORDERS_KEY, 'address-book', 'save'],
  mutationFn: ({ id, body }: { id: number | null; body: AddressBody }) =>
    id === null
      ? apiRequest('/Addresses', { method: 'POST', body, schema: addressBookEntrySchema })
      : apiRequest(`/Addresses/${id}`, { method: 'PUT', body, schema: addressBookEntrySchema }),
  meta: { changes: [ORDERS_KEY] },
});

export const deleteAddressMutation = mutationOptions({
  mutationKey: [...ORDERS_KEY, 'address-book', 'delete'],
  mutationFn: (id: number) => apiRequest(`/Addresses/${id}`, { method: 'DELETE', schema: noContent }),
  meta: { changes: [ORDERS_KEY] },
});

export function packagesQuery(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, 'packages', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Shop/Packages?${query}`, { schema: packageListAnswerSchema, signal }),
  });
}

export function carrierAuditQuery(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, 'carrier-audit', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Shop/CarrierAudit?${query}`, { schema: packageListAnswerSchema, signal }),
  });
}

export function pickupsQuery(pageNumber: number, pageSize: number) {
  const query = new URLSearchParams({ PageNumber: String(pageNumber), PageSize: String(pageSize) });
  return queryOptions({
    queryKey: [...ORDERS_KEY, 'pickups', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Shop/PackagePickups?${query}`, { schema: pickupListAnswerSchema, signal }),
  });
}

export const packageLabel = (id: number) =>
  apiRequest(`/Shop/Packages/${id}/Label`, { schema: z.object({ mediaLink: z.string() }) });

/** Staff accept a carrier's charge or dispute it. */
export const reviewCarrierChargeMutation = mutationOptions({
  mutationKey: [...ORDERS_KEY, 'carrier-audit', 'review'],
  mutationFn: ({ id, body }: { id: number; body: z.input<typeof carrierAuditBodySchema> }) =>
    apiRequest(`/Shop/CarrierAudit/${id}`, { method: 'PUT', body, schema: noContent }),
  meta: { changes: [ORDERS_KEY] },
});
