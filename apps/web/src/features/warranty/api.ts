import {
  taskRequestAnswerSchema,
  warrantyDecodeAnswerSchema,
  type ListExportRequestInput,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/** `GET /api/WarrantyCode/{code}`: the code's parts, job and device, with ro, bac and vin compared. */
export function warrantyDecodeQueryOptions(code: string, references: URLSearchParams) {
  return queryOptions({
    queryKey: ['warranty', code, references.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/WarrantyCode/${encodeURIComponent(code)}?${references}`, {
        schema: warrantyDecodeAnswerSchema,
        signal,
      }),
  });
}

/** Queues the decoding of a file of codes; the answer is the task's id. */
export function requestBulkDecode(file: File, request: ListExportRequestInput) {
  const body = new FormData();
  body.append('ExportDescription', request.ExportDescription);
  body.append('ExportType', request.ExportType);
  body.append('file', file, file.name);
  return apiRequest('/WarrantyCode/Bulk', { method: 'POST', body, schema: taskRequestAnswerSchema });
}
