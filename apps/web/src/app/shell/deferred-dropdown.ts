import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { reloadIfDeployed } from '../../lib/chunk-reload';
import { useAfterFirstScreen } from './after-first-screen';

/**
 * A menu whose button shows from the first paint while the menu itself (Mantine's Menu with floating-ui,
 * in a chunk of its own) loads after the first screen, or at once when the user points at, focuses or
 * clicks the button. A click before it arrived opens it on arrival; the keyboard focus stays on the
 * button when the menu takes its place. `buttonProps` go on the first button, until the menu arrives.
 */
export function useDeferredDropdown<D>(
  loadDropdown: () => Promise<D>,
  shown: boolean,
  /** What the button opens, as its popup says it before it arrives: a menu, or a panel (dialog). */
  popup: 'menu' | 'dialog' = 'menu',
): {
  button: RefObject<HTMLButtonElement | null>;
  loaded: D | null;
  buttonProps: Record<string, unknown>;
} {
  const button = useRef<HTMLButtonElement>(null);
  /** Clicked before the menu arrived: it opens on arrival, as if clicked then. */
  const clicked = useRef(false);
  /** A press is under way: the button is not swapped under the pointer, or its click would be lost. */
  const pressing = useRef(false);
  const arrived = useRef<D | null>(null);
  const [loaded, setLoaded] = useState<{ Dropdown: D; refocus: boolean } | null>(null);

  const show = useCallback((Dropdown: D) => {
    if (pressing.current) {
      arrived.current = Dropdown;
      return;
    }
    setLoaded((current) => current ?? { Dropdown, refocus: document.activeElement === button.current });
  }, []);

  const load = useCallback(() => {
    loadDropdown().then(show, () => {
      // A chunk that fails while the server answers is an old deployment's: pressed, the menu needs a
      // reload. During an outage nothing is reloaded; the offline banner says why nothing opens.
      if (clicked.current) void reloadIfDeployed();
    });
  }, [show, loadDropdown]);

  const pressed = () => {
    pressing.current = true;
    load();
    // Once the click that ends this press has run (wherever the pointer was released).
    const released = new AbortController();
    const release = () => {
      released.abort();
      setTimeout(() => {
        pressing.current = false;
        if (arrived.current) show(arrived.current);
      });
    };
    window.addEventListener('pointerup', release, { capture: true, signal: released.signal });
    window.addEventListener('pointercancel', release, { capture: true, signal: released.signal });
  };

  const activated = () => {
    clicked.current = true;
    if (!pressing.current) load();
  };

  const afterFirstScreen = useAfterFirstScreen();
  useEffect(() => {
    if (afterFirstScreen && shown) load();
  }, [afterFirstScreen, shown, load]);

  // The menu's button replaced the first one: it takes the focus the first one had, and the pending click
  // (so that the menu returns the focus to it when it closes).
  useEffect(() => {
    if (!loaded) return;
    if (loaded.refocus || clicked.current) button.current?.focus();
    if (clicked.current) button.current?.click();
    clicked.current = false;
  }, [loaded]);

  return {
    button,
    loaded: loaded?.Dropdown ?? null,
    buttonProps: loaded
      ? {}
      : {
          'aria-haspopup': popup,
          'aria-expanded': false,
          onPointerEnter: load,
          onFocus: load,
          onPointerDown: pressed,
          onClick: activated,
        },
  };
}
