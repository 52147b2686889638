import { seriesDetailSchema } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { SERIES_DETAIL_KEY } from '../../../lib/query-keys';

export function seriesDetailQueryKey(serialNumber: string) {
  return [...SERIES_DETAIL_KEY, serialNumber] as const;
}

/** One device with its users, accessories and the actions the user may do on it now. */
export function seriesDetailQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: seriesDetailQueryKey(serialNumber),
    queryFn: ({ signal }) =>
      apiRequest(`/Series/${encodeURIComponent(serialNumber)}`, { schema: seriesDetailSchema, signal }),
  });
}
