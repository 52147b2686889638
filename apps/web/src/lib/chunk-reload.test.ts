import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  importOnce,
  isChunkLoadError,
  readChunkReloadMark,
  reloadIfDeployed,
  withChunkTimeout,
} from './chunk-reload';

const reload = vi.fn();
const never = () => new Promise<string>(() => {});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  // A new page: this one's reload is forgotten.
  readChunkReloadMark();
  reload.mockReset();
});

function stub(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  vi.stubGlobal('location', { ...window.location, reload });
}

describe('a chunk that fails to load', () => {
  it('reloads the page when the server answers: a new version was deployed', async () => {
    stub(async () => new Response('{}', { status: 200 }));
    expect(await reloadIfDeployed()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the page during an outage: nothing the user sees is thrown away', async () => {
    stub(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await reloadIfDeployed()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once: the page that reload opens does not reload again, a later page may', async () => {
    stub(async () => new Response('{}', { status: 200 }));
    expect(await reloadIfDeployed()).toBe(true);
    expect(await reloadIfDeployed()).toBe(false);

    // The reloaded page, however long its chunk takes to fail again.
    readChunkReloadMark();
    vi.useFakeTimers();
    vi.advanceTimersByTime(60 * 60_000);
    expect(await reloadIfDeployed()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    // The user reloads by hand: that page may reload once again.
    readChunkReloadMark();
    expect(await reloadIfDeployed()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('a chunk that hangs', () => {
  it('is given up after 120 s, as a chunk that failed to load', async () => {
    vi.useFakeTimers();
    const loading = withChunkTimeout(never);
    const failure = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(await Promise.race([failure, Promise.resolve('still waiting')])).toBe('still waiting');
    await vi.advanceTimersByTimeAsync(1);
    const error = await failure;
    expect(isChunkLoadError(error)).toBe(true);
    expect(error).toHaveProperty('name', 'ChunkLoadError');
  });

  it('leaves no timer behind once the chunk has arrived', async () => {
    vi.useFakeTimers();
    expect(await withChunkTimeout(async () => 'menu')).toBe('menu');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is asked for again after the time-out when it is a part imported once', async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<string>>().mockImplementationOnce(never).mockResolvedValue('menu');
    const part = importOnce(load);
    const first = part().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(isChunkLoadError(await first)).toBe(true);
    expect(await part()).toBe('menu');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a part imported once', () => {
  it('is fetched once for every caller, and asked for again after a failure', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('menu');
    const part = importOnce(load);
    await expect(part()).rejects.toThrow(TypeError);
    expect(await Promise.all([part(), part()])).toEqual(['menu', 'menu']);
    expect(await part()).toBe('menu');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
