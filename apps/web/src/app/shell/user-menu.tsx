import { Button } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../hooks/use-auth';
import { useMe } from '../../hooks/use-me';
import { importOnce, reloadIfDeployed } from '../../lib/chunk-reload';
import { useAfterFirstScreen } from './after-first-screen';
import classes from './top-bar.module.css';
import type { UserMenuDropdown } from './user-menu-dropdown';

/** The first letters of the first two words: "Ada Lovelace" gives AL, "Administrator (demo)" gives AD. */
export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toLocaleUpperCase();
}

type Dropdown = typeof UserMenuDropdown;

/** The menu's chunk, loaded once; a failed load is tried again at the next occasion. */
const loadDropdown = importOnce<Dropdown>(() =>
  import('./user-menu-dropdown').then((module) => module.UserMenuDropdown),
);

/**
 * Only for a signed-in user whose profile is loaded. Its button is there from the first paint; the menu
 * (Mantine's Menu with floating-ui, in user-menu-dropdown.tsx) loads after the first screen, or at
 * once when the user points at, focuses or clicks the button. A click before it arrived opens it on
 * arrival; the keyboard focus stays on the button when the menu takes its place.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const { data: me } = useMe();
  const button = useRef<HTMLButtonElement>(null);
  /** Clicked before the menu arrived: it opens on arrival, as if clicked then. */
  const clicked = useRef(false);
  /** A press is under way: the button is not swapped under the pointer, or its click would be lost. */
  const pressing = useRef(false);
  const arrived = useRef<Dropdown | null>(null);
  const [loaded, setLoaded] = useState<{ Dropdown: Dropdown; refocus: boolean } | null>(null);
  const shown = status === 'signed-in' && Boolean(me);

  const show = useCallback((Dropdown: Dropdown) => {
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
  }, [show]);

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

  if (!shown || !me) return null;
  const target = (
    // The name it shows comes first in its accessible name (WCAG 2.5.3); on narrow screens it shows initials.
    <Button
      ref={button}
      variant="subtle"
      px="xs"
      aria-label={t('app.user_menu.button', { name: me.name })}
      leftSection={<span className={classes.initials} data-initials={initials(me.name)} aria-hidden />}
      classNames={{ section: classes.userSection }}
      {...(loaded
        ? {}
        : {
            'aria-haspopup': 'menu' as const,
            'aria-expanded': false,
            onPointerEnter: load,
            onFocus: load,
            onPointerDown: pressed,
            onClick: activated,
          })}
    >
      <span className={`${classes.narrowHidden} ${classes.userName}`}>{me.name}</span>
    </Button>
  );
  if (!loaded) return target;
  return <loaded.Dropdown target={target} />;
}
