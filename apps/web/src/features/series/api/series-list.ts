import { seriesListAnswerSchema, TIMING } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** One page of the devices list; it reloads itself every 2 minutes while shown (spec §4). */
export function seriesListQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: ['series-list', query.toString()],
    queryFn: ({ signal }) => apiRequest(`/Series/User?${query}`, { schema: seriesListAnswerSchema, signal }),
    refetchInterval: TIMING.seriesListReloadMs,
  });
}
