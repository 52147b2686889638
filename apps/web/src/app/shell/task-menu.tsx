import { lazy, Suspense } from 'react';
import { useCanUse } from '../../hooks/use-can-use';
import { useAfterFirstScreen } from './after-first-screen';

/** Its own chunk, loaded once the first screen is there: the first load stays small. */
const TaskMenuDropdown = lazy(() =>
  import('./task-menu-dropdown').then((m) => ({ default: m.TaskMenuDropdown })),
);

/** The top bar's task list (platform §2): for the users who have tasks (the tasks feature). */
export function TaskMenu() {
  const allowed = useCanUse('TASKS');
  const ready = useAfterFirstScreen();
  if (!allowed || !ready) return null;
  return (
    <Suspense fallback={null}>
      <TaskMenuDropdown />
    </Suspense>
  );
}
