import type { FieldRule } from '@fleet/contract';

/** An error with an HTTP status, answered as `{status, message, details?}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** Headers the answer carries: `Retry-After` for a 429 or a 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const unauthorized = (message = 'Sign-in required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have the right to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details?: unknown) => new HttpError(409, message, details);

/**
 * What to throw for an error met while reading a multipart body: our own refusals and the parser's 4xx as
 * they are, anything else (a body that is not multipart at all) a 400 naming the body.
 */
export function multipartFailure(error: unknown): Error {
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof HttpError || (status && status < 500)) return error as Error;
  return badRequest(`body: not a valid multipart/form-data request (${(error as Error).message})`, [
    { field: 'body', message: 'is not a valid multipart/form-data request', rule: { kind: 'format' } },
  ]);
}

export interface FieldProblem {
  field: string;
  message: string;
  /** The rule broken, which the console says in the user's language (the message is for API clients). */
  rule: FieldRule;
}

/** A 400 naming every field at fault, the message saying the first problem. */
export function invalid(problems: readonly FieldProblem[]): HttpError {
  const fields = [...new Set(problems.map((problem) => problem.field))].join(', ');
  return badRequest(`Invalid ${fields}: ${problems[0]!.message}`, problems);
}
