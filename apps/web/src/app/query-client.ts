import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on retry; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== null && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
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
