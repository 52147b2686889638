import { afterEach, describe, expect, it, vi } from 'vitest';
import { openModal } from '../dialogs/open-dialog';
import { overlayDemand, overlaysFailed, setOverlaysMounted, whenOverlaysMounted } from './overlay-state';

afterEach(() => {
  setOverlaysMounted(false);
  vi.unstubAllGlobals();
});

describe('the meeting point with the dialog and toast hosts', () => {
  it('lets a dialog wait for the hosts, and counts the demand so the shell loads them', async () => {
    const listener = vi.fn();
    const unsubscribe = overlayDemand.subscribe(listener);
    const before = overlayDemand.count();
    let opened = false;
    const waiting = whenOverlaysMounted().then(() => {
      opened = true;
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(overlayDemand.count()).toBe(before + 1);
    await Promise.resolve();
    expect(opened).toBe(false);
    setOverlaysMounted(true);
    await waiting;
    expect(opened).toBe(true);
    // Once they listen, nobody waits and nothing is asked for.
    await whenOverlaysMounted();
    expect(overlayDemand.count()).toBe(before + 1);
    unsubscribe();
  });

  it('gives up a dialog whose host cannot be loaded: it counts as closed and never opens later', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const onClose = vi.fn();
    const dispatch = vi.spyOn(window, 'dispatchEvent');
    openModal({ title: 'Rename', children: null, onClose });
    overlaysFailed(new TypeError('Failed to fetch dynamically imported module'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    setOverlaysMounted(true);
    await Promise.resolve();
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'mantine-modals:openModal' }));
    // The server does not answer either: an outage, so the page is not reloaded.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    dispatch.mockRestore();
  });
});
