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
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, noContent } from '../../lib/api';

/** Every query of orders and services starts with this key: a change reloads them all. */
export const ORDERS_KEY = ['orders'] as const;

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

export const previewOrder = (body: OrderPreviewBody) =>
  apiRequest('/Orders/Preview', { method: 'POST', body, schema: orderPreviewAnswerSchema });

export const createOrder = (body: OrderCreateBody) =>
  apiRequest('/Orders', { method: 'POST', body, schema: z.object({ id: z.number(), number: z.string() }) });

export const startCheckout = (orderId: number) =>
  apiRequest(`/Orders/${orderId}/Checkout`, {
    method: 'POST',
    schema: z.object({ checkoutUrl: z.string() }),
  });

/** The customer's orders, or staff's (orders management): the same answers under two routes. */
export type OrderSide = 'customer' | 'staff';
const base = (side: OrderSide) => (side === 'customer' ? '/Orders' : '/Shop/Orders');

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

/** An action on an order (`RequestQuote`, `Cancel`, `Pickup`…): answers the order after it. */
export const orderAction = (side: OrderSide, id: number, action: string, body: object = {}) =>
  apiRequest(`${base(side)}/${id}/${action}`, { method: 'POST', body, schema: orderSchema });

export const editOrderAddresses = (id: number, body: OrderAddressesBody) =>
  apiRequest(`/Shop/Orders/${id}/Addresses`, { method: 'PUT', body, schema: orderSchema });

export const invoiceLink = (side: OrderSide, id: number) =>
  apiRequest(`${base(side)}/${id}/Invoice`, { schema: z.object({ mediaLink: z.string() }) });

export const addressBookQuery = queryOptions({
  queryKey: [...ORDERS_KEY, 'address-book'],
  queryFn: ({ signal }) => apiRequest('/Addresses', { schema: addressBookAnswerSchema, signal }),
});

export const createAddress = (body: AddressBody) =>
  apiRequest('/Addresses', { method: 'POST', body, schema: addressBookEntrySchema });

export const updateAddress = (id: number, body: AddressBody) =>
  apiRequest(`/Addresses/${id}`, { method: 'PUT', body, schema: addressBookEntrySchema });

export const deleteAddress = (id: number) =>
  apiRequest(`/Addresses/${id}`, { method: 'DELETE', schema: noContent });

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

export const reviewCarrierCharge = (id: number, body: z.input<typeof carrierAuditBodySchema>) =>
  apiRequest(`/Shop/CarrierAudit/${id}`, { method: 'PUT', body, schema: noContent });
