import { serialRangeListAnswerSchema, serialRangeSchema, type SerialRangeBody } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';

export const SERIAL_RANGES_KEY = ['serial-ranges'] as const;

export const serialRangesQueryOptions = queryOptions({
  queryKey: SERIAL_RANGES_KEY,
  queryFn: ({ signal }) => apiRequest('/SerialRanges', { schema: serialRangeListAnswerSchema, signal }),
});

export const createSerialRange = (body: SerialRangeBody) =>
  apiRequest('/SerialRanges', { method: 'POST', body, schema: serialRangeSchema });

export const deleteSerialRange = (id: number) =>
  apiRequest(`/SerialRanges/${id}`, { method: 'DELETE', schema: noContent });
