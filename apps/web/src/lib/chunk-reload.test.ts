import { afterEach, describe, expect, it, vi } from 'vitest';
import { importOnce, reloadIfDeployed } from './chunk-reload';

const reload = vi.fn();

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
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

  it('reloads once per chunk time-out, not in a loop', async () => {
    stub(async () => new Response('{}', { status: 200 }));
    expect(await reloadIfDeployed()).toBe(true);
    expect(await reloadIfDeployed()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
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
