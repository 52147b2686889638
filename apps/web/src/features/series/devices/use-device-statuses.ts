import { useQuery } from '@tanstack/react-query';
import { useCanUse } from '../../../hooks/use-can-use';
import { useErrorToastOnce } from '../../../hooks/use-error-toast-once';
import {
  certificateValiditiesQueryOptions,
  heartbeatStatusesQueryOptions,
} from '../../../lib/endpoints/device-statuses';

/**
 * Online status and calibration validity of the devices shown, each in one bulk call; heartbeats are
 * polled every 30 s while shown. A failure shows once until a success or a new filter or sort (`resetKey`).
 */
export function useDeviceStatuses(serialNumbers: readonly string[], resetKey: string) {
  const mayCheckCertificates = useCanUse('CERTIFICATESSTATUSES');
  const heartbeats = useQuery(heartbeatStatusesQueryOptions(serialNumbers));
  const validities = useQuery(certificateValiditiesQueryOptions(serialNumbers, mayCheckCertificates));
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
  return { heartbeats: heartbeats.data, validities: mayCheckCertificates ? validities.data : undefined };
}
