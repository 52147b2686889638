import {
  internalStepsAnswerSchema,
  serviceCenterListAnswerSchema,
  type InternalStepsBody,
  type ServiceCenterBody,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { SERVICE_CENTERS_KEY } from '../../lib/endpoints/service-centers';

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
