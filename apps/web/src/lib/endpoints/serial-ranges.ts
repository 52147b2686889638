import { serialRangeListAnswerSchema } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api';

/** Every query of the serial ranges starts with this key: a new range or batch reloads them. */
export const SERIAL_RANGES_KEY = ['serial-ranges'] as const;

/** The serial-number ranges with what each allocated (serial management and the factory). */
export const serialRangesQueryOptions = queryOptions({
  queryKey: SERIAL_RANGES_KEY,
  queryFn: ({ signal }) => apiRequest('/SerialRanges', { schema: serialRangeListAnswerSchema, signal }),
});
