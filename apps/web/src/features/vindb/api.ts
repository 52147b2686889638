import {
  BATTERY_IMPORT,
  VEHICLE_IMPORT,
  batteryListAnswerSchema,
  batterySchema,
  taskRequestAnswerSchema,
  vehicleDetailSchema,
  vehicleListAnswerSchema,
  vehicleMakesAnswerSchema,
  type BatteryBody,
  type BatteryChange,
  type BatteryImportRow,
  type ListExportRequestInput,
  type VehicleBody,
  type VehicleChange,
  type VehicleImportRow,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, noContent } from '../../lib/api';
import { VINDB_KEY } from '../../lib/endpoints/vehicles';

export { VINDB_KEY, vehicleQueryOptions } from '../../lib/endpoints/vehicles';

const vinPath = (vin: string) => `/Vehicles/${encodeURIComponent(vin)}`;
const referencePath = (reference: string) => `/Batteries/${encodeURIComponent(reference)}`;

export function vehiclesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...VINDB_KEY, 'vehicles', query.toString()],
    queryFn: ({ signal }) => apiRequest(`/Vehicles?${query}`, { schema: vehicleListAnswerSchema, signal }),
  });
}

/** The makes recorded, for the make filter; they seldom change. */
export const vehicleMakesQueryOptions = queryOptions({
  queryKey: [...VINDB_KEY, 'makes'],
  queryFn: ({ signal }) => apiRequest('/Vehicles/Makes', { schema: vehicleMakesAnswerSchema, signal }),
  staleTime: 60_000,
});

export function batteriesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...VINDB_KEY, 'batteries', query.toString()],
    queryFn: ({ signal }) => apiRequest(`/Batteries?${query}`, { schema: batteryListAnswerSchema, signal }),
  });
}

export function batteryQueryOptions(reference: string) {
  return queryOptions({
    queryKey: [...VINDB_KEY, 'battery', reference],
    queryFn: ({ signal }) => apiRequest(referencePath(reference), { schema: batterySchema, signal }),
  });
}

/** Every change of the vehicle database reloads its reads (lists, records, makes). */
const changes = [VINDB_KEY];

export const createVehicleMutation = mutationOptions({
  mutationKey: [...VINDB_KEY, 'create-vehicle'],
  mutationFn: (body: VehicleBody) =>
    apiRequest('/Vehicles', { method: 'POST', body, schema: vehicleDetailSchema }),
  meta: { changes },
});
export const updateVehicleMutation = mutationOptions({
  mutationKey: [...VINDB_KEY, 'update-vehicle'],
  mutationFn: ({ vin, body }: { vin: string; body: VehicleChange }) =>
    apiRequest(vinPath(vin), { method: 'PUT', body, schema: vehicleDetailSchema }),
  meta: { changes },
});
export const deleteVehicleMutation = mutationOptions({
  mutationKey: [...VINDB_KEY, 'delete-vehicle'],
  mutationFn: (vin: string) => apiRequest(vinPath(vin), { method: 'DELETE', schema: noContent }),
  meta: { changes },
});

export const createBatteryMutation = mutationOptions({
  mutationKey: [...VINDB_KEY, 'create-battery'],
  mutationFn: (body: BatteryBody) =>
    apiRequest('/Batteries', { method: 'POST', body, schema: batterySchema }),
  meta: { changes },
});
export const updateBatteryMutation = mutationOptions({
  mutationKey: [...VINDB_KEY, 'update-battery'],
  mutationFn: ({ reference, body }: { reference: string; body: BatteryChange }) =>
    apiRequest(referencePath(reference), { method: 'PUT', body, schema: batterySchema }),
  meta: { changes },
});
export const deleteBatteryMutation = mutationOptions({
  mutationKey: [...VINDB_KEY, 'delete-battery'],
  mutationFn: (reference: string) =>
    apiRequest(referencePath(reference), { method: 'DELETE', schema: noContent }),
  meta: { changes },
});

/** The two kinds of record a file holds: each with its import calls and its export. */
export const VINDB_FILES = {
  vehicles: {
    preview: (file: File) => upload('/Vehicles', file, VEHICLE_IMPORT.preview),
    check: (body: { draft: string; changes: VehicleImportRow[] }) =>
      apiRequest('/Vehicles/Import/Check', {
        method: 'POST',
        body,
        schema: VEHICLE_IMPORT.preview.pick({ rows: true }),
      }),
    commit: (body: { draft: string; changes: VehicleImportRow[] }) =>
      apiRequest('/Vehicles/Import', { method: 'POST', body, schema: VEHICLE_IMPORT.answer }),
    export: (body: ListExportRequestInput) =>
      apiRequest('/Vehicles/Export', { method: 'POST', body, schema: taskRequestAnswerSchema }),
  },
  batteries: {
    preview: (file: File) => upload('/Batteries', file, BATTERY_IMPORT.preview),
    check: (body: { draft: string; changes: BatteryImportRow[] }) =>
      apiRequest('/Batteries/Import/Check', {
        method: 'POST',
        body,
        schema: BATTERY_IMPORT.preview.pick({ rows: true }),
      }),
    commit: (body: { draft: string; changes: BatteryImportRow[] }) =>
      apiRequest('/Batteries/Import', { method: 'POST', body, schema: BATTERY_IMPORT.answer }),
    export: (body: ListExportRequestInput) =>
      apiRequest('/Batteries/Export', { method: 'POST', body, schema: taskRequestAnswerSchema }),
  },
} as const;

/** Reads a file on the server: every row checked, nothing written. */
function upload<T>(path: string, file: File, schema: z.ZodType<T>) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest(`${path}/Import/Preview`, { method: 'POST', body, schema });
}
