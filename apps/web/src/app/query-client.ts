import { backoffDelay, CONNECTION } from '@fleet/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { queryClientWithChanges } from '../lib/changes';

/**
 * Client errors (4xx) will not change on retry; network and server errors may. A server out of reach
 * makes the connection monitor pause reads after their first failure, until it answers again.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== null && error.status < 500) return false;
  return failureCount < CONNECTION.queryRetries;
}

function retryDelay(failureCount: number): number {
  return backoffDelay(failureCount, CONNECTION.retryFirstDelayMs, CONNECTION.retryMaxDelayMs);
}

/** Reads younger than this are not asked again when the window gets the focus back. */
const FRESH_MS = 5_000;

export function createQueryClient(): QueryClient {
  return queryClientWithChanges({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: FRESH_MS,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      // An action is never held back to be sent later: it fails at once when the server is away.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** A 401 from the API means the session is no longer valid, whichever call noticed it. */
export function onUnauthorized(client: QueryClient, handle: () => void): () => void {
  const check = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) handle();
  };
  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
  });
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}
