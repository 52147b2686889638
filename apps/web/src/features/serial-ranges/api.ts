import { serialRangeSchema, type SerialRangeBody } from '@fleet/contract';
import { apiRequest, noContent } from '../../lib/api';

export { SERIAL_RANGES_KEY, serialRangesQueryOptions } from '../../lib/endpoints/serial-ranges';

export const createSerialRange = (body: SerialRangeBody) =>
  apiRequest('/SerialRanges', { method: 'POST', body, schema: serialRangeSchema });

export const deleteSerialRange = (id: number) =>
  apiRequest(`/SerialRanges/${id}`, { method: 'DELETE', schema: noContent });
