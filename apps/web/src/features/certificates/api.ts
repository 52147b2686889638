import { z } from 'zod';
import {
  certificateIssueListAnswerSchema,
  certificateListAnswerSchema,
  certificateSchema,
  certificateTemplateListSchema,
  certificateTemplateSchema,
  certificateDeliveryListSchema,
  createdDeliverySchema,
  deliveryCandidateListSchema,
  deliveryEmailSchema,
  type CertificateDeliveryBody,
  type CertificateReview,
} from '@fleet/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';

/** Every query of the certificates tool starts with this key: a registration reloads them all. */
export const CERTIFICATES_KEY = ['certificates'] as const;

/** What shows a device's calibration: the tool's lists, the device's page and certificates tab, the lists' badges. */
const SHOWING_CALIBRATION = [
  CERTIFICATES_KEY,
  ['series-detail'],
  ['device-certificates'],
  ['certificate-validity'],
  ['series-list'],
] as const;

/** After a certificate is registered, assigned or reviewed: everything that shows a calibration reloads. */
export const certificatesChanged = (queryClient: QueryClient) =>
  Promise.all(SHOWING_CALIBRATION.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

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

export function certificatesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...CERTIFICATES_KEY, 'list', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Certificates?${query}`, { schema: certificateListAnswerSchema, signal }),
  });
}

export const assignCertificate = (id: number, serialNumber: string) =>
  apiRequest(`/Certificates/${id}/device`, {
    method: 'PUT',
    body: { serialNumber },
    schema: certificateSchema,
  });

export const reviewCertificate = (id: number, review: CertificateReview) =>
  apiRequest(`/Certificates/${id}/quality`, { method: 'PUT', body: review, schema: certificateSchema });

/** Opens a certificate's document in a new tab. */
export async function openCertificateDocument(id: number) {
  const { mediaLink } = await apiRequest(`/Certificates/${id}/document`, {
    schema: z.object({ mediaLink: z.string() }),
  });
  window.open(mediaLink, '_blank', 'noopener');
}

export const certificateTemplatesQueryOptions = queryOptions({
  queryKey: [...CERTIFICATES_KEY, 'templates'],
  queryFn: ({ signal }) =>
    apiRequest('/Certificates/Templates', { schema: certificateTemplateListSchema, signal }),
});

export const saveCertificateTemplate = (deviceType: string, body: string) =>
  apiRequest(`/Certificates/Templates/${encodeURIComponent(deviceType)}`, {
    method: 'PUT',
    body: { body },
    schema: certificateTemplateSchema,
  });

export const deleteCertificateTemplate = (deviceType: string) =>
  apiRequest(`/Certificates/Templates/${encodeURIComponent(deviceType)}`, {
    method: 'DELETE',
    schema: noContent,
  });

export function deliveriesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...CERTIFICATES_KEY, 'deliveries', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Certificates/Deliveries?${query}`, { schema: certificateDeliveryListSchema, signal }),
  });
}

export function deliveryCandidatesQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: [...CERTIFICATES_KEY, 'delivery-candidates', companyId],
    queryFn: ({ signal }) =>
      apiRequest(`/Certificates/Deliveries/Candidates?Company=${encodeURIComponent(companyId)}`, {
        schema: deliveryCandidateListSchema,
        signal,
      }),
  });
}

export const createDelivery = (body: CertificateDeliveryBody) =>
  apiRequest('/Certificates/Deliveries', { method: 'POST', body, schema: createdDeliverySchema });

export const deliveryEmail = (id: number) =>
  apiRequest(`/Certificates/Deliveries/${id}/email`, { schema: deliveryEmailSchema });
