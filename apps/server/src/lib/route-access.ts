import type { AuditAction, FeatureCode, RoleCode } from '@fleet/contract';

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
