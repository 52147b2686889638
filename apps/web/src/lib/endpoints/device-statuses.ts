import {
  certificateValidityMapSchema,
  devicesLastUpdateAnswerSchema,
  heartbeatStatusMapSchema,
  TIMING,
  type UpdateEntry,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { CERTIFICATE_VALIDITY_KEY } from '../query-keys';

/** Online status of up to 100 devices in one call, polled while shown (spec §4: every 30 s). */
export function heartbeatStatusesQueryOptions(serialNumbers: readonly string[]) {
  return queryOptions({
    queryKey: ['heartbeat-status', serialNumbers],
    queryFn: ({ signal }) =>
      apiRequest('/HeartBeat/status', {
        method: 'POST',
        body: serialNumbers,
        schema: heartbeatStatusMapSchema,
        signal,
      }),
    refetchInterval: TIMING.heartbeatRefreshMs,
    enabled: serialNumbers.length > 0,
  });
}

/** Calibration validity of up to 100 devices in one call; needs the CERTIFICATESSTATUSES feature. */
export function certificateValiditiesQueryOptions(serialNumbers: readonly string[], allowed: boolean) {
  return queryOptions({
    queryKey: [...CERTIFICATE_VALIDITY_KEY, serialNumbers],
    queryFn: ({ signal }) =>
      apiRequest('/DeviceCertificate/Validity/status', {
        method: 'POST',
        body: serialNumbers,
        schema: certificateValidityMapSchema,
        signal,
      }),
    enabled: allowed && serialNumbers.length > 0,
  });
}

/** The newest update of up to 100 devices in one call, by serial number; needs SERIES.DETAILS.UPDATES. */
export function lastUpdatesQueryOptions(serialNumbers: readonly string[], allowed: boolean) {
  return queryOptions({
    queryKey: ['last-update', serialNumbers],
    queryFn: async ({ signal }): Promise<Record<string, UpdateEntry | null>> => {
      const answer = await apiRequest('/Updates/DevicesLastUpdate', {
        method: 'POST',
        body: { serialNumbers },
        schema: devicesLastUpdateAnswerSchema,
        signal,
      });
      return Object.fromEntries(answer.map((one) => [one.serialNumber, one.lastUpdate]));
    },
    enabled: allowed && serialNumbers.length > 0,
  });
}
