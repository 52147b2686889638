import { TIMING } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { fetchVersionInfo } from '../../lib/version-check';

/** The version this page was loaded with: read once. */
export const runningVersionQueryOptions = queryOptions({
  queryKey: ['version', 'running'],
  queryFn: fetchVersionInfo,
  staleTime: Infinity,
});

/** The version deployed now: read every 30 minutes. */
export const deployedVersionQueryOptions = queryOptions({
  queryKey: ['version', 'deployed'],
  queryFn: fetchVersionInfo,
  refetchInterval: TIMING.versionCheckMs,
  refetchIntervalInBackground: true,
  staleTime: TIMING.versionCheckMs,
});
