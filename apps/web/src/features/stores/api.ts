import {
  seriesDetailSchema,
  storeDeviceListAnswerSchema,
  storeListAnswerSchema,
  storeSchema,
  storeImportAnswerSchema,
  storeImportPreviewSchema,
  type StoreBody,
  type StoreImportRow,
  taskRequestAnswerSchema,
  type ListExportRequestInput,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';

/** Every query of the stores tool starts with this key: a change reloads them all. */
export const STORES_KEY = ['stores'] as const;

export function storesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...STORES_KEY, 'list', query.toString()],
    queryFn: ({ signal }) => apiRequest(`/Store?${query}`, { schema: storeListAnswerSchema, signal }),
  });
}

export function storeQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...STORES_KEY, 'one', id],
    queryFn: ({ signal }) => apiRequest(`/Store/${id}`, { schema: storeSchema, signal }),
  });
}

export function storeDevicesQueryOptions(id: number, pageNumber: number, pageSize: number) {
  const query = new URLSearchParams({ PageNumber: String(pageNumber), PageSize: String(pageSize) });
  return queryOptions({
    queryKey: [...STORES_KEY, 'devices', id, query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Store/${id}/devices?${query}`, { schema: storeDeviceListAnswerSchema, signal }),
  });
}

export const createStore = (body: StoreBody) =>
  apiRequest('/Store', { method: 'POST', body, schema: storeSchema });

export const updateStore = (id: number, body: StoreBody) =>
  apiRequest(`/Store/${id}`, { method: 'PUT', body, schema: storeSchema });

export const deleteStore = (id: number) =>
  apiRequest(`/Store/${id}`, { method: 'DELETE', schema: noContent });

export const attachDevice = (id: number, serialNumber: string) =>
  apiRequest(`/Store/${id}/store/${encodeURIComponent(serialNumber)}`, {
    method: 'POST',
    schema: seriesDetailSchema,
  });

export const detachDevice = (id: number, serialNumber: string) =>
  apiRequest(`/Store/${id}/store/${encodeURIComponent(serialNumber)}`, {
    method: 'DELETE',
    schema: seriesDetailSchema,
  });

/** Reads a stores file on the server: every row checked, nothing written. */
export function previewStoreImport(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest('/Store/Import/Preview', { method: 'POST', body, schema: storeImportPreviewSchema });
}

/** Checks the rows again after some were fixed. */
export const checkStoreImport = (body: { draft: string; changes: StoreImportRow[] }) =>
  apiRequest('/Store/Import/Check', {
    method: 'POST',
    body,
    schema: storeImportPreviewSchema.pick({ rows: true }),
  });

export const importStores = (body: { draft: string; changes: StoreImportRow[] }) =>
  apiRequest('/Store/Import', { method: 'POST', body, schema: storeImportAnswerSchema });

/** Queues an export of the stores of these filters; the answer is the task's id. */
export const requestStoreExport = (body: ListExportRequestInput) =>
  apiRequest('/Store/Export', { method: 'POST', body, schema: taskRequestAnswerSchema });
