import type { RouteOptions } from 'fastify';
import { errorBodySchema } from '@fleet/contract';
import type { RouteAccess } from '../fastify.d.ts';

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

const ERROR_ANSWERS = {
  400: 'Invalid request: the message and details name each parameter or field at fault',
  401: 'Not signed in, or the token or device signature is not valid',
  403: 'Signed in, but without the right to do this',
  404: 'No such record, or not one the caller may see',
} as const;

/** The error answers every route of this access and shape can give. */
function errorAnswers(route: RouteOptions, access: RouteAccess): (keyof typeof ERROR_ANSWERS)[] {
  const codes: (keyof typeof ERROR_ANSWERS)[] = [400];
  if (access !== 'public') codes.push(401);
  if (typeof access === 'object') codes.push(403);
  if (route.url.startsWith('/api/') && /[:*]/.test(route.url)) codes.push(404);
  return codes;
}

/**
 * Makes a route's OpenAPI operation complete: start-up fails on a route without an operationId or a
 * summary; its security scheme, access and error answers are added from its declared access.
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
  const { security, description } = describeAccess(access);
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const code of errorAnswers(route, access))
    response[code] ??= errorBodySchema.describe(ERROR_ANSWERS[code]);
  route.schema = {
    ...schema,
    security,
    description: [schema.description, description].filter(Boolean).join(' '),
    response,
  };
}
