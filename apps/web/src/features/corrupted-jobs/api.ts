import { corruptedJobListAnswerSchema, corruptedJobSchema } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const CORRUPTED_JOBS_KEY = ['corrupted-jobs'] as const;

export function corruptedJobsQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...CORRUPTED_JOBS_KEY, query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/CorruptedJobs?${query}`, { schema: corruptedJobListAnswerSchema, signal }),
  });
}

export const reprocessCorruptedJob = (id: number, payload: string) =>
  apiRequest(`/CorruptedJobs/${id}/reprocess`, {
    method: 'POST',
    body: { payload },
    schema: corruptedJobSchema,
  });

export const discardCorruptedJob = (id: number) =>
  apiRequest(`/CorruptedJobs/${id}/discard`, { method: 'POST', schema: corruptedJobSchema });
