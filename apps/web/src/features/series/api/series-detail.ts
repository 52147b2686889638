import { seriesDetailSchema, type SeriesDetail } from '@fleet/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { ACCESSORIES_KEY, SERIES_DETAIL_KEY, SERIES_LIST_KEY } from '../../../lib/query-keys';

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

/**
 * After a change to a device: the detail shows the server's answer (or is reloaded when the call answered
 * nothing), and every list that may show the device reloads.
 */
export async function deviceChanged(
  queryClient: QueryClient,
  serialNumber: string,
  answer: SeriesDetail | null,
): Promise<void> {
  if (answer) queryClient.setQueryData(seriesDetailQueryKey(serialNumber), answer);
  await Promise.all([
    answer ? null : queryClient.invalidateQueries({ queryKey: seriesDetailQueryKey(serialNumber) }),
    queryClient.invalidateQueries({ queryKey: SERIES_LIST_KEY }),
    queryClient.invalidateQueries({ queryKey: ACCESSORIES_KEY }),
  ]);
}

/** After a change to a selection of devices: the lists reload, and so do the pages of the devices changed. */
export async function selectionChanged(queryClient: QueryClient, changed: readonly string[]): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: SERIES_LIST_KEY }),
    ...changed.map((serialNumber) =>
      queryClient.invalidateQueries({ queryKey: seriesDetailQueryKey(serialNumber) }),
    ),
  ]);
}
