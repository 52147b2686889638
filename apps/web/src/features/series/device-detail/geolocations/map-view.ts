/** A part of the world in degrees: longitudes west to east, latitudes south to north. */
export interface GeoBounds {
  west: number;
  east: number;
  south: number;
  north: number;
}

export const WORLD_BOUNDS: GeoBounds = { west: -180, east: 180, south: -90, north: 90 };

/**
 * 20° is about 2,200 km from north to south: the base layer has countries only, so closer, a lone position
 * or a town's few inside a large country would show no coast or border to place them by. The user can
 * still zoom in further.
 */
export const MIN_SPAN = 20;
/** The room left around the points, as a share of their extent on each side. */
const MARGIN = 0.25;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A span around a middle, as long as it fits between the limits, moved inside them near an edge. */
function range(low: number, high: number, limitLow: number, limitHigh: number) {
  const span = Math.min(Math.max((high - low) * (1 + 2 * MARGIN), MIN_SPAN), limitHigh - limitLow);
  const start = clamp((low + high) / 2 - span / 2, limitLow, limitHigh - span);
  return [start, start + span] as const;
}

/**
 * The part of the world that shows every point with some room around it, and at least `MIN_SPAN` degrees
 * each way; the whole world without points. Points on both sides of the date line get the world's width.
 */
export function fitBounds(points: readonly { long: number; lat: number }[]): GeoBounds {
  if (points.length === 0) return WORLD_BOUNDS;
  const longs = points.map((point) => point.long);
  const lats = points.map((point) => point.lat);
  const [west, east] = range(Math.min(...longs), Math.max(...longs), -180, 180);
  const [south, north] = range(Math.min(...lats), Math.max(...lats), -90, 90);
  return { west, east, south, north };
}

export function boundsCenter(bounds: GeoBounds): [number, number] {
  return [(bounds.west + bounds.east) / 2, (bounds.south + bounds.north) / 2];
}

/**
 * How much narrower a degree of longitude is than one of latitude in the middle of the bounds: drawn so,
 * the land there keeps its shape (1 at the equator; held at 0.35 towards the poles).
 */
export function aspectScale(bounds: GeoBounds): number {
  const middle = (bounds.south + bounds.north) / 2;
  return clamp(Math.cos((middle * Math.PI) / 180), 0.35, 1);
}
