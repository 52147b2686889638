import {
  factoryBatchCreatedSchema,
  factoryBatchListAnswerSchema,
  type FactoryBatchBody,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const FACTORY_KEY = ['factory'] as const;

export const factoryBatchesQueryOptions = queryOptions({
  queryKey: [...FACTORY_KEY, 'batches'],
  queryFn: ({ signal }) => apiRequest('/Factory/Batches', { schema: factoryBatchListAnswerSchema, signal }),
});

export const createFactoryBatch = (body: FactoryBatchBody) =>
  apiRequest('/Factory/Batches', { method: 'POST', body, schema: factoryBatchCreatedSchema });
