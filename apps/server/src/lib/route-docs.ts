import type { RouteOptions } from 'fastify';
import { z, type ZodType } from 'zod';
import { errorBodySchema } from '@fleet/contract';
import type { RouteAccess } from './route-access.ts';

function describeAccess(access: RouteAccess): { security: Record<string, string[]>[]; description?: string } {
  if (access === 'public') return { security: [] };
  if (access === 'device')
    return {
      security: [{ device: [] }],
      description: 'Device protocol: a request signed with the device key (see the device security scheme).',
    };
  if (access === 'signed-in') return { security: [{ bearer: [] }], description: 'Needs any signed-in user.' };
  const roles = access.roles ? ` and one of the roles ${access.roles.join(', ')}` : '';
  return { security: [{ bearer: [] }], description: `Needs feature ${access.feature}${roles}.` };
}

/** A file's bytes, as the OpenAPI document describes them: a file part, or a whole body (`ownBody`). */
export const fileContent = (description: string) => z.string().meta({ format: 'binary', description });

export const ERROR_ANSWERS = {
  400: 'Invalid request: the message and details name each parameter or field at fault',
  401: 'Not signed in, or the token or device signature is not valid',
  403: 'Signed in, but without the right to do this',
  404: 'No such record, or not one the caller may see',
  409: 'The record is not in a state that allows this, or the change conflicts with another',
  413: 'The body is larger than this operation takes',
  415: 'The body is of a media type this operation does not read',
  429: 'Too many of these at once: Retry-After says when to send it again',
  503: 'The database cannot be reached for the moment: Retry-After says when to ask again',
} as const;
export type ErrorStatus = keyof typeof ERROR_ANSWERS;

const retryLaterAnswers = new WeakSet<ZodType>();

/** An answer that tells when to come back: its OpenAPI document declares the Retry-After header. */
export function retryLaterAnswer<T extends ZodType>(schema: T): T {
  const answer = schema.clone();
  retryLaterAnswers.add(answer);
  return answer;
}

export const isRetryLaterAnswer = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && retryLaterAnswers.has(schema as ZodType);

export const RETRY_AFTER_HEADER_DOCS = {
  'retry-after': {
    required: true,
    description: 'Seconds to wait before sending the request again',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
};

const CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const BODY_METHODS = ['POST', 'PUT', 'PATCH'];

/**
 * The error answers a route of this access and shape can give. A record named in the path may not be
 * there (404), a change may meet a state or a concurrent change that refuses it (409, the database's
 * refusals included), any body is parsed by its media type within the body limit (413, 415), and any API
 * route may find the database out of reach (503). A route whose body or query names records declares its
 * 404 in `config.errors`, one that may be too busy its 429.
 */
function errorAnswers(route: RouteOptions, access: RouteAccess): ErrorStatus[] {
  const methods = [route.method].flat();
  const api = route.url.startsWith('/api/');
  const codes = new Set<ErrorStatus>([400, ...(route.config?.errors ?? [])]);
  if (access !== 'public') codes.add(401);
  if (typeof access === 'object') codes.add(403);
  if (api && /[:*]/.test(route.url)) codes.add(404);
  if (api && methods.some((method) => CHANGING_METHODS.includes(method))) codes.add(409);
  if (api) codes.add(503);
  if (methods.some((method) => BODY_METHODS.includes(method)))
    for (const code of [413, 415] as const) codes.add(code);
  return [...codes].sort((a, b) => a - b);
}

/** What a body route says about its body: consumed media types come with a body schema, and the reverse. */
function checkBody(schema: NonNullable<RouteOptions['schema']>, where: string): void {
  if (schema.body && schema.ownBody) throw new Error(`Route ${where} has both a body and an ownBody schema`);
  if (schema.ownBody && !schema.consumes?.length)
    throw new Error(`Route ${where} reads its own body: name its media types in consumes`);
  if (schema.consumes?.length && !schema.body && !schema.ownBody)
    throw new Error(
      `Route ${where} consumes ${schema.consumes.join(', ')}: describe its body (body or ownBody)`,
    );
}

/** An answer without content (204, 304) is declared as z.null(): the document then gives it none. */
function checkNoContent(response: Record<string, unknown>, where: string): void {
  for (const code of ['204', '304'])
    if (code in response && !(response[code] instanceof z.ZodNull))
      throw new Error(`Route ${where} answers ${code}, which has no content: declare it as z.null()`);
}

/**
 * Makes a route's OpenAPI operation complete: start-up fails on a route without an operationId or a
 * summary, or whose body or empty answers are not described; its security scheme, access and error
 * answers are added from its declared access and shape.
 */
export function documentRoute(route: RouteOptions, access: RouteAccess): void {
  const schema = route.schema;
  const where = `${String(route.method)} ${route.url}`;
  if (!schema)
    throw new Error(`Route ${where} has no schema: it needs at least an operationId and a summary`);
  if (schema.hide) return;
  if (typeof schema.operationId !== 'string' || !/^[a-z][A-Za-z]+$/.test(schema.operationId))
    throw new Error(`Route ${where} needs an operationId (camelCase)`);
  if (typeof schema.summary !== 'string' || !schema.summary)
    throw new Error(`Route ${where} needs a summary`);
  checkBody(schema, where);
  const { security, description } = describeAccess(access);
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  checkNoContent(response, where);
  for (const code of errorAnswers(route, access)) {
    const answer = errorBodySchema.describe(ERROR_ANSWERS[code]);
    response[code] ??= code === 429 || code === 503 ? retryLaterAnswer(answer) : answer;
  }
  route.schema = {
    ...schema,
    security,
    description: [schema.description, description].filter(Boolean).join(' '),
    response,
  };
}
