import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { unwrapDateLine, unwrapRing } from './date-line';

describe('date line', () => {
  it('leaves a ring that does not cross it as it is', () => {
    const france = [
      [-4, 48],
      [8, 49],
      [3, 43],
      [-4, 48],
    ];
    expect(unwrapRing(france)).toBe(france);
  });

  it('keeps a crossing ring in one piece, mostly on the map', () => {
    // Most of it east of 170°, a tip past the date line, as Russia's far east.
    const ring = [
      [170, 65],
      [179.9, 69],
      [-180, 68.9],
      [-175, 66],
      [-180, 65],
      [179.8, 65],
      [170, 65],
    ];
    expect(unwrapRing(ring).map((point) => point[0])).toEqual([170, 179.9, 180, 185, 180, 179.8, 170]);
    // Mostly west of it: the ring stays there, and reaches a little past -180.
    const west = unwrapRing([
      [-170, 10],
      [-179, 11],
      [179, 12],
      [-171, 12],
      [-170, 10],
    ]);
    expect(west.map((point) => point[0])).toEqual([-170, -179, -181, -171, -170]);
  });

  it('leaves a ring round a pole as it is: its jump runs along the edge of the map', () => {
    const antarctica = [
      [-180, -70],
      [0, -68],
      [180, -70],
      [180, -90],
      [-180, -90],
      [-180, -70],
    ];
    expect(unwrapRing(antarctica)).toBe(antarctica);
  });

  it('unwraps polygons and multipolygons, and keeps the rest', () => {
    const collection: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Fiji' },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [179.9, -16.5],
                  [-179.9, -16.4],
                  [-179.95, -16.6],
                  [179.9, -16.5],
                ],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'Somewhere' },
          geometry: { type: 'Point', coordinates: [1, 2] },
        },
      ],
    };
    const [fiji, point] = unwrapDateLine(collection).features;
    expect(fiji?.geometry).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [179.9, -16.5],
            [180.1, -16.4],
            [180.05, -16.6],
            [179.9, -16.5],
          ],
        ],
      ],
    });
    expect(fiji?.properties).toEqual({ name: 'Fiji' });
    expect(point).toEqual(collection.features[1]);
  });
});
