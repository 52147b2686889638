import { warrantyDecodeAnswerSchema } from '@fleet/contract';
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
