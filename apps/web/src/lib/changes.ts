import { MutationCache, QueryClient, type QueryClientConfig, type QueryKey } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The reads this change makes stale, by the first part of their key: loaded again once it succeeds. */
      changes?: readonly QueryKey[];
    };
  }
}

/**
 * A query client on which every change (a mutation of an endpoint) reloads the reads it names in
 * `meta.changes` once it succeeds, before its caller goes on: a form closes on fresh data, and no screen
 * says what to reload after a save.
 */
export function queryClientWithChanges(config: QueryClientConfig = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    ...config,
    mutationCache: new MutationCache({
      onSuccess: (_answer, _variables, _context, mutation) =>
        Promise.all((mutation.meta?.changes ?? []).map((queryKey) => client.invalidateQueries({ queryKey }))),
    }),
  });
  return client;
}
