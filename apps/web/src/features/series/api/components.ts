import { componentSchema, type Component, type componentBodySchema } from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
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

/** The changes of a device's components: each reloads the device's components once done. */
export function componentMutations(serialNumber: string) {
  const meta = { changes: [componentsQueryKey(serialNumber)] };
  return {
    add: mutationOptions({
      mutationKey: [...componentsQueryKey(serialNumber), 'add'],
      mutationFn: (component: NewComponent) =>
        apiRequest(path(serialNumber), { method: 'POST', body: component, schema: componentSchema }),
      meta,
    }),
    setStatus: mutationOptions({
      mutationKey: [...componentsQueryKey(serialNumber), 'status'],
      mutationFn: ({ id, status }: { id: number; status: Component['status'] }) =>
        apiRequest(`${path(serialNumber)}/${id}`, {
          method: 'PATCH',
          body: { status },
          schema: componentSchema,
        }),
      meta,
    }),
    remove: mutationOptions({
      mutationKey: [...componentsQueryKey(serialNumber), 'remove'],
      mutationFn: (id: number) =>
        apiRequest(`${path(serialNumber)}/${id}`, { method: 'DELETE', schema: noContent }),
      meta,
    }),
  };
}
