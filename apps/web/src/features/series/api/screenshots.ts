import { screenshotListAnswerSchema, type ListState } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
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

export function deleteScreenshot(name: string): Promise<null> {
  return apiRequest(`/Screenshots?${new URLSearchParams({ ScreenshotName: name })}`, {
    method: 'DELETE',
    schema: noContent,
  });
}
