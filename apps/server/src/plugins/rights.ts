import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { canUseFeature } from '@fleet/contract';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { RouteAccess } from '../fastify.d.ts';

function describeAccess(access: RouteAccess) {
  if (access === 'public') return { security: [] };
  if (access === 'device')
    return {
      security: [{ device: [] }],
      description: 'Device protocol: Authorization: Device <serialNumber>:<key>.',
    };
  const feature = access === 'signed-in' ? 'any signed-in user' : `feature ${access.feature}`;
  return { security: [{ bearer: [] }], description: `Needs ${feature}.` };
}

/**
 * The one authorization hook. Every /api route declares its access; start-up fails on a route
 * that does not. No token: 401. A token without the feature: 403.
 */
export const rightsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    for (const method of [route.method].flat()) app.apiRoutes.push({ method, url: route.url, access });
    if (route.schema) {
      const { security, description } = describeAccess(access);
      route.schema = {
        ...route.schema,
        security,
        description: [route.schema.description, description].filter(Boolean).join(' '),
      };
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (access === 'device') {
      request.device = await app.authenticateDevice(request);
      if (!request.device) throw unauthorized('Device key required');
      return;
    }
    request.user = await app.authenticate(request);
    if (!request.user) throw unauthorized();
    if (
      access !== 'signed-in' &&
      !canUseFeature(access.feature, request.user.roles, app.config.disabledFeatures)
    ) {
      throw forbidden(`This needs the ${access.feature} feature`);
    }
  });
});
