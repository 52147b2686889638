import { ApiError } from '../../lib/api';
import { fieldIssuesOf, refusalText } from '../../lib/field-problems';
import { HubCallError } from '../../lib/hub/hub-call-error';
import { errorText } from '../show-error';

/**
 * Spec §8: a dialog shows the response's own text, else its field problems joined with '; ' (each said
 * in the user's language, no field path), else the server's message, else the translated message for
 * the status.
 */
export function dialogErrorText(error: unknown): string {
  if (error instanceof HubCallError) return error.message;
  if (error instanceof ApiError && error.body !== null) {
    if (typeof error.body === 'string') return error.body;
    const issues = fieldIssuesOf(error);
    if (issues.length > 0) return refusalText(issues);
    if (error.body.message) return error.body.message;
  }
  return errorText(error);
}
