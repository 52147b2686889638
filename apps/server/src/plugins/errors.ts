import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, FieldIssue } from '@fleet/contract';
import { HttpError } from '../lib/errors.ts';

const PART_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'header',
};

function fieldIssues(error: FastifyError): FieldIssue[] {
  const context = PART_NAMES[error.validationContext ?? ''] ?? error.validationContext ?? 'request';
  return (error.validation ?? []).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
    return {
      field: `${context}.${path || missing || ''}`.replace(/\.$/, ''),
      message: issue.message ?? 'is invalid',
    };
  });
}

/** Every error leaves as `{status, message, details?}`; no stack trace ever leaves the server. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ErrorBody;
    if (error instanceof HttpError) {
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
    return reply.status(body.status).type('application/json').send(body);
  });
});
