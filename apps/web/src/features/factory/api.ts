import {
  factoryBatchCreatedSchema,
  factoryBatchListAnswerSchema,
  type FactoryBatchBody,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { SERIAL_RANGES_KEY } from '../../lib/endpoints/serial-ranges';

export const FACTORY_KEY = ['factory'] as const;

export const factoryBatchesQueryOptions = queryOptions({
  queryKey: [...FACTORY_KEY, 'batches'],
  queryFn: ({ signal }) => apiRequest('/Factory/Batches', { schema: factoryBatchListAnswerSchema, signal }),
});

/** A batch registered: the batches, and the ranges it took its serial numbers from, change. */
export const createFactoryBatchMutation = mutationOptions({
  mutationKey: [...FACTORY_KEY, 'create'],
  mutationFn: (body: FactoryBatchBody) =>
    apiRequest('/Factory/Batches', { method: 'POST', body, schema: factoryBatchCreatedSchema }),
  meta: { changes: [FACTORY_KEY, SERIAL_RANGES_KEY] },
});
