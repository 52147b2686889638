import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../hooks/use-auth';
import { useMe } from '../../hooks/use-me';
import { importOnce } from '../../lib/chunk-reload';
import { useDeferredDropdown } from './deferred-dropdown';
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
 * (user-menu-dropdown.tsx) loads as useDeferredDropdown says.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const { data: me } = useMe();
  const shown = status === 'signed-in' && Boolean(me);
  const { button, loaded: Dropdown, buttonProps } = useDeferredDropdown(loadDropdown, shown);

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
      {...buttonProps}
    >
      <span className={`${classes.narrowHidden} ${classes.userName}`}>{me.name}</span>
    </Button>
  );
  if (!Dropdown) return target;
  return <Dropdown target={target} />;
}
