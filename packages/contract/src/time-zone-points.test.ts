import { describe, expect, it } from 'vitest';
import { TIME_ZONE_POINTS } from './time-zone-points.ts';
import { isKnownTimeZone, mapPosition } from './time-zones.ts';

describe('time-zone map points', () => {
  it('names only zones the runtime knows, once each', () => {
    const names = TIME_ZONE_POINTS.map((point) => point.name);
    expect(names.filter((name) => !isKnownTimeZone(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('places every point inside the map', () => {
    for (const point of TIME_ZONE_POINTS) {
      const { left, top } = mapPosition(point);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left).toBeLessThanOrEqual(100);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThanOrEqual(100);
      expect(mapPosition({ long: point.long, lat: point.lat })).toEqual({ left, top });
      expect(Math.abs(point.long)).toBeLessThanOrEqual(180);
      expect(Math.abs(point.lat)).toBeLessThanOrEqual(90);
    }
  });
});
