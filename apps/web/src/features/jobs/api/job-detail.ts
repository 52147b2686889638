import {
  jobDetailAnswerSchema,
  jobGraphListAnswerSchema,
  jobGraphAnswerSchema,
  jobPictureListAnswerSchema,
  jobPictureSchema,
  JOB_API_VERSION_HEADER,
  jobSchema,
  jobTemplateListAnswerSchema,
  jobTemplateSchema,
  type JobEdit,
  type JobLayout,
  type JobTemplate,
  type ListState,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, noContent } from '../../../lib/api';
import { JOBS_KEY } from './jobs';

const path = (id: string) => encodeURIComponent(id);

export const jobDetailQueryKey = (id: string) => ['job-detail', id] as const;

/** The job with its counts and edits (jobs spec §7 `GET Jobs/JobDetail/{id}`). */
export function jobDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: jobDetailQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest(`/Jobs/JobDetail/${path(id)}`, { schema: jobDetailAnswerSchema, signal }).then(
        (answer) => answer.data,
      ),
  });
}

/** The job as the API holds it (jobs spec §7 `GET /Jobs/{id}`, version 2.0): what "raw data" shows. */
export function jobQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['job', id],
    queryFn: ({ signal }) =>
      apiRequest(`/Jobs/${path(id)}`, {
        schema: jobSchema,
        signal,
        headers: { [JOB_API_VERSION_HEADER]: '2.0' },
      }),
  });
}

/** A job's data edited: the job and the lists that show it reload. */
export function editJobMutation(id: string) {
  return mutationOptions({
    mutationKey: [...jobDetailQueryKey(id), 'edit'],
    mutationFn: (edit: JobEdit) =>
      apiRequest(`/Jobs/${path(id)}`, { method: 'PATCH', body: edit, schema: jobSchema }),
    meta: { changes: [jobDetailQueryKey(id), JOBS_KEY] },
  });
}

/** The tags users may edit (jobs spec §7 `GET /Jobs/EditableTags`): the server's list, kept a while. */
export function editableTagsQueryOptions() {
  return queryOptions({
    queryKey: ['job-editable-tags'],
    staleTime: 30 * 60_000,
    queryFn: ({ signal }) => apiRequest('/Jobs/EditableTags', { schema: z.array(z.string()), signal }),
  });
}

const jobTemplatesQueryKey = ['job-templates'] as const;

/** The saved report layouts; they change rarely, and saving one reloads them. */
export function jobTemplatesQueryOptions() {
  return queryOptions({
    queryKey: jobTemplatesQueryKey,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      apiRequest('/Jobs/template', { schema: jobTemplateListAnswerSchema, signal }).then(
        // The server keeps only layouts its import rules accept: their tags are of the catalogue.
        (answer) => answer.data as JobTemplate[],
      ),
  });
}

/**
 * One saved layout by its name (jobs spec §7 `GET /Jobs/template/{id}`), read afresh: the layout editor
 * starts from the server's copy, not from a list read minutes ago.
 */
export function jobTemplateQueryOptions(name: string) {
  return queryOptions({
    queryKey: [...jobTemplatesQueryKey, name],
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiRequest(`/Jobs/template/${path(name)}`, { schema: jobTemplateSchema, signal }).then(
        (template) => template as JobTemplate,
      ),
  });
}

/** Creates a layout (no id) or updates the one `id` names: the layouts reload. */
export const saveJobTemplateMutation = mutationOptions({
  mutationKey: [...jobTemplatesQueryKey, 'save'],
  mutationFn: ({ name, layout, id }: { name: string; layout: JobLayout; id?: string }) =>
    apiRequest(`/Jobs/template/${path(name)}`, {
      method: 'POST',
      body: { ...layout, ...(id ? { id } : {}) },
      schema: jobTemplateSchema,
    }),
  meta: { changes: [jobTemplatesQueryKey] },
});

export const deleteJobTemplateMutation = mutationOptions({
  mutationKey: [...jobTemplatesQueryKey, 'delete'],
  mutationFn: (name: string) =>
    apiRequest(`/Jobs/template/${path(name)}`, { method: 'DELETE', schema: noContent }),
  meta: { changes: [jobTemplatesQueryKey] },
});

export function jobGraphsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['job-graphs', id],
    queryFn: ({ signal }) =>
      apiRequest(`/Jobs/${path(id)}/Graphs`, { schema: jobGraphListAnswerSchema, signal }),
  });
}

/** A graph's points: a large answer, kept while the page is open (graphs never change). */
export function jobGraphQueryOptions(graphId: string | null) {
  return queryOptions({
    queryKey: ['job-graph', graphId],
    enabled: graphId !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest(`/Jobs/Graphs/${path(graphId ?? '')}`, { schema: jobGraphAnswerSchema, signal }),
  });
}

/** One picture afresh (`GET /jobs/{id}/pictures/{pictureId}`): its link, which expires, renewed to show it. */
export function jobPictureQueryOptions(id: string, pictureId: string | null) {
  return queryOptions({
    queryKey: ['job-picture', id, pictureId],
    enabled: pictureId !== null,
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiRequest(`/jobs/${path(id)}/pictures/${path(pictureId ?? '')}`, { schema: jobPictureSchema, signal }),
  });
}

/** One page of a job's pictures; their links expire, so a page is not kept long. */
export function jobPicturesQueryOptions(id: string, list: ListState) {
  const query = new URLSearchParams({
    PageNumber: String(list.pageNumber),
    PageSize: String(list.pageSize),
    SortColumnName: list.sortColumnName,
    SortOrder: list.sortOrder,
  });
  const search = list.filters.Search?.[0];
  if (search) query.set('Search', search);
  return queryOptions({
    queryKey: ['job-pictures', id, query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/jobs/${path(id)}/pictures?${query}`, { schema: jobPictureListAnswerSchema, signal }),
  });
}
