import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_CATALOGUE, ROLE_CODES, canUseFeature } from '@fleet/contract';
import type { RouteAccess } from '../src/lib/route-access.ts';
import { startTestServer, type TestServer } from './helpers.ts';

/** Fills path parameters with values of the right shape; the rights hook answers before validation anyway. */
function concretePath(url: string): string {
  return url.replace(/:userId/g, '00000000-0000-4000-8000-000000000000').replace(/:[A-Za-z]+/g, 'X1');
}

function roleLacking(feature: string): string | undefined {
  return ROLE_CODES.find((role) => !canUseFeature(feature, [role]));
}

let server: TestServer;
let routes: { method: string; url: string; access: RouteAccess }[];

beforeAll(async () => {
  server = await startTestServer();
  routes = server.app.apiRoutes;
});
afterAll(async () => server?.close());

describe('every /api route, from the server route table', () => {
  it('has routes to check', () => {
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.some((route) => route.access === 'public')).toBe(true);
  });

  it('answers 401 without a token unless it is public', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const response = await server.app.inject({
        method: route.method as 'GET',
        url: concretePath(route.url),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toEqual({ status: 401, message: expect.any(String) });
    }
  });

  it('answers 401 with a malformed or foreign token', async () => {
    const route = routes.find((r) => r.access !== 'public')!;
    for (const token of [
      'garbage',
      'a.b.c',
      'eyJhbGciOiJub25lIn0.eyJpc3MiOiJodHRwOi8vZXZpbCIsInN1YiI6IngifQ.',
    ]) {
      const response = await server.app.inject({
        method: route.method as 'GET',
        url: concretePath(route.url),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers 403 to a valid token lacking the route feature', async () => {
    const openToAll: string[] = [];
    for (const route of routes) {
      if (typeof route.access !== 'object') continue;
      const role = roleLacking(route.access.feature);
      if (!role) {
        openToAll.push(route.access.feature);
        continue;
      }
      const response = await server.app.inject({
        method: route.method as 'GET',
        url: concretePath(route.url),
        headers: { authorization: `Bearer ${await server.tokenFor(role)}` },
      });
      expect(response.statusCode, `${route.method} ${route.url} as ${role}`).toBe(403);
    }
    if (openToAll.length === 0) return;
    // A feature every role holds is lacking only where the configuration disables it.
    const disabled = await startTestServer({ DISABLED_FEATURES: [...new Set(openToAll)].join(',') });
    try {
      for (const route of disabled.app.apiRoutes) {
        if (typeof route.access !== 'object' || !openToAll.includes(route.access.feature)) continue;
        const response = await disabled.app.inject({
          method: route.method as 'GET',
          url: concretePath(route.url),
          headers: { authorization: `Bearer ${await disabled.tokenFor('administrator')}` },
        });
        expect(
          response.statusCode,
          `${route.method} ${route.url} with ${route.access.feature} disabled`,
        ).toBe(403);
      }
    } finally {
      await disabled.close();
    }
  });

  it('declares only known features', () => {
    for (const route of routes) {
      if (typeof route.access === 'object')
        expect(FEATURE_CATALOGUE.has(route.access.feature), route.url).toBe(true);
    }
  });
});
