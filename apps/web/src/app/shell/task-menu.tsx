import { useEffect, useState } from 'react';
import { useCanUse } from '../../hooks/use-can-use';
import { useConnection } from '../../hooks/use-connection';
import { importOnce } from '../../lib/chunk-reload';
import { useAfterFirstScreen } from './after-first-screen';
import type { TaskMenuDropdown } from './task-menu-dropdown';

type Dropdown = typeof TaskMenuDropdown;

/** Its own chunk, loaded once the first screen is there: the first load stays small. */
const loadDropdown = importOnce<Dropdown>(() =>
  import('./task-menu-dropdown').then((module) => module.TaskMenuDropdown),
);

/**
 * The top bar's task list (platform §2): for the users who have tasks (the tasks feature). A chunk that
 * cannot be loaded (the server is away) leaves the button out and is asked for again once the server
 * answers, instead of failing the page.
 */
export function TaskMenu() {
  const allowed = useCanUse('TASKS');
  const ready = useAfterFirstScreen();
  const { offline } = useConnection();
  const [Loaded, setLoaded] = useState<Dropdown | null>(null);
  useEffect(() => {
    if (!allowed || !ready || offline || Loaded) return;
    let current = true;
    loadDropdown().then(
      (component) => current && setLoaded(() => component),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [allowed, ready, offline, Loaded]);
  return allowed && Loaded ? <Loaded /> : null;
}
