import {
  JOB_API_VERSION_HEADER,
  TIMING,
  archivedJobListAnswerSchema,
  jobAssociationListAnswerSchema,
  jobCountAnswerSchema,
  jobFiltersAnswerSchema,
  jobListAnswerSchema,
  readCursorPaging,
  type CursorPaging,
  type Job,
  type JobListKind,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, apiResponse } from '../../../lib/api';

/** The answers of version 2.0 (spec §7): `{data}`. */
const VERSION = { [JOB_API_VERSION_HEADER]: '2.0' };

const LIST_PATHS: Record<JobListKind, string> = {
  LIVE: '/Jobs',
  SYNTHETIC: '/Jobs/synthetic',
  ARCHIVED: '/jobs/archived-jobs',
};

export interface JobPage {
  jobs: Job[];
  paging: CursorPaging;
}

/** Every jobs list starts with this key: a job edited reloads them. */
export const JOBS_KEY = ['jobs'] as const;

/** One page of jobs of a list kind, with its paging cursors from the answer's headers. */
export function jobsQueryOptions(kind: JobListKind, query: URLSearchParams) {
  return queryOptions({
    queryKey: [...JOBS_KEY, kind, query.toString()],
    // New jobs come in all the time; archived ones never change.
    refetchInterval: kind === 'ARCHIVED' ? false : TIMING.liveJobsReloadMs,
    queryFn: async ({ signal }): Promise<JobPage> => {
      const path = `${LIST_PATHS[kind]}?${query}`;
      const paging = (headers: Headers) => readCursorPaging((name) => headers.get(name));
      if (kind === 'ARCHIVED') {
        const { data, headers } = await apiResponse(path, { schema: archivedJobListAnswerSchema, signal });
        return { jobs: data.data.data, paging: paging(headers) };
      }
      const { data, headers } = await apiResponse(path, {
        schema: jobListAnswerSchema,
        signal,
        headers: VERSION,
      });
      return { jobs: data.data, paging: paging(headers) };
    },
  });
}

/** How many jobs match (exact up to the server's bound), asked for by the info button only. */
export function jobCountQueryOptions(kind: JobListKind, query: URLSearchParams) {
  return queryOptions({
    queryKey: ['jobs-count', kind, query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`${LIST_PATHS[kind]}/count?${query}`, { schema: jobCountAnswerSchema, signal }),
  });
}

/** A filter list of the jobs lists (GET /Jobs/Filters/*), kept a while: it changes slowly. */
function lookupQueryOptions<T>(name: string, schema: z.ZodType<T>) {
  return queryOptions({
    queryKey: ['jobs-filters', name],
    queryFn: ({ signal }) => apiRequest(`/Jobs/Filters/${name}`, { schema, signal }),
    staleTime: 5 * 60_000,
  });
}

export const jobUsersQueryOptions = () =>
  lookupQueryOptions('Users', jobFiltersAnswerSchema.pick({ users: true }));
export const jobDeviceTypesQueryOptions = () =>
  lookupQueryOptions('DevicesTypes', jobFiltersAnswerSchema.pick({ devicesTypes: true }));
export const jobGroupsQueryOptions = () =>
  lookupQueryOptions('Groups', jobFiltersAnswerSchema.pick({ groups: true }));

export function associationsQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: ['job-associations', query.toString()],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiResponse(`/jobs/jobs-associations?${query}`, {
        schema: jobAssociationListAnswerSchema,
        signal,
      });
      return { associations: data.data.data, paging: readCursorPaging((name) => headers.get(name)) };
    },
  });
}
