import type { FeatureCode, RoleCode } from '@fleet/contract';
import type { Database } from './db/client.ts';
import type { Config } from './config.ts';
import type { SignedInUser } from './plugins/auth.ts';
import type { AuthenticatedDevice } from './plugins/device-auth.ts';

/**
 * How a route is reached: by anyone (`public`), by any signed-in user (`signed-in`), by a device
 * with its own key (`device`, the device protocol), or by holders of a feature, narrowed to some of
 * its roles where the spec draws the line finer (an action on a device, say). Every /api route must
 * say which.
 */
export type RouteAccess =
  'public' | 'signed-in' | 'device' | { feature: FeatureCode; roles?: readonly RoleCode[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Every /api route with its declared access, as registered (tests enumerate it). */
    apiRoutes: { method: string; url: string; access: RouteAccess }[];
  }
  interface FastifyRequest {
    user: SignedInUser | null;
    device: AuthenticatedDevice | null;
  }
}
