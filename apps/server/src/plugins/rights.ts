import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { canUseFeature, hasAnyRole } from '@fleet/contract';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { documentRoute } from '../lib/route-docs.ts';

const CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The product's HTTP interface: every /api route, and any other route that declares its access
 * (sign-in pages, the console's settings files). Each is documented in the OpenAPI document.
 */
function isDeclared(route: RouteOptions): boolean {
  if (route.method === 'HEAD') return false;
  return route.url.startsWith('/api/') || route.config?.access !== undefined;
}

/**
 * The one authorization hook. Every /api route declares its access; start-up fails on a route
 * that does not. No token: 401. A token without the feature (or without one of the roles a route
 * narrows it to): 403.
 */
export const rightsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!isDeclared(route)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    const audit = route.config?.audit ?? null;
    for (const method of [route.method].flat()) {
      // People's changes are audited; devices report what they are, which their own records keep.
      if (CHANGING_METHODS.includes(method) && access !== 'device' && access !== 'public' && !audit)
        throw new Error(`Route ${method} ${route.url} declares no audit`);
      app.apiRoutes.push({ method, url: route.url, access, audit });
    }
    documentRoute(route, access);
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    // Device requests carry a signature, checked by the device-auth plugin once the body is read.
    if (access === 'device') return;
    request.user = await app.authenticate(request);
    if (!request.user) throw unauthorized();
    if (access === 'signed-in') return;
    if (!canUseFeature(access.feature, request.user.roles, app.config.disabledFeatures))
      throw forbidden(`This needs the ${access.feature} feature`);
    if (access.roles && !hasAnyRole(access.roles, request.user.roles))
      throw forbidden('Your roles may not do this');
  });
});
