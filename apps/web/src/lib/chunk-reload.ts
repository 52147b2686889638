import { TIMING } from '@fleet/contract';

const RELOADED_AT_KEY = 'fleet.chunkReloadAt';

/** A lazily loaded module failed to download: usually a new deployment removed the old chunks. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/** Reloads the page, once: a second failure within the chunk time-out is shown instead of looping. */
export function reloadOnce(now: number = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (now - last < TIMING.chunkTimeoutMs) return false;
  sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  window.location.reload();
  return true;
}
