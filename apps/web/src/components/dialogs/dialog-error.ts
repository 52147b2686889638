import { fieldIssueSchema } from '@fleet/contract';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { HubCallError } from '../../lib/hub/hub-call-error';
import { errorText } from '../show-error';

const fieldIssuesSchema = z.array(fieldIssueSchema).min(1);

/**
 * Spec §8: a dialog shows the server's own text, else its field problems joined with '; ', else the
 * translated message for the status.
 */
export function dialogErrorText(error: unknown): string {
  if (error instanceof HubCallError) return error.message;
  if (error instanceof ApiError && error.body !== null) {
    if (typeof error.body === 'string') return error.body;
    if (error.body.message) return error.body.message;
    const issues = fieldIssuesSchema.safeParse(error.body.details);
    if (issues.success) return issues.data.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
  }
  return errorText(error);
}
