import {
  esatAnswerListAnswerSchema,
  esatImportAnswerSchema,
  esatImportPreviewSchema,
  esatOptionsAnswerSchema,
  esatStatisticsAnswerSchema,
  surveyListAnswerSchema,
  surveySchema,
  taskRequestAnswerSchema,
  type EsatEntryBody,
  type EsatImportRow,
  type ListExportRequestInput,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/** Every ESAT query starts with this key: an entry or an import reloads them all. */
export const ESAT_KEY = ['esat'] as const;

export const esatOptionsQuery = queryOptions({
  queryKey: [...ESAT_KEY, 'options'],
  queryFn: ({ signal }) => apiRequest('/Esat/Options', { schema: esatOptionsAnswerSchema, signal }),
  staleTime: 5 * 60_000,
});

export const esatStatisticsQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: [...ESAT_KEY, 'statistics', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Esat/Statistics?${query}`, { schema: esatStatisticsAnswerSchema, signal }),
  });

export const esatAnswersQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: [...ESAT_KEY, 'answers', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Esat/Answers?${query}`, { schema: esatAnswerListAnswerSchema, signal }),
  });

export const surveysQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: [...ESAT_KEY, 'surveys', query.toString()],
    queryFn: ({ signal }) => apiRequest(`/Esat/Surveys?${query}`, { schema: surveyListAnswerSchema, signal }),
  });

export const surveyQuery = (id: number) =>
  queryOptions({
    queryKey: [...ESAT_KEY, 'survey', id],
    queryFn: ({ signal }) => apiRequest(`/Esat/Surveys/${id}`, { schema: surveySchema, signal }),
  });

/** A survey's answers entered by hand: the figures, answers and surveys reload. */
export const answerSurveyMutation = mutationOptions({
  mutationKey: [...ESAT_KEY, 'answer'],
  mutationFn: (body: EsatEntryBody) =>
    apiRequest('/Esat/Answers', { method: 'POST', body, schema: surveySchema }),
  meta: { changes: [ESAT_KEY] },
});

/** Reads a results file on the server: every row checked, nothing written. */
export function previewEsatImport(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest('/Esat/Import/Preview', { method: 'POST', body, schema: esatImportPreviewSchema });
}

export const checkEsatImport = (body: { draft: string; changes: EsatImportRow[] }) =>
  apiRequest('/Esat/Import/Check', {
    method: 'POST',
    body,
    schema: esatImportPreviewSchema.pick({ rows: true }),
  });

export const importEsatResults = (body: { draft: string; changes: EsatImportRow[] }) =>
  apiRequest('/Esat/Import', { method: 'POST', body, schema: esatImportAnswerSchema });

export const requestEsatAnswersExport = (body: ListExportRequestInput) =>
  apiRequest('/Esat/Answers/Export', { method: 'POST', body, schema: taskRequestAnswerSchema });
