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
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';
import {
  CERTIFICATE_VALIDITY_KEY,
  DEVICE_CERTIFICATES_KEY,
  SERIES_DETAIL_KEY,
  SERIES_LIST_KEY,
} from '../../lib/query-keys';

/** Every query of the certificates tool starts with this key: a registration reloads them all. */
export const CERTIFICATES_KEY = ['certificates'] as const;

/** What shows a device's calibration: the tool's lists, the device's page and certificates tab, the lists' badges. */
const SHOWING_CALIBRATION = [
  CERTIFICATES_KEY,
  SERIES_DETAIL_KEY,
  DEVICE_CERTIFICATES_KEY,
  CERTIFICATE_VALIDITY_KEY,
  SERIES_LIST_KEY,
];

export function certificateIssuesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...CERTIFICATES_KEY, 'issues', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Certificates/Issues?${query}`, { schema: certificateIssueListAnswerSchema, signal }),
  });
}

/** Registers a calibration: the form's fields and, when chosen, the document. */
export const registerCertificateMutation = mutationOptions({
  mutationKey: [...CERTIFICATES_KEY, 'register'],
  mutationFn: ({ fields, document }: { fields: Record<string, string>; document: File | null }) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields))
      if (value.trim() !== '') body.append(name, value.trim());
    if (document) body.append('document', document, document.name);
    return apiRequest('/Certificates', { method: 'POST', body, schema: certificateSchema });
  },
  meta: { changes: SHOWING_CALIBRATION },
});

export function certificatesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...CERTIFICATES_KEY, 'list', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Certificates?${query}`, { schema: certificateListAnswerSchema, signal }),
  });
}

export const assignCertificateMutation = mutationOptions({
  mutationKey: [...CERTIFICATES_KEY, 'assign'],
  mutationFn: ({ id, serialNumber }: { id: number; serialNumber: string }) =>
    apiRequest(`/Certificates/${id}/device`, {
      method: 'PUT',
      body: { serialNumber },
      schema: certificateSchema,
    }),
  meta: { changes: SHOWING_CALIBRATION },
});

export const reviewCertificateMutation = mutationOptions({
  mutationKey: [...CERTIFICATES_KEY, 'review'],
  mutationFn: ({ id, review }: { id: number; review: CertificateReview }) =>
    apiRequest(`/Certificates/${id}/quality`, { method: 'PUT', body: review, schema: certificateSchema }),
  meta: { changes: SHOWING_CALIBRATION },
});

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

const templatePath = (deviceType: string) => `/Certificates/Templates/${encodeURIComponent(deviceType)}`;

export const saveCertificateTemplateMutation = mutationOptions({
  mutationKey: [...CERTIFICATES_KEY, 'save-template'],
  mutationFn: ({ deviceType, body }: { deviceType: string; body: string }) =>
    apiRequest(templatePath(deviceType), {
      method: 'PUT',
      body: { body },
      schema: certificateTemplateSchema,
    }),
  meta: { changes: [certificateTemplatesQueryOptions.queryKey] },
});

export const deleteCertificateTemplateMutation = mutationOptions({
  mutationKey: [...CERTIFICATES_KEY, 'delete-template'],
  mutationFn: (deviceType: string) =>
    apiRequest(templatePath(deviceType), { method: 'DELETE', schema: noContent }),
  meta: { changes: [certificateTemplatesQueryOptions.queryKey] },
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

export const createDeliveryMutation = mutationOptions({
  mutationKey: [...CERTIFICATES_KEY, 'deliver'],
  mutationFn: (body: CertificateDeliveryBody) =>
    apiRequest('/Certificates/Deliveries', { method: 'POST', body, schema: createdDeliverySchema }),
  meta: { changes: [CERTIFICATES_KEY] },
});

export const deliveryEmail = (id: number) =>
  apiRequest(`/Certificates/Deliveries/${id}/email`, { schema: deliveryEmailSchema });
