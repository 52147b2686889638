import type { ZodType } from 'zod';
import type { AuditAction, FeatureCode, RoleCode } from '@fleet/contract';
import type { Database } from './db/client.ts';
import type { Config } from './config.ts';
import type { SignedInUser } from './lib/signed-in-user.ts';
import type { AuthenticatedDevice } from './plugins/device-auth.ts';

/**
 * How a route is reached: by anyone (`public`), by any signed-in user (`signed-in`), by a device
 * with its own key (`device`, the device protocol), or by holders of a feature, narrowed to some of
 * its roles where the spec draws the line finer (an action on a device, say). Every /api route must
 * say which.
 */
export type RouteAccess =
  'public' | 'signed-in' | 'device' | { feature: FeatureCode; roles?: readonly RoleCode[] };

/**
 * What a route that changes something a person asked for writes to the audit log (docs/audit.md): its
 * actions, or why it writes none (a read sent as POST, the user's own settings). Every such route must
 * say which: start-up fails otherwise.
 */
export type RouteAudit = { actions: readonly AuditAction[] } | { none: string };

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
