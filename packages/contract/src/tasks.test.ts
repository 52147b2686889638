import { describe, expect, it } from 'vitest';
import { PENDING_TASK_STATUSES, TASK_STATUS, taskActions } from './tasks.ts';

describe('task actions', () => {
  it('follows the status (platform spec §4)', () => {
    expect(taskActions(TASK_STATUS.DONE)).toEqual(['download', 'archive', 'respawn']);
    expect(taskActions(TASK_STATUS.ENDED)).toEqual(['archive', 'respawn']);
    expect(taskActions(TASK_STATUS.RUNNING)).toEqual([]);
    for (const status of [80, 82, 83, 84] as const) expect(taskActions(status)).toEqual(['cancel']);
  });

  it('counts running and waiting tasks as pending, never ended ones', () => {
    expect(PENDING_TASK_STATUSES).toContain(TASK_STATUS.RUNNING);
    expect(PENDING_TASK_STATUSES).not.toContain(TASK_STATUS.DONE);
    expect(PENDING_TASK_STATUSES).not.toContain(TASK_STATUS.ENDED);
  });
});
