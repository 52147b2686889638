import type { FeatureCollection, Geometry, Position } from 'geojson';

/**
 * A ring that crosses the date line (Russia's far east, Fiji) jumps from 180 to -180; drawn flat, that edge
 * would cross the whole map. Its longitudes are made continuous instead, with most of the ring kept on the
 * map: Chukotka then reaches a little past 180. A ring that goes round a pole (Antarctica) stays as it is:
 * flat, its jump runs along the map's bottom edge.
 */
export function unwrapRing(ring: Position[]): Position[] {
  let shift = 0;
  let previous: number | undefined;
  const unwrapped = ring.map(([longitude = 0, ...rest]) => {
    let value = longitude + shift;
    if (previous !== undefined) {
      // From the longitude each time, not from the shifted value: no rounding builds up.
      while (value - previous > 180) value = longitude + (shift -= 360);
      while (value - previous < -180) value = longitude + (shift += 360);
    }
    previous = value;
    return [value, ...rest];
  });
  if (shift !== 0 || unwrapped.every((point, index) => point[0] === ring[index]![0])) return ring;
  const mean = unwrapped.reduce((sum, point) => sum + point[0]!, 0) / unwrapped.length;
  const offset = mean > 180 ? -360 : mean < -180 ? 360 : 0;
  return offset === 0
    ? unwrapped
    : unwrapped.map(([longitude = 0, ...rest]) => [longitude + offset, ...rest]);
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon')
    return { ...geometry, coordinates: geometry.coordinates.map((rings) => rings.map(unwrapRing)) };
  return geometry;
}

/** The shapes with no edge across the whole map (see `unwrapRing`). */
export function unwrapDateLine(collection: FeatureCollection): FeatureCollection {
  return {
    ...collection,
    features: collection.features.map((item) =>
      item.geometry ? { ...item, geometry: unwrapGeometry(item.geometry) } : item,
    ),
  };
}
