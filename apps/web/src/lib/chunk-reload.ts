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

/** Whether the server answers at all: a chunk that fails while it does not is an outage, not a deployment. */
export async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}version.json`, { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * A chunk failed to load. If the server answers, a new version was deployed and the page reloads to get
 * it (once per chunk time-out). If it does not, nothing is reloaded: the page keeps what it shows, and
 * the chunk is asked for again when needed. Answers whether the page reloads.
 */
export async function reloadIfDeployed(): Promise<boolean> {
  if (!mayReloadForChunk() || !(await serverAnswers())) return false;
  reloadForChunk();
  return true;
}

/**
 * A lazily imported part, fetched once and shared by every caller. A failed fetch is forgotten, so the
 * next call asks again (browsers do not keep a failed module import).
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
