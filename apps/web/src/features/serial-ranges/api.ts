import { serialRangeSchema, type SerialRangeBody } from '@fleet/contract';
import { mutationOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';
import { SERIAL_RANGES_KEY } from '../../lib/endpoints/serial-ranges';

export { serialRangesQueryOptions } from '../../lib/endpoints/serial-ranges';

export const createSerialRangeMutation = mutationOptions({
  mutationKey: [...SERIAL_RANGES_KEY, 'create'],
  mutationFn: (body: SerialRangeBody) =>
    apiRequest('/SerialRanges', { method: 'POST', body, schema: serialRangeSchema }),
  meta: { changes: [SERIAL_RANGES_KEY] },
});

export const deleteSerialRangeMutation = mutationOptions({
  mutationKey: [...SERIAL_RANGES_KEY, 'delete'],
  mutationFn: (id: number) => apiRequest(`/SerialRanges/${id}`, { method: 'DELETE', schema: noContent }),
  meta: { changes: [SERIAL_RANGES_KEY] },
});
