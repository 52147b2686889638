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
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';
import { SERIES_DETAIL_KEY, SERIES_LIST_KEY } from '../../lib/query-keys';

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

/** A store created (no id) or changed. */
export const saveStoreMutation = mutationOptions({
  mutationKey: [...STORES_KEY, 'save'],
  mutationFn: ({ id, body }: { id: number | null; body: StoreBody }) =>
    id === null
      ? apiRequest('/Store', { method: 'POST', body, schema: storeSchema })
      : apiRequest(`/Store/${id}`, { method: 'PUT', body, schema: storeSchema }),
  meta: { changes: [STORES_KEY] },
});

export const deleteStoreMutation = mutationOptions({
  mutationKey: [...STORES_KEY, 'delete'],
  mutationFn: (id: number) => apiRequest(`/Store/${id}`, { method: 'DELETE', schema: noContent }),
  meta: { changes: [STORES_KEY] },
});

const storeDevicePath = (id: number, serialNumber: string) =>
  `/Store/${id}/store/${encodeURIComponent(serialNumber)}`;
/** A device attached to a store or detached: the store, the device's page and the lists change. */
const storeDeviceChanges = [STORES_KEY, SERIES_DETAIL_KEY, SERIES_LIST_KEY];

export const attachDeviceMutation = mutationOptions({
  mutationKey: [...STORES_KEY, 'attach'],
  mutationFn: ({ id, serialNumber }: { id: number; serialNumber: string }) =>
    apiRequest(storeDevicePath(id, serialNumber), { method: 'POST', schema: seriesDetailSchema }),
  meta: { changes: storeDeviceChanges },
});

export const detachDeviceMutation = mutationOptions({
  mutationKey: [...STORES_KEY, 'detach'],
  mutationFn: ({ id, serialNumber }: { id: number; serialNumber: string }) =>
    apiRequest(storeDevicePath(id, serialNumber), { method: 'DELETE', schema: seriesDetailSchema }),
  meta: { changes: storeDeviceChanges },
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
