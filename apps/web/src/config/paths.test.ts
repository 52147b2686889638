import { describe, expect, it } from 'vitest';
import { usableFeatures, type RoleCode } from '@fleet/contract';
import { paths, routeNamed, startPath, type RouteSpec } from './paths';

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

describe('where / leads', () => {
  const start = (role: RoleCode) => {
    const features: readonly string[] = usableFeatures([role]);
    return startPath((feature) => feature === null || features.includes(feature));
  };

  it('leads each role to its main tool, else to the user space', () => {
    expect(start('support-user')).toBe('/series/devices');
    expect(start('dashboard-viewer')).toBe('/dashboard');
    expect(start('dashboard-editor')).toBe('/dashboard');
    expect(start('esat-stat-viewer')).toBe('/tool/statistics');
    expect(startPath(() => false)).toBe('/user-space');
  });
});
