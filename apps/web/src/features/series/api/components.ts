import { componentSchema, type Component, type componentBodySchema } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, noContent } from '../../../lib/api';

const path = (serialNumber: string) => `/Series/${encodeURIComponent(serialNumber)}/components`;

export function componentsQueryKey(serialNumber: string) {
  return ['components', serialNumber] as const;
}

export function componentsQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: componentsQueryKey(serialNumber),
    queryFn: ({ signal }) => apiRequest(path(serialNumber), { schema: z.array(componentSchema), signal }),
  });
}

export type NewComponent = z.infer<typeof componentBodySchema>;

export function addComponent(serialNumber: string, component: NewComponent): Promise<Component> {
  return apiRequest(path(serialNumber), { method: 'POST', body: component, schema: componentSchema });
}

export function setComponentStatus(serialNumber: string, id: number, status: Component['status']) {
  return apiRequest(`${path(serialNumber)}/${id}`, {
    method: 'PATCH',
    body: { status },
    schema: componentSchema,
  });
}

export function removeComponent(serialNumber: string, id: number): Promise<null> {
  return apiRequest(`${path(serialNumber)}/${id}`, { method: 'DELETE', schema: noContent });
}
