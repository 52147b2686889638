import { taskRequestAnswerSchema, type ExportRequestInput } from '@fleet/contract';
import { mutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { TASKS_KEY } from '../../../lib/endpoints/tasks';
import { JOBS_KEY } from './jobs';

/** Queues an export of a jobs list; the answer is the task's id, and the user's tasks reload. */
export const requestJobExportMutation = mutationOptions({
  mutationKey: [...JOBS_KEY, 'export'],
  mutationFn: (request: ExportRequestInput) =>
    apiRequest('/Jobs/Export', { method: 'POST', schema: taskRequestAnswerSchema, body: request }),
  meta: { changes: [TASKS_KEY] },
});
