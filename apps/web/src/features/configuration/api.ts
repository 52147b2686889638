import {
  partNumberListAnswerSchema,
  migrationPreviewAnswerSchema,
  taskRequestAnswerSchema,
  type MigrationPreviewBody,
  type MigrationRequest,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const previewMigration = (body: MigrationPreviewBody) =>
  apiRequest('/Configuration/Migration/Preview', {
    method: 'POST',
    body,
    schema: migrationPreviewAnswerSchema,
  });

export const requestMigration = (body: MigrationRequest) =>
  apiRequest('/Configuration/Migration', { method: 'POST', body, schema: taskRequestAnswerSchema });

export function partNumbersQueryOptions(search: string, page: number) {
  const query = new URLSearchParams({ PageNumber: String(page), ...(search ? { Search: search } : {}) });
  return queryOptions({
    queryKey: ['configuration', 'part-numbers', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Configuration/PartNumbers?${query}`, { schema: partNumberListAnswerSchema, signal }),
  });
}
