import { onlineManager } from '@tanstack/react-query';

/**
 * A list read's `placeholderData`: while the server does not answer, another page, order or filter asked
 * for keeps the items shown before (marked stale) instead of placeholders that could not fill; online,
 * the list shows its placeholders until the answer comes, never the items of another request.
 */
export function keptWhileOffline<T>(previous: T | undefined): T | undefined {
  return onlineManager.isOnline() ? undefined : previous;
}
