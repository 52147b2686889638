import type { Task } from '@fleet/contract';
import { Divider, Stack } from '@mantine/core';
import { Fragment } from 'react';
import { TaskItem } from './task-item';

/** Tasks one under the other, each with its status, progress and actions. */
export function TaskList({ tasks }: { tasks: readonly Task[] }) {
  return (
    <Stack gap="sm">
      {tasks.map((task, index) => (
        <Fragment key={task.requestId}>
          {index > 0 && <Divider />}
          <TaskItem task={task} />
        </Fragment>
      ))}
    </Stack>
  );
}
