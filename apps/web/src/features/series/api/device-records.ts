import {
  certificateEntrySchema,
  connectionHistoryAnswerSchema,
  deviceConfigurationSchema,
  locationSchema,
  updateHistoryAnswerSchema,
  type ListState,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { DEVICE_CERTIFICATES_KEY } from '../../../lib/query-keys';
import { apiRequest } from '../../../lib/api';

const series = (serialNumber: string) => `/Series/${encodeURIComponent(serialNumber)}`;

/** One page of a device's connections (spec §7: SerialNumbers, PageSize, PageNumber). */
export function connectionHistoryQueryOptions(serialNumber: string, list: ListState) {
  const query = new URLSearchParams({
    SerialNumbers: serialNumber,
    PageSize: String(list.pageSize),
    PageNumber: String(list.pageNumber),
  });
  return queryOptions({
    queryKey: ['connection-history', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/ConnectionHistory?${query}`, { schema: connectionHistoryAnswerSchema, signal }),
  });
}

/** One sorted page of a device's update history. */
export function updateHistoryQueryOptions(serialNumber: string, list: ListState) {
  const body = {
    serialNumbers: [serialNumber],
    pageSize: list.pageSize,
    pageNumber: list.pageNumber,
    sortColumnName: list.sortColumnName,
    sortOrder: list.sortOrder,
  };
  return queryOptions({
    queryKey: ['update-history', body],
    queryFn: ({ signal }) =>
      apiRequest('/Updates/history', { method: 'POST', body, schema: updateHistoryAnswerSchema, signal }),
  });
}

/** The configuration the device last reported; null when it never reported one. */
export function deviceConfigurationQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: ['device-configuration', serialNumber],
    queryFn: ({ signal }) =>
      apiRequest(`${series(serialNumber)}/configuration`, { schema: deviceConfigurationSchema, signal }),
  });
}

export function deviceCertificatesQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: [...DEVICE_CERTIFICATES_KEY, serialNumber],
    queryFn: ({ signal }) =>
      apiRequest(`${series(serialNumber)}/certificates`, { schema: z.array(certificateEntrySchema), signal }),
  });
}

/** The positions the device reported, newest first. */
export function deviceLocationsQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: ['device-locations', serialNumber],
    queryFn: ({ signal }) =>
      apiRequest(`${series(serialNumber)}/locations`, { schema: z.array(locationSchema), signal }),
  });
}
