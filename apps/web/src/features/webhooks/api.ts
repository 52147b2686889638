import {
  webhookAttemptListSchema,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
  type ListState,
  type WebhookCreate,
  type WebhookUpdate,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';
import { offsetListRequest } from '../../lib/list-request';

/** Every query of the webhooks starts with this key: a change of an endpoint reloads them. */
const WEBHOOKS_KEY = ['webhooks'] as const;
const DELIVERIES_KEY = [...WEBHOOKS_KEY, 'deliveries'] as const;

export const endpointsQueryOptions = queryOptions({
  queryKey: [...WEBHOOKS_KEY, 'endpoints'],
  queryFn: ({ signal }) => apiRequest('/Webhooks', { schema: webhookEndpointListSchema, signal }),
});

/** One page of an endpoint's delivery log. */
export function deliveriesQueryOptions(endpointId: number, list: ListState) {
  const query = offsetListRequest(list, list.filters);
  return queryOptions({
    queryKey: [...DELIVERIES_KEY, endpointId, query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Webhooks/${endpointId}/Deliveries?${query}`, {
        schema: webhookDeliveryListSchema,
        signal,
      }),
  });
}

export function attemptsQueryOptions(endpointId: number, deliveryId: number) {
  return queryOptions({
    queryKey: [...DELIVERIES_KEY, endpointId, 'attempts', deliveryId],
    queryFn: ({ signal }) =>
      apiRequest(`/Webhooks/${endpointId}/Deliveries/${deliveryId}/Attempts`, {
        schema: webhookAttemptListSchema,
        signal,
      }),
  });
}

export const createEndpointMutation = mutationOptions({
  mutationKey: [...WEBHOOKS_KEY, 'create'],
  mutationFn: (body: WebhookCreate) =>
    apiRequest('/Webhooks', { method: 'POST', body, schema: webhookCreatedSchema }),
  meta: { changes: [WEBHOOKS_KEY] },
});

export const updateEndpointMutation = mutationOptions({
  mutationKey: [...WEBHOOKS_KEY, 'update'],
  mutationFn: ({ id, body }: { id: number; body: WebhookUpdate }) =>
    apiRequest(`/Webhooks/${id}`, { method: 'PUT', body, schema: webhookEndpointSchema }),
  meta: { changes: [WEBHOOKS_KEY] },
});

export const deleteEndpointMutation = mutationOptions({
  mutationKey: [...WEBHOOKS_KEY, 'delete'],
  mutationFn: (id: number) => apiRequest(`/Webhooks/${id}`, { method: 'DELETE', schema: noContent }),
  meta: { changes: [WEBHOOKS_KEY] },
});

export const rotateSecretMutation = mutationOptions({
  mutationKey: [...WEBHOOKS_KEY, 'rotate'],
  mutationFn: (id: number) =>
    apiRequest(`/Webhooks/${id}/Secret`, { method: 'POST', schema: webhookSecretSchema }),
});

export const replayDeliveryMutation = mutationOptions({
  mutationKey: [...DELIVERIES_KEY, 'replay'],
  mutationFn: ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
    apiRequest(`/Webhooks/${endpointId}/Deliveries/${deliveryId}/Replay`, {
      method: 'POST',
      schema: webhookDeliverySchema,
    }),
  meta: { changes: [DELIVERIES_KEY] },
});
