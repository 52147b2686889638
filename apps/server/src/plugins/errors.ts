import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, FieldIssue } from '@fleet/contract';
import { HttpError } from '../lib/errors.ts';
import { ALL_LANGUAGES, fieldRuleOf, pickLanguage } from '@fleet/contract';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  FOREIGN_KEY_VIOLATION,
  UNIQUE_VIOLATION,
  databaseErrorOf,
  isDatabaseUnreachable,
} from '../lib/database-errors.ts';
import { acceptedLanguages } from '../lib/request.ts';
import { translator } from '../lib/translations.ts';

const PART_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'header',
};

/** The fields a failed validation names, as error bodies give them. */
export function fieldIssues(error: {
  validation?: FastifyError['validation'];
  validationContext?: string;
}): FieldIssue[] {
  const context = PART_NAMES[error.validationContext ?? ''] ?? error.validationContext ?? 'request';
  return (error.validation ?? []).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
    return {
      field: `${context}.${path || missing || ''}`.replace(/\.$/, ''),
      message: issue.message ?? 'is invalid',
      rule: fieldRuleOf({ ...(issue.params as object), code: issue.keyword, message: issue.message ?? '' }),
    };
  });
}

/**
 * What the client is told when the database refuses a statement that validation let through (two
 * requests racing for one unique value, say). Services check first and answer precisely; this is
 * the net under them, so that such a refusal is never a 500.
 */
function databaseAnswer(error: unknown): ErrorBody | null {
  const refusal = databaseErrorOf(error);
  if (!refusal) return null;
  if (refusal.code === UNIQUE_VIOLATION)
    return { status: 409, message: 'This conflicts with an existing record: it exists already' };
  if (refusal.code === FOREIGN_KEY_VIOLATION) {
    return /still referenced/.test(refusal.detail ?? '')
      ? { status: 409, message: 'Other records still refer to this one' }
      : { status: 400, message: 'The request refers to a record that does not exist' };
  }
  if (refusal.code.startsWith('22'))
    return { status: 400, message: `Invalid value: ${refusal.message}`.slice(0, 300) };
  if (refusal.code === '40001' || refusal.code === '40P01')
    return { status: 409, message: 'This conflicts with a change made at the same time: try again' };
  return null;
}

/** The database is out of reach: a 503 any client may retry, said in the user's language. */
async function databaseUnavailable(acceptLanguage: string | undefined): Promise<ErrorBody> {
  const language = pickLanguage(acceptedLanguages(acceptLanguage), ALL_LANGUAGES);
  const t = await translator(language, 'errors');
  return { status: 503, message: t('api.database_unavailable', { seconds: DATABASE_RETRY_AFTER_SECONDS }) };
}

/** Every error leaves as `{status, message, details?}`; no stack trace ever leaves the server. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('databaseRefusals', { count: 0 });
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    let body: ErrorBody;
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'the database cannot be reached: answered 503');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      body = await databaseUnavailable(request.headers['accept-language']);
    } else if (error instanceof HttpError) {
      body = {
        status: error.status,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      };
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const details = fieldIssues(error);
      body = {
        status: 400,
        message:
          `Invalid ${details.map((d) => d.field).join(', ') || 'request'}: ${details[0]?.message ?? ''}`.trim(),
        details,
      };
    } else if (databaseAnswer(error)) {
      body = databaseAnswer(error)!;
      app.databaseRefusals.count += 1;
      request.log.warn({ err: error }, 'the database refused the request');
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      body = { status: 500, message: 'Internal server error' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      body = { status: error.statusCode, message: error.message };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = { status: 500, message: 'Internal server error' };
    }
    if (body.status >= 500 && error instanceof HttpError) request.log.error({ err: error }, error.message);
    if (error instanceof HttpError && error.headers) reply.headers(error.headers);
    return reply.status(body.status).type('application/json').send(body);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** How many requests only the database stopped: validation should have (the fuzz test reads it). */
    databaseRefusals: { count: number };
  }
}
