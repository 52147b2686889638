import { taskRequestAnswerSchema, type ExportRequestInput } from '@fleet/contract';
import { apiRequest } from '../../../lib/api';

/** Queues an export of a jobs list; the answer is the task's id. */
export const requestJobExport = (request: ExportRequestInput) =>
  apiRequest('/Jobs/Export', { method: 'POST', schema: taskRequestAnswerSchema, body: request });
