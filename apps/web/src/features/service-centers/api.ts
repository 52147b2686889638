import {
  internalStepsAnswerSchema,
  serviceCenterListAnswerSchema,
  type InternalStepsBody,
  type ServiceCenterBody,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { SERVICE_CENTERS_KEY } from '../../lib/endpoints/service-centers';

export const serviceCentersQuery = queryOptions({
  queryKey: [...SERVICE_CENTERS_KEY, 'list'],
  queryFn: ({ signal }) => apiRequest('/ServiceCenters', { schema: serviceCenterListAnswerSchema, signal }),
});

/** A center created (no id) or changed: the centers reload, with the lists orders and carriers read. */
export const saveServiceCenterMutation = mutationOptions({
  mutationKey: [...SERVICE_CENTERS_KEY, 'save'],
  mutationFn: ({ id, body }: { id: number | null; body: ServiceCenterBody }) =>
    apiRequest(id === null ? '/ServiceCenters' : `/ServiceCenters/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body,
      schema: z.object({ id: z.number() }),
    }),
  meta: { changes: [SERVICE_CENTERS_KEY] },
});

export const internalStepsQuery = (centerId: number) =>
  queryOptions({
    queryKey: [...SERVICE_CENTERS_KEY, 'steps', centerId],
    queryFn: ({ signal }) =>
      apiRequest(`/ServiceCenters/${centerId}/InternalSteps`, { schema: internalStepsAnswerSchema, signal }),
  });

/** A center's steps saved as a whole: its steps and the centers' step counts reload. */
export const saveInternalStepsMutation = mutationOptions({
  mutationKey: [...SERVICE_CENTERS_KEY, 'save-steps'],
  mutationFn: ({ centerId, body }: { centerId: number; body: InternalStepsBody }) =>
    apiRequest(`/ServiceCenters/${centerId}/InternalSteps`, {
      method: 'PUT',
      body,
      schema: internalStepsAnswerSchema,
    }),
  meta: { changes: [SERVICE_CENTERS_KEY] },
});
