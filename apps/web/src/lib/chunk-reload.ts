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

/** Only once: a second failure within the chunk time-out is shown instead of reloading in a loop. */
export function mayReloadForChunk(now: number = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  return now - last >= TIMING.chunkTimeoutMs;
}

export function reloadForChunk(now: number = Date.now()): void {
  sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  window.location.reload();
}
