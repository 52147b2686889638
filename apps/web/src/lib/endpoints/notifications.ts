import type { NotificationSummary } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { importOnce } from '../chunk-reload';
import { NOTIFICATIONS_KEY } from '../query-keys';

/** The bell asks again this often, in case the hub's word did not come (no socket, a lost event). */
const SUMMARY_REFRESH_MS = 60_000;

const loadCalls = importOnce(() => import('./notification-calls'));

/** The bell: the unread count and the most recent notifications, read from the first screen on. */
export const notificationSummaryQueryOptions = queryOptions<NotificationSummary>({
  queryKey: [...NOTIFICATIONS_KEY, 'summary'],
  queryFn: async ({ signal }) => (await loadCalls()).fetchSummary(signal),
  refetchInterval: SUMMARY_REFRESH_MS,
});
