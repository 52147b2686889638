import {
  auditListAnswerSchema,
  readCursorPaging,
  taskRequestAnswerSchema,
  type ListExportRequestInput,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiResponse } from '../../lib/api';

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

/** Queues an export of the log's entries of these filters; the answer is the task's id. */
export const requestAuditExport = (body: ListExportRequestInput) =>
  apiRequest('/AuditLog/Export', { method: 'POST', body, schema: taskRequestAnswerSchema });
