import { useConnection } from './use-connection';

/** What a screen needs of a read to tell whether what it shows is current. */
export interface FreshnessInput {
  data: unknown;
  /** When the data shown was loaded (ms since the epoch); 0 before any. */
  dataUpdatedAt: number;
  /** The last attempt failed (the data, if any, is from an earlier one). */
  isError: boolean;
}

export interface Freshness {
  /** Data is shown, but it may no longer be true: the server does not answer, or the last refresh failed. */
  stale: boolean;
  /** When the data shown was loaded; null without data. */
  loadedAt: number | null;
}

/** Whether the data of a read is stale: loaded earlier, and not refreshed since because calls fail. */
export function useFreshness(call: FreshnessInput | undefined): Freshness {
  const { offline } = useConnection();
  if (!call || call.data === undefined) return { stale: false, loadedAt: null };
  return { stale: offline || call.isError, loadedAt: call.dataUpdatedAt || null };
}
