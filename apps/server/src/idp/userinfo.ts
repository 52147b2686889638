import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import type { AccessTokenCheck } from './access-tokens.ts';
import { accountClaims, findLocalAccount } from './provider.ts';
import { USERINFO_PATH } from './idp-paths.ts';

export interface UserinfoOptions {
  db: Db;
  check: AccessTokenCheck;
  demoMode: boolean;
  issuer: string;
}

const claimsSchema = z.object({
  sub: z.string().describe("The user's id, the ID token's sub"),
  name: z.string().optional().describe('With the profile scope'),
  preferred_username: z.string().optional().describe('With the profile scope'),
  email: z.string().optional().describe('With the email scope'),
});
/** The API's error body, with RFC 6750's error and description beside it. */
const refusalSchema = errorBodySchema.extend({
  error: z.string().optional(),
  error_description: z.string().optional(),
});
const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: refusalSchema } },
  headers: { 'www-authenticate': { description: "RFC 6750's Bearer challenge", schema: { type: 'string' } } },
});

const responses = {
  200: claimsSchema,
  400: refusal('The token sent twice (header and form), or a form that cannot be read'),
  401: refusal('No token, or one that is not valid: expired, revoked (signed out), or not the provider’s'),
  403: refusal('The user did not grant the openid scope to the client'),
  413: refusal('A form larger than a token'),
  415: refusal('A body that is not a form'),
  503: refusal('The provider cannot reach its database for the moment'),
};

/** RFC 6750: the error in the WWW-Authenticate header, and in the body for a reader of JSON. */
function refuse(reply: FastifyReply, issuer: string, status: number, error: string, description: string) {
  return reply
    .status(status)
    .header(
      'www-authenticate',
      `Bearer realm="${issuer}", error="${error}", error_description="${description}"`,
    )
    .header('cache-control', 'no-store')
    .send({ status, message: description, error, error_description: description });
}

/** The token of a call: the Authorization header (RFC 6750 §2.1) or a form's `access_token` (§2.2), never both. */
function tokenOf(request: FastifyRequest): string | null | 'both' {
  const header = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
  const form = (request.body as { access_token?: unknown } | undefined)?.access_token;
  const posted = typeof form === 'string' && form ? form : null;
  if (header && posted) return 'both';
  return header ?? posted;
}

/**
 * OpenID Connect's userinfo endpoint for the provider's access tokens: the claims of the scopes the
 * user granted to the client (openid: sub; profile: name, preferred_username; email: email).
 */
export async function userinfoRoutes(app: FastifyInstance, options: UserinfoOptions) {
  const { db, check, demoMode, issuer } = options;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(formbody, { bodyLimit: 8192 });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const answer = async (request: FastifyRequest, reply: FastifyReply) => {
      const token = tokenOf(request);
      if (token === 'both') return refuse(reply, issuer, 400, 'invalid_request', 'send the token once');
      if (!token) return refuse(reply, issuer, 401, 'invalid_token', 'no access token provided');
      const checked = await check.verify(token);
      if (!checked) return refuse(reply, issuer, 401, 'invalid_token', 'invalid token provided');
      const scopes = (checked.grant.getOIDCScope() ?? '').split(' ');
      if (!scopes.includes('openid'))
        return refuse(reply, issuer, 403, 'insufficient_scope', 'the openid scope was not granted');
      const user = await findLocalAccount(db, String(checked.payload.sub), demoMode);
      if (!user) return refuse(reply, issuer, 401, 'invalid_token', 'invalid token provided');
      return reply.header('cache-control', 'no-store').send(accountClaims(user, scopes));
    };
    const summary =
      "OpenID Connect's userinfo: the signed-in user's claims, for an access token of the provider";
    routes.get(
      USERINFO_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['sign-in'],
          operationId: 'readUserinfo',
          summary,
          description:
            'The token in the Authorization header (Bearer). The claims are those of the scopes the user granted the client.',
          response: responses,
        },
      },
      answer,
    );
    routes.post(
      USERINFO_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['sign-in'],
          operationId: 'postUserinfo',
          summary,
          description:
            'The token in the Authorization header (Bearer) or as the form field access_token, never both.',
          consumes: ['application/x-www-form-urlencoded'],
          body: z.object({ access_token: z.string().max(4096).optional() }),
          response: responses,
        },
      },
      answer,
    );
  });
}
