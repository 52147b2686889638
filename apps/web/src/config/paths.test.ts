import { describe, expect, it } from 'vitest';
import { paths, routeNamed, type RouteSpec } from './paths';

describe("the spec's route names", () => {
  it('lead to their routes, each name once', () => {
    expect(routeNamed('Jobs_Live').path).toBe('/jobs/live');
    expect(routeNamed('WarrantyCodeHome').path).toBe('/warrantycode/decode');
    expect(routeNamed('SerieDetails').path).toBe('/serie/:serialNumber');
    const names = Object.values(paths as Record<string, RouteSpec>).flatMap((route) => route.name ?? []);
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses a name no route has', () => {
    expect(() => routeNamed('Nowhere')).toThrow('no route is named Nowhere');
  });
});
