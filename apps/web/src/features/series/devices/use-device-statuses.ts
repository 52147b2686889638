import { useQuery } from '@tanstack/react-query';
import { useCanUse } from '../../../hooks/use-can-use';
import { useErrorToastOnce } from '../../../hooks/use-error-toast-once';
import {
  certificateValiditiesQueryOptions,
  heartbeatStatusesQueryOptions,
  lastUpdatesQueryOptions,
} from '../../../lib/endpoints/device-statuses';
import type { HeartbeatFreshness } from './heartbeat-indicator';

/**
 * Online status, calibration validity and last update of the devices shown, each in one bulk call; heartbeats are
 * polled every 30 s while shown. A failure shows once until a success or a new filter or sort (`resetKey`).
 * `heartbeatFreshness` says whether the heartbeats shown could not be refreshed, for the indicators.
 */
export function useDeviceStatuses(serialNumbers: readonly string[], resetKey: string) {
  const mayCheckCertificates = useCanUse('CERTIFICATESSTATUSES');
  const heartbeats = useQuery(heartbeatStatusesQueryOptions(serialNumbers));
  const validities = useQuery(certificateValiditiesQueryOptions(serialNumbers, mayCheckCertificates));
  const maySeeUpdates = useCanUse('SERIES.DETAILS.UPDATES');
  const lastUpdates = useQuery(lastUpdatesQueryOptions(serialNumbers, maySeeUpdates));
  useErrorToastOnce(heartbeats, {
    action: 'series.heartbeat',
    titleKey: 'series.error_title_heartbeat',
    resetKey,
  });
  useErrorToastOnce(validities, {
    action: 'series.validity',
    titleKey: 'series.error_title_validity',
    resetKey,
  });
  useErrorToastOnce(lastUpdates, {
    action: 'series.last_update',
    titleKey: 'series.error_title_last_update',
    resetKey,
  });
  const heartbeatFreshness: HeartbeatFreshness = {
    stale: heartbeats.isError && heartbeats.data !== undefined,
    loadedAt: heartbeats.data !== undefined ? heartbeats.dataUpdatedAt : null,
  };
  return {
    heartbeats: heartbeats.data,
    heartbeatFreshness,
    validities: mayCheckCertificates ? validities.data : undefined,
    lastUpdates: maySeeUpdates ? lastUpdates.data : undefined,
  };
}
