import type { ZodType } from 'zod';
import type { Database } from './db/client.ts';
import type { Config } from './config.ts';
import type { AuthenticatedDevice } from './lib/authenticated-device.ts';
import type { RouteAccess, RouteAudit } from './lib/route-access.ts';
import type { SignedInUser } from './lib/signed-in-user.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    audit?: RouteAudit;
    /**
     * Error answers beyond those the route's access and shape imply (`lib/route-docs.ts`): a 404 for a
     * record its body or query names, a 429 when the work it asks for may have to wait its turn.
     */
    errors?: readonly (404 | 429)[];
  }
  interface FastifySchema {
    /**
     * A body the handler reads itself (multipart parts, a file's bytes, a notification signed over its
     * bytes): the OpenAPI document describes it, for each media type of `consumes`; Fastify does not
     * validate it.
     */
    ownBody?: ZodType;
  }
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Set when the process is asked to stop: readiness answers 503 while requests drain. */
    stopping: boolean;
    /** Every /api route with its declared access, as registered (tests enumerate it). */
    apiRoutes: { method: string; url: string; access: RouteAccess; audit: RouteAudit | null }[];
  }
  interface FastifyRequest {
    user: SignedInUser | null;
    device: AuthenticatedDevice | null;
  }
}
