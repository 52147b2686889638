import { accessoryListAnswerSchema, readCursorPaging } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api';
import { ACCESSORIES_KEY } from '../../../lib/query-keys';

/** One page of accessories with its paging cursors, which come in the answer's headers. */
export function accessoriesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...ACCESSORIES_KEY, query.toString()],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiResponse(`/Accessories?${query}`, {
        schema: accessoryListAnswerSchema,
        signal,
      });
      return { accessories: data.data, paging: readCursorPaging((name) => headers.get(name)) };
    },
  });
}
