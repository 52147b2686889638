import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api';

/** Every query of service centers starts with this key: a change of a center reloads them. */
export const SERVICE_CENTERS_KEY = ['service-centers'] as const;

/** The service centers orders are sent to (orders, carriers, internal steps), by name. */
export const shopServiceCentersQuery = queryOptions({
  queryKey: [...SERVICE_CENTERS_KEY, 'shop'],
  queryFn: ({ signal }) =>
    apiRequest('/Shop/ServiceCenters', {
      schema: z.object({
        serviceCenters: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
      }),
      signal,
    }),
});
