import {
  seriesListAnswerSchema,
  taskRequestAnswerSchema,
  TIMING,
  type ListExportRequestInput,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { SERIES_LIST_KEY } from '../../../lib/query-keys';
import { apiRequest } from '../../../lib/api';

/** One page of the devices list; it reloads itself every 2 minutes while shown (spec §4). */
export function seriesListQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...SERIES_LIST_KEY, query.toString()],
    queryFn: ({ signal }) => apiRequest(`/Series/User?${query}`, { schema: seriesListAnswerSchema, signal }),
    refetchInterval: TIMING.seriesListReloadMs,
  });
}

/** Queues an export of the devices of these filters (a selection among them); the answer is the task's id. */
export const requestSeriesExport = (body: ListExportRequestInput) =>
  apiRequest('/Series/User/Export', { method: 'POST', body, schema: taskRequestAnswerSchema });
