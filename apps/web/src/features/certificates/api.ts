import { certificateIssueListAnswerSchema, certificateSchema } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/** Every query of the certificates tool starts with this key: a registration reloads them all. */
export const CERTIFICATES_KEY = ['certificates'] as const;

export function certificateIssuesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...CERTIFICATES_KEY, 'issues', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Certificates/Issues?${query}`, { schema: certificateIssueListAnswerSchema, signal }),
  });
}

/** Registers a calibration: the form's fields and, when chosen, the document. */
export function registerCertificate(fields: Record<string, string>, document: File | null) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value.trim() !== '') body.append(name, value.trim());
  if (document) body.append('document', document, document.name);
  return apiRequest('/Certificates', { method: 'POST', body, schema: certificateSchema });
}
