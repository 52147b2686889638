import { mapPosition } from '@fleet/contract';

/**
 * A square view on the equirectangular world map, in percent of the map's width and height: the map is
 * twice as wide as it is high, and so is every view, so the land keeps its shape.
 */
export interface MapView {
  left: number;
  top: number;
  span: number;
}

/** 8 % is 29° of longitude: the map's outline is drawn by hand, and closer it no longer reads as a region. */
const MIN_SPAN = 8;
/** The room left around the points, as a share of their extent on each side. */
const MARGIN = 0.25;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The view that shows every point with some room around it; the whole world without points. */
export function mapView(points: readonly { long: number; lat: number }[]): MapView {
  if (points.length === 0) return { left: 0, top: 0, span: 100 };
  const positions = points.map(mapPosition);
  const lefts = positions.map((position) => position.left);
  const tops = positions.map((position) => position.top);
  const [minLeft, maxLeft] = [Math.min(...lefts), Math.max(...lefts)];
  const [minTop, maxTop] = [Math.min(...tops), Math.max(...tops)];
  const span = clamp(Math.max(maxLeft - minLeft, maxTop - minTop) * (1 + 2 * MARGIN), MIN_SPAN, 100);
  return {
    left: clamp((minLeft + maxLeft) / 2 - span / 2, 0, 100 - span),
    top: clamp((minTop + maxTop) / 2 - span / 2, 0, 100 - span),
    span,
  };
}

/** Where a point falls in the view, in percent of the view. */
export function positionInView(view: MapView, point: { long: number; lat: number }) {
  const { left, top } = mapPosition(point);
  return { left: ((left - view.left) / view.span) * 100, top: ((top - view.top) / view.span) * 100 };
}

/** The view as an SVG view box over the map's 360 × 180 units. */
export function viewBox(view: MapView): string {
  return [view.left * 3.6, view.top * 1.8, view.span * 3.6, view.span * 1.8].join(' ');
}
