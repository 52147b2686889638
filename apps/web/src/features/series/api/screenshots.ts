import { screenshotListAnswerSchema, type ListState } from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../../lib/api';

export function screenshotsQueryKey(serialNumber: string) {
  return ['screenshots', serialNumber] as const;
}

/** One sorted page of a device's screenshots; their links expire, so a page is not kept long. */
export function screenshotsQueryOptions(serialNumber: string, list: ListState) {
  const query = new URLSearchParams({
    pageSize: String(list.pageSize),
    pageNumber: String(list.pageNumber),
    sortColumnName: list.sortColumnName,
    sortOrder: list.sortOrder,
  });
  return queryOptions({
    queryKey: [...screenshotsQueryKey(serialNumber), query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Screenshots/${encodeURIComponent(serialNumber)}?${query}`, {
        schema: screenshotListAnswerSchema,
        signal,
      }),
  });
}

/** Deletes a screenshot of a device: its screenshots reload once done. */
export const deleteScreenshotMutation = (serialNumber: string) =>
  mutationOptions({
    mutationKey: [...screenshotsQueryKey(serialNumber), 'delete'],
    mutationFn: (name: string) =>
      apiRequest(`/Screenshots?${new URLSearchParams({ ScreenshotName: name })}`, {
        method: 'DELETE',
        schema: noContent,
      }),
    meta: { changes: [screenshotsQueryKey(serialNumber)] },
  });
