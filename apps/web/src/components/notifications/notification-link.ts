import { isAccessorySerialNumber, type Notification } from '@fleet/contract';
import { useCallback } from 'react';
import { jobPath, orderPath, paths, rolloutPath, serialNumberPath, type RouteSpec } from '../../config/paths';
import { useAccessCheck } from '../../hooks/use-can-use';

interface RecordLink {
  route: RouteSpec;
  to: string;
}

const withQuery = (route: RouteSpec, query: Record<string, string>) =>
  `${route.path}?${new URLSearchParams(query)}`;

/** Where a notification's record opens, best first (staff open an order in their own tool). */
function recordLinks({ record, event }: Notification): RecordLink[] {
  switch (record.type) {
    case 'series': {
      const route = isAccessorySerialNumber(record.id) ? paths.accessoryDetails : paths.serieDetails;
      return [{ route, to: serialNumberPath(route, record.id) }];
    }
    case 'job':
      return [{ route: paths.jobDetails, to: jobPath(paths.jobDetails, record.id) }];
    case 'corrupted-job': {
      const serialNumber = event.data.serialNumber;
      const query: Record<string, string> =
        typeof serialNumber === 'string' ? { SerialNumber: serialNumber } : {};
      return [{ route: paths.corruptedJobs, to: withQuery(paths.corruptedJobs, query) }];
    }
    case 'rollout':
      return [{ route: paths.versionRollout, to: rolloutPath(Number(record.id)) }];
    case 'task':
      return [{ route: paths.tasksList, to: paths.tasksList.path }];
    case 'order':
      return [
        {
          route: paths.ordersManagementOrders,
          to: withQuery(paths.ordersManagementOrders, { orderId: record.id }),
        },
        { route: paths.userOrder, to: orderPath(paths.userOrder, Number(record.id)) },
      ];
    default:
      return [];
  }
}

/** The page a notification's record opens on, among those the user may open; null: none. */
export function useNotificationLink(): (notification: Notification) => string | null {
  const mayOpen = useAccessCheck();
  return useCallback(
    (notification) => recordLinks(notification).find((link) => mayOpen(link.route))?.to ?? null,
    [mayOpen],
  );
}
