import { describe, expect, it } from 'vitest';
import { aspectScale, boundsCenter, fitBounds, MIN_SPAN, WORLD_BOUNDS } from './map-view';

const PARIS = { long: 2.35, lat: 48.86 };
const STOCKHOLM = { long: 18.07, lat: 59.33 };

const inside = (
  bounds: ReturnType<typeof fitBounds>,
  point: { long: number; lat: number },
  share: number,
) => {
  const across = (point.long - bounds.west) / (bounds.east - bounds.west);
  const down = (bounds.north - point.lat) / (bounds.north - bounds.south);
  return across > share && across < 1 - share && down > share && down < 1 - share;
};

describe('map view', () => {
  it('shows the whole world without points', () => {
    expect(fitBounds([])).toEqual(WORLD_BOUNDS);
    expect(boundsCenter(WORLD_BOUNDS)).toEqual([0, 0]);
    expect(aspectScale(WORLD_BOUNDS)).toBe(1);
  });

  it('fits the points with room on each side, keeping them inside', () => {
    const bounds = fitBounds([PARIS, STOCKHOLM]);
    expect(bounds.east - bounds.west).toBeCloseTo((18.07 - 2.35) * 1.5);
    expect(bounds.north - bounds.south).toBe(MIN_SPAN);
    const apart = fitBounds([PARIS, { long: 151.2, lat: -33.87 }]);
    expect(apart.north - apart.south).toBeCloseTo((48.86 + 33.87) * 1.5);
    for (const point of [PARIS, STOCKHOLM]) expect(inside(bounds, point, 0.1)).toBe(true);
  });

  it('does not come closer than the minimum span, centred on a lone point or a close group', () => {
    const bounds = fitBounds([PARIS]);
    expect(bounds.east - bounds.west).toBe(MIN_SPAN);
    expect(bounds.north - bounds.south).toBe(MIN_SPAN);
    expect(boundsCenter(bounds)[0]).toBeCloseTo(PARIS.long);
    expect(boundsCenter(bounds)[1]).toBeCloseTo(PARIS.lat);
    const town = fitBounds([PARIS, { long: 2.38, lat: 48.84 }]);
    expect(town.east - town.west).toBe(MIN_SPAN);
    expect(inside(town, PARIS, 0.4)).toBe(true);
  });

  it('stays on the map near its edges', () => {
    const corner = fitBounds([{ long: 179, lat: -89 }]);
    expect(corner).toEqual({ west: 180 - MIN_SPAN, east: 180, south: -90, north: -90 + MIN_SPAN });
    const across = fitBounds([
      { long: -170, lat: 60 },
      { long: 170, lat: -60 },
    ]);
    expect([across.west, across.east]).toEqual([-180, 180]);
    expect([across.south, across.north]).toEqual([-90, 90]);
  });

  it('narrows longitudes by the latitude, so the land keeps its shape', () => {
    expect(aspectScale(fitBounds([PARIS]))).toBeCloseTo(Math.cos((48.86 * Math.PI) / 180));
    expect(aspectScale(fitBounds([{ long: 0, lat: 85 }]))).toBe(0.35);
  });
});
