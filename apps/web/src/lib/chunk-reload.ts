import { TIMING } from '@fleet/contract';

const RELOADED_KEY = 'fleet.chunkReload';

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

/** Spec §8: a chunk that has not arrived after the chunk time-out (120 s) is given up, as one that failed. */
export function withChunkTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`A part of the console did not arrive within ${TIMING.chunkTimeoutMs} ms`);
      error.name = 'ChunkLoadError';
      reject(error);
    }, TIMING.chunkTimeoutMs);
    const settle =
      <A>(then: (answer: A) => void) =>
      (answer: A) => {
        clearTimeout(timer);
        then(answer);
      };
    load().then(settle(resolve), settle(reject));
  });
}

/** This page reloaded for a chunk, or is itself that reload. */
let reloadedForChunk = false;

/**
 * As the page starts: whether it is the reload a failed chunk asked for (kept in the session, then
 * forgotten, so that a later page may reload once again).
 */
export function readChunkReloadMark(): void {
  reloadedForChunk = sessionStorage.getItem(RELOADED_KEY) !== null;
  sessionStorage.removeItem(RELOADED_KEY);
}

/** Only once: a chunk that fails again after the reload is shown, instead of reloading in a loop. */
export function mayReloadForChunk(): boolean {
  return !reloadedForChunk;
}

export function reloadForChunk(): void {
  reloadedForChunk = true;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
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
 * it (once: not again from the page that reload opened). If it does not, nothing is reloaded: the page
 * keeps what it shows, and the chunk is asked for again when needed. Answers whether the page reloads.
 */
export async function reloadIfDeployed(): Promise<boolean> {
  if (!mayReloadForChunk() || !(await serverAnswers())) return false;
  reloadForChunk();
  return true;
}

/**
 * A lazily imported part, fetched once and shared by every caller. A failed fetch (or one given up after
 * the chunk time-out) is forgotten, so the next call asks again (browsers do not keep a failed module import).
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= withChunkTimeout(load).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
