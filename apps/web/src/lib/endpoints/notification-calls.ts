import {
  notificationListAnswerSchema,
  notificationSummarySchema,
  type NotificationListAnswer,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api';
import { NOTIFICATIONS_KEY } from '../query-keys';

/**
 * The notification calls with their schemas: a chunk of their own, loaded by the bell's first read, so
 * that the contract's events, payloads and rules stay out of the first load.
 */
export function fetchSummary(signal: AbortSignal) {
  return apiRequest('/Notifications/Summary', { schema: notificationSummarySchema, signal });
}

/** A page of the notifications page. */
export function notificationsQueryOptions(request: URLSearchParams) {
  return queryOptions<NotificationListAnswer>({
    queryKey: [...NOTIFICATIONS_KEY, 'list', request.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Notifications?${request}`, { schema: notificationListAnswerSchema, signal }),
  });
}

/** Some notifications read, or all up to the newest seen: the bell and the page reload. */
export const markReadMutation = mutationOptions({
  mutationKey: [...NOTIFICATIONS_KEY, 'read'],
  mutationFn: (which: { ids: number[] } | { upTo: number }) =>
    apiRequest('/Notifications/Read', {
      method: 'POST',
      body: which,
      schema: z.object({ unreadCount: z.number().int() }),
    }),
  meta: { changes: [NOTIFICATIONS_KEY] },
});
