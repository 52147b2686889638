import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router';

export interface MenuEntry {
  to: string;
  label: string;
  current: boolean;
}

/**
 * The main menu folded on narrow screens, around the button top-bar.tsx shows from the first paint: its
 * own chunk, so Mantine's Menu and floating-ui stay out of the first load.
 */
export function NarrowMenuDropdown({
  target,
  entries,
}: {
  target: ReactElement;
  entries: readonly MenuEntry[];
}) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) => (
          <Menu.Item
            key={entry.to}
            component={Link}
            to={entry.to}
            fw={entry.current ? 700 : undefined}
            aria-current={entry.current ? 'page' : undefined}
          >
            {entry.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
