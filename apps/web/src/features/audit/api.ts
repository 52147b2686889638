import { auditListAnswerSchema, readCursorPaging } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiResponse } from '../../lib/api';

/** `GET /api/AuditLog`: a page of the audit log, its paging from the x-paging-* headers. */
export function auditQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: ['audit-log', query.toString()],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiResponse(`/AuditLog?${query}`, {
        schema: auditListAnswerSchema,
        signal,
      });
      return { entries: data.data, paging: readCursorPaging((name) => headers.get(name)) };
    },
  });
}
