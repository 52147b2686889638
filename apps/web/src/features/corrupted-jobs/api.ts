import { corruptedJobListAnswerSchema, corruptedJobSchema } from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const CORRUPTED_JOBS_KEY = ['corrupted-jobs'] as const;

export function corruptedJobsQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...CORRUPTED_JOBS_KEY, query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/CorruptedJobs?${query}`, { schema: corruptedJobListAnswerSchema, signal }),
  });
}

/** A refused job sent again with its payload fixed: the list reloads with its new status. */
export const reprocessCorruptedJobMutation = mutationOptions({
  mutationKey: [...CORRUPTED_JOBS_KEY, 'reprocess'],
  mutationFn: ({ id, payload }: { id: number; payload: string }) =>
    apiRequest(`/CorruptedJobs/${id}/reprocess`, {
      method: 'POST',
      body: { payload },
      schema: corruptedJobSchema,
    }),
  meta: { changes: [CORRUPTED_JOBS_KEY] },
});

export const discardCorruptedJobMutation = mutationOptions({
  mutationKey: [...CORRUPTED_JOBS_KEY, 'discard'],
  mutationFn: (id: number) =>
    apiRequest(`/CorruptedJobs/${id}/discard`, { method: 'POST', schema: corruptedJobSchema }),
  meta: { changes: [CORRUPTED_JOBS_KEY] },
});
