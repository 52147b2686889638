import { describe, expect, it } from 'vitest';
import { canUseFeature } from './features.ts';
import { ROLE_CODES } from './roles.ts';
import { PENDING_TASK_STATUSES, TASK_KINDS, TASK_STATUS, mayStartTask, taskActions } from './tasks.ts';

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

describe('who may ask for a task', () => {
  it('has the task list of spec §6: the four staff roles, and customer engineering export for its dropdown', () => {
    expect(ROLE_CODES.filter((role) => canUseFeature('TASKS', [role]))).toEqual([
      'support-manager',
      'support-user',
      'devops-manager',
      'administrator',
      'customer-engineering-export',
    ]);
  });

  it('is, over every kind and every role, someone who then finds the task in their list to collect it', () => {
    const stranded = TASK_KINDS.flatMap((kind) =>
      ROLE_CODES.filter((role) => mayStartTask(kind, [role]) && !canUseFeature('TASKS', [role])).map(
        (role) => `${role} asks for ${kind}`,
      ),
    );
    expect(stranded).toEqual([]);
  });

  it('leaves every kind someone who may ask for it, and asks for the kind’s own feature too', () => {
    for (const kind of TASK_KINDS)
      expect(
        ROLE_CODES.some((role) => mayStartTask(kind, [role])),
        kind,
      ).toBe(true);
    expect(mayStartTask('jobs-export', ['customer-engineering-export'])).toBe(true);
    expect(mayStartTask('stores-export', ['customer-engineering-export'])).toBe(false);
    expect(mayStartTask('audit-export', ['support-user'])).toBe(false);
    // Accounting reads the journals; an export of them waits in a task list accounting does not have.
    expect(mayStartTask('sales-journal-export', ['accounting'])).toBe(false);
    expect(mayStartTask('stores-export', ['administrator'], new Set(['STORES.EXPORT']))).toBe(false);
  });
});
