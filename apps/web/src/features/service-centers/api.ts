import {
  internalStepsAnswerSchema,
  serviceCenterListAnswerSchema,
  type InternalStepsBody,
  type ServiceCenterBody,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';

/** Every service-center query starts with this key: a change reloads them all. */
export const SERVICE_CENTERS_KEY = ['service-centers'] as const;

export const serviceCentersQuery = queryOptions({
  queryKey: [...SERVICE_CENTERS_KEY, 'list'],
  queryFn: ({ signal }) => apiRequest('/ServiceCenters', { schema: serviceCenterListAnswerSchema, signal }),
});

export const saveServiceCenter = (id: number | null, body: ServiceCenterBody) =>
  apiRequest(id === null ? '/ServiceCenters' : `/ServiceCenters/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: z.object({ id: z.number() }),
  });

export const internalStepsQuery = (centerId: number) =>
  queryOptions({
    queryKey: [...SERVICE_CENTERS_KEY, 'steps', centerId],
    queryFn: ({ signal }) =>
      apiRequest(`/ServiceCenters/${centerId}/InternalSteps`, { schema: internalStepsAnswerSchema, signal }),
  });

export const saveInternalSteps = (centerId: number, body: InternalStepsBody) =>
  apiRequest(`/ServiceCenters/${centerId}/InternalSteps`, {
    method: 'PUT',
    body,
    schema: internalStepsAnswerSchema,
  });
